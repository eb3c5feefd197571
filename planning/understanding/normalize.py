"""Text clean-up before understanding: Slack markup, wake words, spoken forms. Pure and fast."""

import html
import re
from pathlib import Path

from planning.understanding.classifier import next_clause
from planning.understanding.message_lines import one_line
from planning.understanding.numbers import spoken_numbers_to_digits

_SLACK_MAILTO = re.compile(r"<mailto:([^|>]+)(?:\|[^>]*)?>")
_SLACK_LINK = re.compile(r"<(https?://[^|>]+)\|([^>]+)>|<(https?://[^>]+)>")
_SLACK_USER = re.compile(r"<@([A-Z0-9]+)(?:\|([^>]+))?>")
_WAKE = re.compile(
    r"^\s*(?:(?:hey|hi|ok|okay)\s+)?(?:olly|ollie|siri|alexa|google|assistant|planbot|bot|computer)\b[\s,:]*",
    re.IGNORECASE,
)
_POLITE = re.compile(
    r"^\s*(?:(?:please|pls|kindly|hey|ok|okay|so|and|also|now|then|just)\b[\s,]*"
    r"|(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?"
    r"|i\s+(?:would\s+like|'d\s+like|want|wanna|need)\s+(?:you\s+)?to\s+"
    r"|help\s+me\s+(?:to\s+)?"
    r"|(?:go\s+ahead\s+and|let's|lets)\s+)+",
    re.IGNORECASE,
)
_TRAILING_POLITE = re.compile(r"[\s,]*\b(?:please|pls|thanks|thank you|for me)\s*[.!?]*\s*$", re.IGNORECASE)
_SPOKEN_AT = re.compile(r"(\w)\s+at\s+(\w+)\s+dot\s+(com|org|net|io|co|edu)\b", re.IGNORECASE)
_SPOKEN_DOT = re.compile(r"(@[\w.-]+?)\s+dot\s+(com|org|net|io|co|edu|uk|de)\b", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u2028\u2029\ufeff]")
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


def unescape_slack(text: str) -> str:
    """Slack's ``<mailto:a@b|a@b>``, ``<http://x|label>``, ``<@U123>`` and HTML entities → plain text.

    A user mention keeps its id as ``@U123`` so that a front end can resolve it to an address.
    """
    text = _SLACK_MAILTO.sub(r"\1", text)
    text = _SLACK_LINK.sub(lambda m: m.group(2) or m.group(3) or m.group(1), text)
    text = _SLACK_USER.sub(lambda m: "@" + (m.group(2) or m.group(1)), text)
    return html.unescape(text)


def clean(text: str) -> str:
    """The request as understanding reads it: one line, no wake word, digits for spoken numbers."""
    text = _CONTROL.sub(" ", one_line(unescape_slack(text))).translate(_QUOTES)
    text = _SPACES.sub(" ", text).strip()
    text = _SPOKEN_DOT.sub(r"\1.\2", _SPOKEN_AT.sub(r"\1@\2.\3", text))
    previous = None
    while previous != text:
        previous = text
        text = _POLITE.sub("", _WAKE.sub("", text))
    text = _TRAILING_POLITE.sub("", text).strip(" ,")
    said = _said_span(text)
    if said is None:
        return spoken_numbers_to_digits(text)
    start, end = said  # the words to send stay as typed; numbers elsewhere become digits
    return spoken_numbers_to_digits(text[:start]) + text[start:end] + spoken_numbers_to_digits(text[end:])


def _said_cues() -> re.Pattern[str]:
    lines = (Path(__file__).parent / "everyday_data" / "said_cues.txt").read_text(encoding="utf-8").splitlines()
    cues = sorted((line.strip() for line in lines if line.strip() and not line.startswith("#")), key=len)
    return re.compile(r"\b(?:" + "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in reversed(cues)) + r")\s", re.I)


_SAID = _said_cues()


def _said_span(text: str) -> tuple[int, int] | None:
    """Where the text to send is: after a cue of ``said_cues.txt``, up to the next clause with its own action."""
    cue = _SAID.search(text)
    if cue is None:
        return None
    return cue.end(), next_clause(text, cue.end())
