"""The one token scanner of the understanding: a text as atoms (a run of word characters, or one other mark), glued
into tokens by a reading's rules.

Three readings share the atoms:

- ``fine`` (cue lists, ``planning.understanding.cues``): words joined by an apostrophe or by one of ``@.:/&+``
  ("we're", "1:1", "tom@acme.com", "r&d"), a number with thousands separators ("20,000"); a hyphen is no token, so
  "reply-all" reads as "reply all".
- ``joined`` (replies and values, ``planning.understanding.commands._words``): apostrophes belong to words ("james'",
  "'tis"), words joined by one of ``@.+:/-`` ("check-in", "4:30pm", "tom-lee@acme.com"); a hyphen alone is a mark.
- ``atoms`` (``planning.understanding.lead_spans``): the atoms themselves, so a word is where a word boundary puts it
  ("re:" is "re" then ":", "e-mail" is "e", "-", "mail").
- ``tagged`` (the slot tagger, ``planning.understanding.learned.tokens``): an address is one token
  ("tom.lee+x@acme.co.uk"), a word keeps its inner dots, colons, hyphens and apostrophes ("3:30pm", "e-mail",
  "don't"), a possessive "'s" is a token of its own ("jack's" is "jack", "'s"); any other mark is a token.
"""

import re
from dataclasses import dataclass
from typing import Literal

_ATOM = re.compile(r"\w+|[^\w\s]")

_FINE_JOINERS = frozenset("'’@.:/&+")
_JOINED_JOINERS = frozenset("@.+:/-")
_APOSTROPHES = frozenset("'’")

Reading = Literal["fine", "joined", "atoms", "tagged"]


@dataclass(frozen=True, slots=True)
class Token:
    word: str  # casefolded, curly apostrophes made straight
    start: int
    end: int


def scan(text: str, reading: Reading) -> tuple[Token, ...]:
    """``text`` as tokens of ``reading`` (casefolded, curly apostrophes straight), with where each came from."""
    atoms = [(m.start(), m.end()) for m in _ATOM.finditer(text)]
    readings = {
        "atoms": lambda: atoms,
        "fine": lambda: _fine(text, atoms),
        "joined": lambda: _joined(text, atoms),
        "tagged": lambda: _tagged(text),
    }
    spans = readings[reading]()
    return tuple(Token(text[start:end].casefold().replace("’", "'"), start, end) for start, end in spans)


def _word_char(char: str) -> bool:
    """A character of ``\\w``: alphanumeric or an underscore."""
    return char.isalnum() or char == "_"


def _fine(text: str, atoms: list[tuple[int, int]]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(atoms):
        start, end = atoms[index]
        if not _word_char(text[start]):
            if text[start] != "-":
                spans.append((start, end))
            index += 1
            continue
        thousands = _thousands(text, atoms, index)
        if thousands is not None:
            spans.append((start, atoms[thousands - 1][1]))
            index = thousands
            continue
        index += 1
        while _glued(text, atoms, index, _FINE_JOINERS, end):
            end = atoms[index + 1][1]
            index += 2
        spans.append((start, end))
    return spans


def _glued(text: str, atoms: list[tuple[int, int]], index: int, joiners: frozenset[str], end: int) -> bool:
    """Whether atom ``index`` is a joiner right after ``end`` with a word right after it."""
    if index + 1 >= len(atoms):
        return False
    (j_start, j_end), (w_start, _) = atoms[index], atoms[index + 1]
    return j_start == end and text[j_start] in joiners and j_end == w_start and _word_char(text[w_start])


def _thousands(text: str, atoms: list[tuple[int, int]], index: int) -> int | None:
    """The atom after a number with thousands separators starting at atom ``index`` ("20,000", "1,250.5")."""
    first = text[atoms[index][0] : atoms[index][1]]
    if not (1 <= len(first) <= 3 and _digits(first)):
        return None
    at, groups = index + 1, 0
    while at + 1 < len(atoms) and _adjacent(atoms, at - 1, at + 1) and text[atoms[at][0]] == ",":
        group = text[atoms[at + 1][0] : atoms[at + 1][1]]
        if not (len(group) == 3 and _digits(group)):
            break
        at, groups = at + 2, groups + 1
    if not groups:
        return None
    if at + 1 < len(atoms) and _adjacent(atoms, at - 1, at + 1) and text[atoms[at][0]] == ".":
        fraction = text[atoms[at + 1][0] : atoms[at + 1][1]]
        if _digits(fraction):  # "1,250.5"; not "1,000.5x", which ends before its dot
            return at + 2
    return at


def _digits(word: str) -> bool:
    return word.isdecimal()


def _adjacent(atoms: list[tuple[int, int]], before: int, after: int) -> bool:
    """Whether atoms ``before`` .. ``after`` touch, with no space between them."""
    return all(atoms[i][1] == atoms[i + 1][0] for i in range(before, after))


def _joined(text: str, atoms: list[tuple[int, int]]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(atoms):
        start, end = atoms[index]
        if not _in_piece(text, atoms[index]):
            spans.append((start, end))
            index += 1
            continue
        index, end = _piece(text, atoms, index)
        while index + 1 < len(atoms) and atoms[index][0] == end and text[atoms[index][0]] in _JOINED_JOINERS:
            after = atoms[index + 1]
            if after[0] != atoms[index][1] or not _in_piece(text, after):
                break
            index, end = _piece(text, atoms, index + 1)
        spans.append((start, end))
    return spans


def _in_piece(text: str, atom: tuple[int, int]) -> bool:
    return _word_char(text[atom[0]]) or text[atom[0]] in _APOSTROPHES


def _piece(text: str, atoms: list[tuple[int, int]], index: int) -> tuple[int, int]:
    """The atom after the run of touching word and apostrophe atoms from atom ``index``, and where the run ends."""
    end = atoms[index][1]
    index += 1
    while index < len(atoms) and atoms[index][0] == end and _in_piece(text, atoms[index]):
        end = atoms[index][1]
        index += 1
    return index, end


_ADDRESS_LOCAL = frozenset(".+'-")
_INNER_JOINERS = frozenset(".:-")


def _tagged(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(text):
        if text[index].isspace():
            index += 1
            continue
        end = _address(text, index) or _possessive(text, index) or _inner_joined(text, index) or index + 1
        spans.append((index, end))
        index = end
    return spans


def _run(text: str, index: int, extra: frozenset[str] = frozenset()) -> int:
    """Where the run of word characters (and ``extra``) from ``index`` ends."""
    while index < len(text) and (_word_char(text[index]) or text[index] in extra):
        index += 1
    return index


def _address(text: str, index: int) -> int | None:
    """Where an address starting at ``index`` ends: a local part, "@", a domain of at least two dotted parts."""
    at = _run(text, index, _ADDRESS_LOCAL)
    if at == index or at >= len(text) or text[at] != "@":
        return None
    end, parts = _run(text, at + 1, frozenset("-")), 0
    if end == at + 1:
        return None
    while end + 1 < len(text) and text[end] == "." and (_word_char(text[end + 1]) or text[end + 1] == "-"):
        end, parts = _run(text, end + 1, frozenset("-")), parts + 1
    return end if parts else None


def _possessive(text: str, index: int) -> int | None:
    """Where a possessive "'s" at ``index`` ends."""
    return index + 2 if text.startswith("'s", index) and not _word_char_at(text, index + 2) else None


def _word_char_at(text: str, index: int) -> bool:
    return index < len(text) and _word_char(text[index])


def _inner_joined(text: str, index: int) -> int | None:
    """Where a word from ``index`` ends, with the words its inner dots, colons, hyphens and apostrophes join
    ("3:30pm", "e-mail", "don't"); a possessive "'s" is not joined."""
    if not _word_char(text[index]):
        return None
    end = _run(text, index)
    while end + 1 < len(text) and _word_char(text[end + 1]):
        joiner = text[end]
        if joiner in _INNER_JOINERS or (joiner == "'" and _possessive(text, end) is None):
            end = _run(text, end + 1)
            continue
        break
    return end
