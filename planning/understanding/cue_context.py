"""Cue phrases with what may stand around them: a phrase counts only after some words ("set" at the start of a
request or after "to", "and", "then", "please", "also"), never after others ("phone book"), only before some words
("forward" before "the", "this", "it" …) or never before others ("reply" not before "from").

The phrases and the words around them are cue files (``data/cues``); a text is read as atoms, where a word boundary
puts words ("what's" is "what", "'", "s"; "e-mail" is "e", "-", "mail"), so a phrase matches as whole words do. In an
``after`` list, the line ``^`` stands for the start of the text; in a ``before`` list, ``$`` for its end. A lone
``*`` stands for any one word; a word written with ``~`` after it for any word starting so (``me~``: "me", "memo",
"meeting").
"""

from collections.abc import Iterator
from dataclasses import dataclass

from planning.understanding.cues import Cues, Found
from planning.understanding.scanner import scan

START = ("^",)
END = ("$",)


@dataclass(frozen=True, slots=True)
class Around:
    """What must (or must not) stand right before and right after a phrase."""

    after: Cues | None = None
    not_after: Cues | None = None
    before: Cues | None = None
    not_before: Cues | None = None

    def allows(self, words: tuple[str, ...], start: int, end: int) -> bool:
        return (
            (self.after is None or _ends_at(self.after, words, start))
            and (self.not_after is None or not _ends_at(self.not_after, words, start))
            and (self.before is None or _starts_at(self.before, words, end))
            and (self.not_before is None or not _starts_at(self.not_before, words, end))
        )


ANYWHERE = Around()


def _ends_at(table: Cues, words: tuple[str, ...], index: int) -> bool:
    """Whether a phrase of ``table`` ends right before token ``index`` (``^``: ``index`` is the first)."""
    return any(
        (index == 0) if phrase == START else _fits(phrase, words, index - _length(phrase))
        for phrase, _ in table.entries
    )


def _starts_at(table: Cues, words: tuple[str, ...], index: int) -> bool:
    """Whether a phrase of ``table`` starts at token ``index`` (``$``: ``index`` is past the last)."""
    return any((index == len(words)) if phrase == END else _fits(phrase, words, index) for phrase, _ in table.entries)


def _length(phrase: tuple[str, ...]) -> int:
    """How many words of a text ``phrase`` covers (``me~`` is one)."""
    return len(phrase) - phrase.count("~")


def _fits(phrase: tuple[str, ...], words: tuple[str, ...], index: int) -> bool:
    """Whether the words from token ``index`` are ``phrase`` (``*`` any word, ``word ~`` any word starting so)."""
    if index < 0 or index + _length(phrase) > len(words):
        return False
    at = index
    for place, part in enumerate(phrase):
        if part == "~":
            continue
        word = words[at]
        prefix = place + 1 < len(phrase) and phrase[place + 1] == "~"
        if not (
            (part == "*" and (word[:1].isalnum() or word[:1] == "_"))
            or (word.startswith(part) if prefix else word == part)
        ):
            return False
        at += 1
    return True


def at_around(phrases: Cues, around: Around, words: tuple[str, ...], index: int) -> Found | None:
    """The longest phrase of ``phrases`` at token ``index`` that ``around`` allows there."""
    return next(
        (
            Found(index, index + _length(phrase), value)
            for phrase, value in phrases.entries
            if _fits(phrase, words, index) and around.allows(words, index, index + _length(phrase))
        ),
        None,
    )


def find_around(phrases: Cues, around: Around, words: tuple[str, ...]) -> Iterator[Found]:
    """Every phrase of ``phrases`` in ``words`` that ``around`` allows, left to right, none overlapping; at a place,
    the longest phrase allowed there."""
    index = 0
    while index < len(words):
        found = at_around(phrases, around, words, index)
        if found is None:
            index += 1
            continue
        yield found
        index = found.end


def opens(phrases: Cues, text: str, around: Around = ANYWHERE) -> bool:
    """Whether ``text`` opens, at its first character, with a phrase of ``phrases`` that ``around`` allows there."""
    atoms = scan(text, "atoms")
    words = tuple(atom.word for atom in atoms)
    return bool(atoms) and atoms[0].start == 0 and at_around(phrases, around, words, 0) is not None


def found_in(phrases: Cues, text: str, around: Around = ANYWHERE) -> bool:
    """Whether a phrase of ``phrases`` that ``around`` allows is anywhere in ``text``."""
    return next(find_around(phrases, around, tuple(atom.word for atom in scan(text, "atoms"))), None) is not None


def spaced(phrases: Cues, text: str, start: int = 0) -> tuple[int, int] | None:
    """The first phrase of ``phrases`` with a space right before it (at or after character ``start``) and right after
    it: where those two spaces are."""
    atoms = scan(text, "atoms")
    words = tuple(atom.word for atom in atoms)
    for index, atom in enumerate(atoms):
        before = atom.start - 1
        if before < start or not text[before].isspace():
            continue
        for phrase, _ in phrases.entries:
            end = index + _length(phrase)
            if _fits(phrase, words, index) and end <= len(atoms):
                after = atoms[end - 1].end
                if after < len(text) and text[after].isspace():
                    return before, after
    return None
