"""Cue phrases as data: the words that signal a repeat, an answer to an invitation, a condition, a change of
people… live one phrase a line in ``data/cues/{name}.txt``; code matches them against a request's tokens.

A file line is a phrase, or ``phrase = value`` for a map (``bi-weekly = FREQ=WEEKLY;INTERVAL=2``); ``#`` starts a
comment. A text is read as tokens (``Words``): words with the apostrophes, dots, colons and at-signs inside them
("we're", "1:1", "4:30pm", "tom@acme.com") and single marks (",", "?"); hyphens only separate ("reply-all" reads as
"reply all", "check-in" as "check in"). Tokens are casefolded, curly apostrophes made straight; a phrase matches
whole tokens, so "maybe" never matches inside "maybeline" and "won" never matches "wonder".
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from planning.understanding.scanner import Reading, Token, scan

_DATA = Path(__file__).parent / "data" / "cues"

__all__ = ["Cues", "Found", "Token", "Words", "cues", "names"]


@dataclass(frozen=True)
class Words:
    """A text as tokens, with where each came from (values keep their case through ``text_of``)."""

    text: str
    toks: tuple[Token, ...]

    @classmethod
    def of(cls, text: str) -> "Words":
        return cls(text, scan(text, "fine"))

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.toks)

    def __len__(self) -> int:
        return len(self.toks)

    def text_of(self, start: int, end: int | None = None) -> str:
        """The text of tokens ``start`` to ``end`` (exclusive), as typed."""
        toks = self.toks[start:end]
        return self.text[toks[0].start : toks[-1].end] if toks else ""

    def char_start(self, index: int) -> int:
        """Where token ``index`` begins in the text (the end of the text past the last token)."""
        return self.toks[index].start if index < len(self.toks) else len(self.text)

    def char_end(self, index: int) -> int:
        """Where token ``index`` ends in the text."""
        return self.toks[index].end

    def rewritten(self, name: str) -> "Words":
        """The tokens with each phrase of ``data/cues/{name}.txt`` made one token, its value ("we are" → "we're"),
        spanning the text the phrase came from."""
        table, out, index = cues(name), list[Token](), 0
        while index < len(self.toks):
            found = table.at(self.words, index)
            if found is None:
                out.append(self.toks[index])
                index += 1
                continue
            out.append(Token(found.value, self.toks[found.start].start, self.toks[found.end - 1].end))
            index = found.end
        return Words(self.text, tuple(out))

    def is_word(self, index: int) -> bool:
        """Whether token ``index`` is a word, not a mark."""
        word = self.toks[index].word
        return word[:1].isalnum() or word[:1] == "_"


@dataclass(frozen=True, slots=True)
class Found:
    """A phrase found at tokens ``start`` to ``end`` (exclusive), with its value."""

    start: int
    end: int
    value: str


@dataclass(frozen=True)
class Cues:
    """The phrases of one file (longest first), each with its value (the phrase itself unless the file maps it)."""

    name: str
    entries: tuple[tuple[tuple[str, ...], str], ...]
    values: tuple[str, ...]  # every value once, in the file's order (the first wins where a reader ranks them)
    lines: tuple[tuple[str, ...], ...]  # the phrases in the file's order

    def __contains__(self, word: str) -> bool:
        """Whether ``word`` (one token, any case) is a phrase of the file."""
        return self.value((word.casefold().replace("’", "'"),)) is not None

    def value(self, words: tuple[str, ...]) -> str | None:
        """The value of the phrase that is exactly ``words``."""
        return next((value for phrase, value in self.entries if phrase == words), None)

    def at(self, words: tuple[str, ...] | Words, index: int = 0) -> Found | None:
        """The longest phrase starting at token ``index``."""
        seq = words.words if isinstance(words, Words) else words
        for phrase, value in self.entries:
            if seq[index : index + len(phrase)] == phrase:
                return Found(index, index + len(phrase), value)
        return None

    def find(self, words: tuple[str, ...] | Words, start: int = 0, end: int | None = None) -> Found | None:
        """The first phrase found from token ``start`` (ending by token ``end``), the longest at its place."""
        return next(self.find_all(words, start, end), None)

    def find_all(self, words: tuple[str, ...] | Words, start: int = 0, end: int | None = None) -> Iterator[Found]:
        """Every phrase found from token ``start``, left to right, none overlapping."""
        seq = words.words if isinstance(words, Words) else words
        seq = seq[: len(seq) if end is None else end]
        index = start
        while index < len(seq):
            found = self.at(seq, index)
            if found is None:
                index += 1
                continue
            yield found
            index = found.end
        return

    def earliest_line(self, words: tuple[str, ...] | Words) -> Found | None:
        """Of the phrases found, the one on the earliest line of the file (a file ranks its phrases by line)."""
        found = list(self.find_all(words))
        seq = words.words if isinstance(words, Words) else words
        return min(found, key=lambda f: self.lines.index(seq[f.start : f.end]), default=None)

    def ending(self, words: tuple[str, ...]) -> Found | None:
        """The longest phrase ``words`` end with."""
        for phrase, value in self.entries:
            if len(phrase) <= len(words) and words[len(words) - len(phrase) :] == phrase:
                return Found(len(words) - len(phrase), len(words), value)
        return None

    def in_text(self, text: str) -> bool:
        return self.find(Words.of(text)) is not None

    def starts(self, text: str) -> bool:
        """Whether ``text`` starts (at its first character) with one of the phrases."""
        words = Words.of(text)
        return bool(len(words)) and words.toks[0].start == 0 and self.at(words) is not None

    def past_leading(self, text: str) -> str:
        """``text`` past the phrase it starts with (after spaces), or ``text`` when it starts with none."""
        words = Words.of(text)
        found = self.at(words) if len(words) and not text[: words.char_start(0)].strip() else None
        return text if found is None else text[words.char_end(found.end - 1) :]


@cache
def cues(name: str, reading: Reading = "fine") -> Cues:
    """``data/cues/{name}.txt``, read once; its phrases as tokens of ``reading`` (``"atoms"``: where a word boundary
    puts words, "what's" is "what", "'", "s", for texts read the same way)."""
    entries: list[tuple[tuple[str, ...], str]] = []
    for line in (_DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        line = "" if line.lstrip().startswith("#") else line.split(" #", 1)[0].strip()
        if not line:
            continue
        phrase, _, value = line.partition(" = ")
        for written in _spelled_out(phrase.strip()):
            words = tuple(token.word for token in scan(written, reading))
            if words:
                entries.append((words, value.strip() or " ".join(words)))
    values = tuple(dict.fromkeys(value for _, value in entries))
    lines = tuple(phrase for phrase, _ in entries)
    entries.sort(key=lambda entry: -len(entry[0]))  # stable: among equally long phrases, the file's order
    return Cues(name, tuple(entries), values, lines)


def _spelled_out(phrase: str) -> list[str]:
    """Every phrase a line with choices stands for: ``{a|an|} {quick|short|} note`` is "a quick note", "a short
    note", "a note", "an quick note" … (an empty choice leaves the word out)."""
    return [" ".join(written.split()) for written in _choices(phrase)]


def _choices(phrase: str) -> list[str]:
    head, brace, rest = phrase.partition("{")
    if not brace:
        return [phrase]
    choices, _, tail = rest.partition("}")
    return [f"{head}{choice}{more}" for choice in choices.split("|") for more in _choices(tail)]


def names() -> tuple[str, ...]:
    """Every cue file there is."""
    return tuple(sorted(path.stem for path in _DATA.glob("*.txt")))
