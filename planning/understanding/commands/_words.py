"""Words people type, as data: one phrase a line in ``data/*.txt`` (``# comments``; ``phrase = value`` for a map),
and the token scanner that matches them against a reply.

A reply is scanned into tokens (words, addresses, times such as "4:30pm", single punctuation marks); a phrase
matches whole tokens, case-insensitively, so "no" never matches "now" and "cancel" never matches "cancelled".
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from planning.understanding.commands._emoji import joined
from planning.understanding.scanner import Token, scan

_DATA = Path(__file__).parent / "data"

__all__ = ["Phrases", "Reply", "Token", "phrases", "phrases_in", "tokens"]


def tokens(text: str) -> tuple[Token, ...]:
    """``text`` as tokens: words with the dots, at-signs, colons and hyphens inside addresses, times and names, or
    one mark (``planning.understanding.scanner``, the ``joined`` reading); an emoji with the marks typed with it is one
    token (:mod:`._emoji`)."""
    return joined(text, scan(text, "joined"))


def _split(phrase: str) -> tuple[str, ...]:
    return tuple(t.word for t in tokens(phrase))


@dataclass(frozen=True)
class Phrases:
    """A list of phrases (longest first), each with its value (the phrase itself unless the file maps it)."""

    entries: tuple[tuple[tuple[str, ...], str], ...]

    def value(self, words: tuple[str, ...]) -> str | None:
        """The value of the phrase that is exactly ``words``."""
        return next((value for phrase, value in self.entries if phrase == words), None)

    def at(self, words: tuple[str, ...], index: int = 0) -> tuple[int, str] | None:
        """The longest phrase starting at token ``index``: (its length in tokens, its value)."""
        for phrase, value in self.entries:
            if phrase and words[index : index + len(phrase)] == phrase:
                return len(phrase), value
        return None

    def ending(self, words: tuple[str, ...]) -> tuple[int, str] | None:
        """The longest phrase that ``words`` ends with: (its length in tokens, its value)."""
        for phrase, value in self.entries:
            if phrase and len(phrase) <= len(words) and words[len(words) - len(phrase) :] == phrase:
                return len(phrase), value
        return None


@cache
def phrases(name: str) -> Phrases:
    """``data/{name}.txt``, read once."""
    return phrases_in(_DATA / f"{name}.txt")


def phrases_in(path: Path) -> Phrases:
    """A phrase file (one phrase a line, ``# comments``, ``phrase = value`` for a map), longest phrases first."""
    entries: list[tuple[tuple[str, ...], str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split(" #", 1)[0].strip() if not line.startswith("#") else ""
        if not line:
            continue
        phrase, _, value = line.partition(" = ")
        entries.append((_split(phrase.strip()), value.strip() or phrase.strip()))
    entries.sort(key=lambda entry: -len(entry[0]))
    return Phrases(tuple(entries))


@dataclass(frozen=True)
class Reply:
    """A reply as tokens, with the text each token came from (values keep their case)."""

    text: str
    toks: tuple[Token, ...]

    @classmethod
    def of(cls, text: str) -> "Reply":
        toks = tokens(text)
        while toks and toks[-1].word in _END_MARKS:  # "yes!", "cancel.", "ok?"
            toks = toks[:-1]
        return cls(text, toks)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(t.word for t in self.toks)

    def rest(self, index: int, end: int | None = None) -> str:
        """The text from token ``index`` (to token ``end``), as typed."""
        toks = self.toks[index:end]
        return self.text[toks[0].start : toks[-1].end].strip() if toks else ""

    def is_one_of(self, name: str, *, objects: bool = False, things: bool = False) -> str | None:
        """The value of the phrase of ``data/{name}.txt`` the whole reply is (followed by an object word, such as
        "it" or "this step", when ``objects``; or by one word naming the thing, "the email", when ``things``)."""
        words = self.words
        found = phrases(name).value(words)
        if found is not None or not objects:
            return found
        head = phrases(name).at(words)
        if head is None:
            return None
        tail = words[head[0] :]
        if tail and phrases("objects").value(tail) is not None:
            return head[1]
        named = phrases("determiners").at(tail) if things else None  # "skip the email": one word names it
        return head[1] if named is not None and len(tail) == named[0] + 1 and tail[-1].isalpha() else None

    def end_before(self, start: int, *names: str) -> int:
        """Where the words from token ``start`` end without the phrases of ``data/{name}.txt`` trailing them, as
        many as there are ("4pm instead please" → "4pm"), and trailing commas."""
        words, end = self.words, len(self.words)
        trimmed = True
        while trimmed:
            trimmed = False
            while end > start and words[end - 1] == ",":
                end, trimmed = end - 1, True
            for name in names:
                tail = phrases(name).ending(words[start:end])
                if tail is not None and end - tail[0] > start:
                    end, trimmed = end - tail[0], True
        return end

    def last_sentence(self) -> str | None:
        """The words after the last mark that ends a sentence inside the reply ("john can't do it. undo that" →
        "undo that"); None for a reply of one sentence."""
        marks = [i for i, t in enumerate(self.toks) if t.word in _END_MARKS or t.word == ";"]
        if not marks or marks[-1] + 1 >= len(self.toks):
            return None
        return self.rest(marks[-1] + 1)

    def first_sentence(self) -> "Reply | None":
        """The words before the first mark that ends a sentence inside the reply ("skip the email. just book the
        kickoff" → "skip the email"); None for a reply of one sentence."""
        cut = next((i for i, t in enumerate(self.toks) if t.word in _END_MARKS or t.word == ";"), None)
        if cut is None or cut == 0 or cut + 1 >= len(self.toks):
            return None
        return Reply(self.text[: self.toks[cut - 1].end], self.toks[:cut])

    def before_reason(self) -> "Reply | None":
        """The reply up to the reason said with it ("skip the email, i'll tell him in person" → "skip the email"),
        None when it gives no reason (data/reason_marks.txt)."""
        words = self.words
        marks = phrases("reason_marks")
        cut = next((index for index in range(1, len(words)) if marks.at(words, index) is not None), None)
        if cut is None:
            return None
        return Reply(self.text[: self.toks[cut - 1].end], self.toks[:cut])

    def after(self, *names: str, start: int = 0) -> int:
        """The token index after any phrases of the files ``names`` found one after the other from ``start``."""
        index, words = start, self.words
        moved = True
        while moved:
            moved = False
            for name in names:
                found = phrases(name).at(words, index)
                while found is not None and index + found[0] < len(words):
                    index += found[0]
                    moved = True
                    while index < len(words) and words[index] in (",", ":"):
                        index += 1
                    found = phrases(name).at(words, index)
        return index


_END_MARKS = frozenset({".", "!", "?"})
