"""Tokens of a request with their character offsets: the units the slot tagger labels (the scanner's ``tagged``
reading, :mod:`planning.understanding.scanner`).

A format, not phrasing: an address is one token, a word keeps its inner dots, colons, hyphens and apostrophes
("3:30pm", "1:1", "don't", "e-mail"), a possessive "'s" is a token of its own ("jack's" → "jack", "'s"), any
other character that is not a space is a token ("w/dana" → "w", "/", "dana").
"""

from dataclasses import dataclass

from planning.understanding.scanner import scan


@dataclass(frozen=True, slots=True)
class Token:
    text: str  # as typed
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    return [Token(text[t.start : t.end], t.start, t.end) for t in scan(text, "tagged")]
