"""Which of several values found for a field the text means: scored by the words around them, or none.

A value's score, from the words of its own sentence:
    +4  a word naming the field right before it ("starts", "venue", "phone" within four words)
    +1  a weak label right before it ("on", "at", "in", "from")
    +2  a word of the field's name elsewhere in the sentence
    +1  a word of the instructions in the sentence
    -3  a deadline word right before it ("by", "until", "RSVP", "due"), unless the field is a deadline or an end:
        then it names the field (+4)
The best score wins; among values with that score the earliest item (a list is read in order: emails newest
first) decides, and two different values there are ambiguous: no value.
"""

import bisect
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

Span = tuple[int, int]

_NAME_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n")
_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(words.split())
    for words in (
        "start begin kick commence",
        "end finish",
        "due deadline",
        "location venue place where address room",
        "duration length long last take",
        "email mail e-mail",
        "phone tel telephone mobile cell call",
        "amount total price cost budget worth value",
        "count number attendee guest people participant",
        "title subject topic",
    )
)
_WEAK: dict[str, frozenset[str]] = {
    "start": frozenset({"on", "at", "from"}),
    "date": frozenset({"on"}),
    "time": frozenset({"at"}),
    "location": frozenset({"at", "in"}),
    "end": frozenset({"until", "till", "to"}),
}
_DEADLINE = frozenset({"by", "until", "till", "before", "due", "deadline", "rsvp", "later"})
_DEADLINE_FIELDS = frozenset({"due", "deadline", "end", "until", "finish", "expire", "expiry", "close", "closing"})
_STOP = frozenset(
    "the a an of to in on at for and or with from by is are be it its this that these those my our your their "
    "me us him her them what which when where who how all any each out about into please email emails".split()
)


@functools.lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A crude stem, enough to match "starts", "starting" and "start", "attendees" and "attendee"."""
    w = word.lower().removesuffix("'s")
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w


@dataclass(frozen=True, slots=True)
class Hints:
    """The words that point at one field, as stems."""

    label: frozenset[str]  # the field's name words and their synonyms
    weak: frozenset[str]  # prepositions that introduce such a value
    asked: frozenset[str]  # content words of the instructions
    deadline_ok: bool  # "by Friday" fits the field (a deadline or an end)


def hints_for(name: str, instructions: str | None) -> Hints:
    words = {stem(w) for w in _NAME_PARTS.findall(name)}
    label = {w for w in words if len(w) >= 3}
    for group in _GROUPS:
        if label & group:
            label |= group
    weak = frozenset().union(*(_WEAK.get(w, frozenset()) for w in words | label))
    deadline = bool(words & _DEADLINE_FIELDS)
    if deadline:
        label |= _DEADLINE
    asked = {stem(w) for w in _WORD.findall(instructions or "") if w.lower() not in _STOP and len(w) >= 3}
    return Hints(frozenset(label), weak, frozenset(asked - label), deadline)


@dataclass(frozen=True, slots=True)
class Found:
    """A value found in one item's text. ``value`` None: the text says something here that is not a valid
    value (a date that does not exist), which competes like a value and wins as "no value"."""

    value: Any
    span: Span
    key: str = ""  # what makes two values the same ("" → the value itself)
    adjust: int = 0  # the finder's own preference (a duration derived from a time range: -1)

    @property
    def identity(self) -> str:
        return self.key or repr(self.value)


@functools.lru_cache(maxsize=128)
def _sentence_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in _SENTENCE_END.finditer(text))]


def sentence_of(text: str, span: Span) -> Span:
    """The sentence (or line) around ``span``, up to the end of the sentence it ends in."""
    starts = _sentence_starts(text)
    start = starts[bisect.bisect_right(starts, span[0]) - 1]
    after = bisect.bisect_right(starts, span[1] - 1 if span[1] > span[0] else span[1])
    end = starts[after] - 1 if after < len(starts) else len(text)
    return start, max(end, span[1])


@functools.lru_cache(maxsize=1024)
def _stems(text: str, lo: int, hi: int) -> frozenset[str]:
    return frozenset(stem(w) for w in _WORD.findall(text, lo, hi))


def score(text: str, found: Found, hints: Hints) -> int:
    """How strongly the words around ``found`` say it is this field's value (see the module docstring)."""
    lo, hi = sentence_of(text, found.span)
    before = [stem(w) for w in _WORD.findall(text[max(lo, found.span[0] - 40) : found.span[0]])][-4:]
    after = [stem(w) for w in _WORD.findall(text[found.span[1] : min(hi, found.span[1] + 24)])][:2]
    sentence = _stems(text, lo, hi)
    total = found.adjust
    if hints.label & {*before, *after}:
        total += 4
    elif hints.weak & set(before[-2:]):
        total += 1
    if hints.label & sentence:
        total += 2
    if hints.asked & sentence:
        total += 1
    if not hints.deadline_ok and _DEADLINE & set(before[-2:]):
        total -= 3
    return total


def choose(scored: Iterable[tuple[int, int, Found]]) -> Any:
    """The value among ``(item index, score, found)``: the best score, the earliest item, one value or None."""
    ranked = list(scored)
    if not ranked:
        return None
    best = max(s for _, s, _ in ranked)
    top = [(i, f) for i, s, f in ranked if s == best]
    first = min(i for i, _ in top)
    values = {f.identity: f.value for i, f in top if i == first}
    return next(iter(values.values())) if len(values) == 1 else None
