"""Conditions on the calendar that decide whether an action runs (contract §2.6 ``run_if``).

"if my Thursday 11am is open, set up a meeting with Priya", "book it at 3 if I'm free", "book it at 9, or at 3 if 9
is taken": the condition is split off the request before the goals are read; it becomes a check of that time on the
calendar and ``run_if`` on the action, not a goal of its own (contract §2.1).
"""

import re
from dataclasses import dataclass

_FREE = re.compile(
    r"\b(?:free|open|available|clear|empty|nothing (?:is )?(?:on|booked|scheduled|planned)|"
    r"no (?:meetings?|events?|conflicts?|clash(?:es)?)|(?:don't|do not|dont) have anything|haven't got anything)\b",
    re.I,
)
_BUSY = re.compile(
    r"\b(?:taken|busy|booked|occupied|blocked|full|unavailable|"
    r"have (?:a|an|something|anything) (?:on|booked|scheduled)|something (?:is )?on|(?:a )?conflict|clash(?:es)?)\b",
    re.I,
)
_LEADING = re.compile(
    r"^(?P<word>(?:only )?if|unless|provided(?: that)?|as long as|assuming)\s+(?P<cond>.+?),\s*"
    r"(?:then\s+)?(?P<action>.+)$",
    re.I,
)
_ACTION_START = (
    r"(?:please\s+)?(?:book|schedule|set up|set|add|create|put|send|e-?mail|move|cancel|decline|accept|invite|"
    r"arrange|organi[sz]e|block|reply|forward|delete|remove|make|pencil in|plan)\b"
)
_LEADING_NO_COMMA = re.compile(
    r"^(?P<word>(?:only )?if|unless)\s+(?P<cond>.+?)\s+(?:then\s+)?(?P<action>" + _ACTION_START + r".*)$", re.I
)
_TRAILING = re.compile(
    r"^(?P<action>.+?),?\s+(?:but\s+)?(?P<word>(?:only )?if|unless|provided(?: that)?|as long as)\s+"
    r"(?P<cond>.+?)[.!?]?$",
    re.I,
)
_FALLBACK = re.compile(
    r"^(?P<action>.+?),?\s+(?:or|otherwise|else)\s+(?P<alt>(?:at|on|for)\s+.+?)\s+if\s+(?P<cond>.+?)[.!?]?$", re.I
)


@dataclass(frozen=True, slots=True)
class CalendarCondition:
    """A check of the calendar: ``text`` names the time; the action runs when that time is free (``wants_free``)
    or when it is taken."""

    text: str
    wants_free: bool


@dataclass(frozen=True, slots=True)
class Guarded:
    """A request split into the action and what guards it. ``fallback`` is the other time of "X at 9, or at 3 if
    9 is taken": the action at ``fallback`` runs when ``condition`` (9 is taken) holds and that time is free."""

    action: str
    condition: CalendarCondition | None = None
    fallback: str | None = None


_CONDITION_START = re.compile(r"(?:,\s*|\s+)(?:and\s+|then\s+|but\s+)?(?=(?:only\s+)?if\b|unless\b)", re.I)


def split_segments(text: str) -> list[Guarded]:
    """The request cut before each "if"/"unless" that starts a calendar condition ("check Thursday, and if I'm
    free at 2 book it"), each part with its own condition."""
    cuts = [m for m in _CONDITION_START.finditer(text) if m.start() > 0]
    parts, last = [], 0
    for cut in cuts:
        candidate = split_condition(text[cut.end() :])
        if candidate.condition is None:
            continue
        parts.append(text[last : cut.start()])
        last = cut.end()
    parts.append(text[last:])
    segments = [split_condition(part.strip(" ,;")) for part in parts if part.strip(" ,;")]
    return segments or [Guarded(text)]  # only punctuation: the request as it is


def split_condition(text: str) -> Guarded:
    """The action and its calendar condition; a request with no such condition comes back whole."""
    fallback = _FALLBACK.match(text)
    if fallback:
        condition = _read(fallback.group("cond"), negated=False)
        if condition is not None and not condition.wants_free:
            return Guarded(fallback.group("action").strip(), condition, fallback.group("alt").strip())
    found: list[Guarded] = []
    for pattern in (_LEADING, _LEADING_NO_COMMA, _TRAILING):
        match = pattern.match(text)
        if match is None:
            continue
        condition = _read(match.group("cond"), negated=match.group("word").lower() == "unless")
        if condition is not None:
            found.append(Guarded(match.group("action").strip(), condition))
    # "if I'm free at 2 book a call, then email her": the condition ends where the first action starts
    return min(found, key=lambda g: len(g.condition.text) if g.condition else 0, default=Guarded(text))


_NOTHING = re.compile(
    r"\b(?:nothing|no (?:meetings?|events?|conflicts?|clash(?:es)?)|(?:don't|do not|dont) have anything|"
    r"haven't got anything)\b",
    re.I,
)
_NOT_FREE = re.compile(r"\b(?:not|isn't|is not|aren't|am not|i'm not) (?:free|open|available|clear)\b", re.I)
_NOT_BUSY = re.compile(r"\b(?:not|isn't|is not|aren't|am not|i'm not) (?:busy|taken|booked|blocked)\b", re.I)


def _read(text: str, *, negated: bool) -> CalendarCondition | None:
    """A condition about free or taken time; None for any other condition ("if John agrees")."""
    if _NOTHING.search(text):
        free = True
    elif _NOT_FREE.search(text):
        free = False
    elif _NOT_BUSY.search(text):
        free = True
    elif _BUSY.search(text):
        free = False
    elif _FREE.search(text):
        free = True
    else:
        return None
    return CalendarCondition(text.strip(), wants_free=free != negated)


_NAMES_A_DAY = re.compile(
    r"\b(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|today|tonight|tomorrow|next|this|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|\d{1,2}/\d{1,2}|\d{4}-\d{2}-\d{2})\b",
    re.I,
)


def names_a_day(text: str) -> bool:
    """Whether a time expression says which day (a bare "10" or "3pm" does not: it takes the action's day)."""
    return _NAMES_A_DAY.search(text) is not None
