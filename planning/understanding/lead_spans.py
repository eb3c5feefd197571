"""A stretch of a request introduced by lead words and ended by end words, a mark or the end of the line: the topic
after "about", a meeting's purpose after "to go over". The words are cue files (``data/cues``); this module holds
only the order: a lead, spaces, then the stretch, up to the first end.

A text is read as atoms (``planning.understanding.scanner``): a word is where a word boundary puts it, so a lead
never starts inside a word ("re" is not in "read"), and an end word must be the whole word ("today", not
"todays").
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from planning.understanding.cues import Cues
from planning.understanding.scanner import Token, scan

# the space between the words of a lead: exactly one space, or any run of spaces (tabs and line breaks too)
Gap = Literal["one space", "spaces"]


@dataclass(frozen=True)
class Atoms:
    """A text and its atoms."""

    text: str
    toks: tuple[Token, ...]

    @classmethod
    def of(cls, text: str) -> "Atoms":
        return cls(text, scan(text, "atoms"))

    def is_word(self, index: int) -> bool:
        char = self.text[self.toks[index].start]
        return char.isalnum() or char == "_"

    def spaced(self, before: int, after: int, gap: Gap) -> bool:
        """Whether atoms ``before`` and ``after`` are apart by ``gap`` (a mark touches the word it follows)."""
        between = self.text[self.toks[before].end : self.toks[after].start]
        if not (self.is_word(before) and self.is_word(after)):
            return between == ""
        return between == " " if gap == "one space" else bool(between) and between.isspace()

    def phrase_end(self, phrases: Cues, index: int, gap: Gap) -> int | None:
        """The atom after the longest phrase of ``phrases`` at atom ``index``."""
        return next(self.phrase_ends(phrases, index, gap), None)

    def phrase_ends(self, phrases: Cues, index: int, gap: Gap) -> Iterator[int]:
        """The atom after each phrase of ``phrases`` at atom ``index``, the longest first."""
        for phrase, _ in phrases.entries:
            end = index + len(phrase)
            if end > len(self.toks) or tuple(t.word for t in self.toks[index:end]) != phrase:
                continue
            if all(self.spaced(at, at + 1, gap) for at in range(index, end - 1)):
                yield end

    def after_spaces(self, index: int) -> int | None:
        """The atom after atom ``index - 1`` when spaces (one at least) come between them."""
        if index >= len(self.toks) or index == 0:
            return None
        between = self.text[self.toks[index - 1].end : self.toks[index].start]
        return index if between and between.isspace() else None

    def atom_at(self, char: int) -> int | None:
        """The atom that starts at character ``char``."""
        return next((i for i, tok in enumerate(self.toks) if tok.start == char), None)


@dataclass(frozen=True, slots=True)
class Stretch:
    lead: int  # where the lead starts
    start: int  # where the stretch starts
    end: int  # where it ends
    colon: bool  # whether a colon came between the lead and the stretch


@dataclass(frozen=True)
class LeadSpan:
    """The stretch after the phrases of the cue lists ``leads`` (one after the other, spaces between; with ``colon``,
    a colon may follow them), up to the first of: a phrase of the cue list ``ends`` after spaces, a character of
    ``marks``, the end of the text."""

    leads: tuple[Cues, ...]
    ends: Cues
    marks: str
    gap: Gap
    colon: bool = False
    dash: bool = False  # whether a dash between spaces ends the stretch too ("to rehearse the demo - she asked")

    def find(self, text: str) -> Stretch | None:
        """The first lead with a stretch. The stretch starts after the spaces (and the colon) that follow the longest
        lead; where that gives none, after fewer spaces, then after a shorter lead ("to prep for" is also "to prep",
        the stretch "for")."""
        atoms = Atoms.of(text)
        for index in range(len(atoms.toks)):
            for lead_end in self._lead_ends(atoms, index, self.leads):
                for start, colon in self._starts(text, lead_end):
                    end = self._end(text, atoms, start)
                    if end is not None:
                        return Stretch(atoms.toks[index].start, start, end, colon)
        return None

    def _lead_ends(self, atoms: Atoms, index: int, leads: tuple[Cues, ...]) -> Iterator[int]:
        """Where the leads starting at atom ``index`` end (the longest first)."""
        if index >= len(atoms.toks) or not atoms.is_word(index):
            return
        for end in atoms.phrase_ends(leads[0], index, self.gap):
            if len(leads) == 1:
                yield atoms.toks[end - 1].end
            elif atoms.after_spaces(end) is not None:
                yield from self._lead_ends(atoms, end, leads[1:])

    def _starts(self, text: str, lead_end: int) -> Iterator[tuple[int, bool]]:
        """Where the stretch may start after a lead ending at ``lead_end``, in the order tried: after all the spaces
        (one at least), then after fewer; with ``colon``, spaces may come before a colon too."""
        spaces = _spaces(text, lead_end)
        if not self.colon:
            yield from ((lead_end + taken, False) for taken in range(spaces, 0, -1))
            return
        for before in range(spaces, -1, -1):
            at = lead_end + before
            if text[at : at + 1] == ":":
                yield from ((at + 1 + taken, True) for taken in range(_spaces(text, at + 1), 0, -1))
            yield from ((at + taken, False) for taken in range(spaces - before, 0, -1))

    def _end(self, text: str, atoms: Atoms, start: int) -> int | None:
        """Where the stretch from character ``start`` ends (one character at least, on one line)."""
        if start >= len(text) or text[start] == "\n":
            return None
        for char in range(start + 1, len(text) + 1):
            if char == len(text) or text[char] in self.marks:
                return char
            if text[char].isspace() and (self._ends_at(atoms, char) or (self.dash and _spaced_dash(text, char))):
                return char
            if text[char] == "\n":
                return char if char == len(text) - 1 else None
        return None

    def _ends_at(self, atoms: Atoms, char: int) -> bool:
        """Whether a phrase of ``ends`` follows the spaces at character ``char``."""
        rest = atoms.text[char:]
        after = atoms.atom_at(char + len(rest) - len(rest.lstrip()))
        return after is not None and atoms.phrase_end(self.ends, after, "one space") is not None


def _spaced_dash(text: str, char: int) -> bool:
    """Whether a dash set off by spaces follows the spaces at character ``char`` (not "follow-up")."""
    rest = text[char:].lstrip(" ")
    return rest[:1] in _DASHES and rest[1:2].isspace()


_DASHES = frozenset("-–—")


def _spaces(text: str, char: int) -> int:
    """How many spaces (tabs, line breaks) start at character ``char``."""
    rest = text[char:]
    return len(rest) - len(rest.lstrip())
