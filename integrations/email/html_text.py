"""HTML mail as readable text, with inscriptis (the one module that imports it).

inscriptis lays the text out as a browser would show it (paragraphs and line breaks kept, list items bulleted,
table cells side by side, scripts and styles dropped, entities decoded), where stripping tags runs words together.
It is imported on first use, so starting planbot does not pay for lxml.
"""

import html
import logging
import re

logger = logging.getLogger(__name__)
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]+>", re.IGNORECASE | re.DOTALL)
_BLANK_LINES = re.compile(r"\n{3,}")


def html_to_text(markup: str) -> str:
    """The text a reader sees in ``markup``; trailing spaces and runs of blank lines trimmed."""
    if not markup.strip():
        return ""
    from inscriptis import get_text  # type: ignore[import-untyped]

    try:
        text = str(get_text(markup))
    except Exception as error:  # any parser failure: fall back to plain tag stripping
        logger.info("HTML mail could not be laid out (%s); its tags are stripped instead", error.__class__.__name__)
        text = html.unescape(_TAG.sub(" ", markup))
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip("\n")
