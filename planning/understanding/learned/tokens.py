"""Tokens of a request with their character offsets: the units the slot tagger labels.

A format, not phrasing: an address is one token, a word keeps its inner dots, colons, hyphens and apostrophes
("3:30pm", "1:1", "don't", "e-mail"), a possessive "'s" is a token of its own ("jack's" → "jack", "'s"), any
other character that is not a space is a token ("w/dana" → "w", "/", "dana").
"""

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+|'s\b|\w+(?:[.:\-]\w+|'(?!s\b)\w+)*|[^\w\s]", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
