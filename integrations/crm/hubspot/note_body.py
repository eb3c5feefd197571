"""A note's body: HubSpot keeps it as HTML (``hs_note_body``). Plain text is written escaped, one line per line;
HTML from HubSpot's editor is read as plain text (paragraphs and breaks as new lines, entities decoded)."""

import html
import re

_BREAK = re.compile(r"<br\s*/?>|</(?:p|div|li|h[1-6])\s*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def to_html(text: str) -> str:
    return "<br>".join(html.escape(line, quote=False) for line in text.split("\n"))


def to_text(markup: str) -> str:
    lines = html.unescape(_TAG.sub("", _BREAK.sub("\n", markup))).split("\n")
    return "\n".join(line.rstrip() for line in lines).strip()
