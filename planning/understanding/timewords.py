"""Helpers for ``timeexpr``: vocabulary, compiled patterns, clock and calendar arithmetic, lengths of time.

Calendar rule: datetimes are always built from wall-clock fields with the caller's tzinfo (so the UTC offset
is the one in force on that date); elapsed-time arithmetic ("in 2 hours") is done in UTC. Lengths of time
("30 minutes", "push back by an hour") are found here: ``find_duration`` and ``find_shift`` (re-exported by
``timeexpr``).
"""

from __future__ import annotations

import calendar
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import Final

from planning.understanding.cues import Cues, Words, cues

FLAGS: Final = re.IGNORECASE | re.ASCII


def _numbered(table: Cues) -> dict[str, int]:
    """The words of a cue list mapped to numbers (``january = 1``), in the file's order."""
    return {phrase[0]: int(value) for phrase, value in sorted(table.entries, key=lambda e: table.lines.index(e[0]))}


def _first_names(numbered: dict[str, int]) -> tuple[str, ...]:
    """The first word the list gives each number, in the numbers' order: the whole names."""
    first: dict[int, str] = {}
    for word, number in numbered.items():
        first.setdefault(number, word)
    return tuple(first[number] for number in sorted(first))


# Month and weekday names and their shortenings are data: data/cues/months.txt and weekdays.txt.
MONTHS: Final[dict[str, int]] = _numbered(cues("months"))
MONTH_NAMES: Final = tuple(name.capitalize() for name in _first_names(MONTHS))
DAY_NAMES: Final = _first_names(_numbered(cues("weekdays")))
# Only a whole name said in the plural repeats ("on Thursdays"); an abbreviation ending in s ("tues", "thurs",
# "weds") is the name of one day (contract §2.4, v3).
PLURAL_WEEKDAYS: Final = frozenset(f"{day}s" for day in DAY_NAMES)
WEEKDAYS: Final[dict[str, int]] = {
    **{day: number for number, day in enumerate(DAY_NAMES)},
    # "on Thursdays": a repeating day, first on the next one
    **{f"{day}s": number for number, day in enumerate(DAY_NAMES)},
    **_numbered(cues("weekdays")),
}
# Abbreviations that are also ordinary words: only taken with "this/next/last/on ..." or a time after them, or
# joined to another day ("sat or sun", "mon-thurs"). Not "wed": in a request it is the day, never the verb.
RISKY_WEEKDAYS: Final = frozenset(phrase[0] for phrase, _ in cues("risky_weekdays").entries)
# Parts of the day as [start, end) minutes after midnight ("night" is read as the evening).
PARTS: Final[dict[str, tuple[int, int]]] = {
    "morning": (480, 720),
    "afternoon": (720, 1020),
    "evening": (1020, 1260),
    "night": (1020, 1260),
}
NUMBER_WORDS: Final[dict[str, float]] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "forty five": 45,
    "fifty": 50,
    "sixty": 60,
    "ninety": 90,
    "a couple of": 2,
    "couple of": 2,
    "a couple": 2,
    "a few": 3,
    "few": 3,
}
_UNIT_MINUTES: Final[dict[str, int]] = {"m": 1, "h": 60, "d": 1440, "w": 10080, "o": 43200}
# Units of a length of time → their letter (m, h, d, w, o = month): data/cues/time_units.txt.
UNIT_LETTERS: Final[dict[str, str]] = {phrase[0]: letter for phrase, letter in cues("time_units").entries}


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of literal words, longest first, spaces matching any whitespace."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, FLAGS)


MONTH_ANY: Final = alternation(MONTHS)
MONTH_FULL: Final = alternation([m for m in MONTHS if len(m) > 4 or m in ("may", "june", "july")])
WEEKDAY_ANY: Final = alternation(WEEKDAYS)
NUM_WORDS: Final = alternation(NUMBER_WORDS)
AMPM: Final = r"(?:[ap](?:m\b|\.m\b\.?))"


# Words that, right after a number, show it is not a clock time ("at 5 people", "by 2 hours").
def unit_words(letters: str, *, shortest: int = 1) -> str:
    """The unit words of ``letters`` (``"mh"``: minutes and hours) from ``shortest`` letters on, as a group."""
    return rf"(?:{alternation(w for w, letter in UNIT_LETTERS.items() if letter in letters and len(w) >= shortest)})\b"


NOT_CLOCK: Final = (
    rf"(?:%|[-–/]\s*\d|(?:k|x|st|nd|rd|th|m|b|mm|bn|{alternation(UNIT_LETTERS)}|years?"
    r"|times?|seconds?|secs?|percent|people|persons?|ppl|guests?|attendees|of|out|dollars?|usd|eur|gbp"
    r"|bucks|items?|units?|emails?|messages?|meetings?|calls?|tasks?|deals?|contacts?|leads?|accounts?"
    r"|tickets?|points?|slots?|more|per|and\s+a\s+half)\b)"
)
# Digits glued to other tokens ("Q3", "v2.1", "1/2", "$5", "#4") are not read as times.
NUM_START: Final = r"(?<![\w.:/$£€#\-])"
DIGIT_START: Final = r"\d(?<![\w.:/$£€#\-]\d)"  # the same, written digit-first (a faster scan)
DURATION_UNITS: Final = unit_words("mhd")
TIME_UNITS: Final = unit_words("mhdwo")


def _length_adjectives() -> str:
    """The words of ``data/length_adjectives.txt`` as alternatives ("a free hour" is an hour)."""
    path = Path(__file__).parent / "data" / "length_adjectives.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return "|".join(re.escape(w.strip()) for w in lines if w.strip() and not w.lstrip().startswith("#"))


_ADJ: Final = _length_adjectives()


def qty_pattern(units: str) -> str:
    """A length of time: "30 minutes", "an hour and a half", "1.5 hrs", "2-hour", "half an hour", "1h30"."""
    return (
        r"(?:(?P<qhalf>half\s+an?\s+hour|half[\s-]hour|(?:a\s+)?quarter\s+(?:of\s+)?an?\s+hour)\b"
        r"|(?P<qhh>\d{1,2})h(?P<qhm>\d{2})m?\b"
        rf"|(?:(?P<qn>\d{{1,4}}(?:\.\d{{1,2}})?)\s*-?\s*|(?P<qw>{NUM_WORDS})(?:\s+|\s*-\s*))(?:(?:{_ADJ})\s+)?"
        rf"(?P<qu>{units})"
        rf"(?:(?P<qand>\s+and\s+a\s+half)\b|,?\s+(?:and\s+)?(?P<qm>\d{{1,2}})\s*{unit_words('m')})?)"
    )


def number_word(word: str) -> float:
    """The value of a small number word ("a" = 1, "a couple of" = 2), 0 when unknown."""
    return NUMBER_WORDS.get(" ".join(word.lower().split()), 0.0)


def qty_value(m: re.Match[str]) -> tuple[float, str] | None:
    """(amount, unit letter m/h/d/w/o) of a ``qty_pattern`` match, or None when it is not a length."""
    if m["qhalf"]:
        return (15.0 if "quarter" in m["qhalf"].lower() else 30.0), "m"
    if m["qhh"]:
        return int(m["qhh"]) * 60.0 + int(m["qhm"]), "m"
    unit = UNIT_LETTERS[m["qu"].lower()]
    amount = float(m["qn"]) if m["qn"] else number_word(m["qw"])
    if m["qand"]:
        amount += 0.5
    if m["qm"]:
        if unit != "h":
            return None
        amount += int(m["qm"]) / 60.0
    return amount, unit


def qty_minutes(m: re.Match[str]) -> int:
    value = qty_value(m)
    return 0 if value is None else round(value[0] * _UNIT_MINUTES[value[1]])


# Context patterns for timeexpr's scanners.
SINCE_BEFORE: Final = rx(r"\bsince\s+$")
# "1:1", "1-1", "one on one": a meeting, not a time.
MASK: Final = rx(r"(?<![\w:])1\s*[:\-]\s*1s?(?![\w:])|\b(?:1|one)[\s-]*on[\s-]*(?:1|one)s?\b")
# What may separate the parts of one expression ("tomorrow at 3pm", "8 in the morning").
GAP: Final = rx(r"(?:[\s,]|\b(?:at|on|in\s+the|by|around|about)\b|@|-|–)*")
WORD: Final = rx(r"[a-z]+")
DIGIT: Final = rx(r"\d")
# The words around a risky weekday that make it the day: data/cues/risky_weekday_before.txt and …_after.txt.
RISKY_BEFORE: Final = rx(rf"\b(?:{alternation(p[0] for p, _ in cues('risky_weekday_before').entries)})\s+$")
RISKY_AFTER: Final = rx(rf"\s*(?:\d|@|(?:{alternation(p[0] for p, _ in cues('risky_weekday_after').entries)})\b)")
NIGHT_BEFORE: Final = rx(rf"\b(?:at|tomorrow|today|yesterday|{WEEKDAY_ANY})\s+$")
ORD_BEFORE: Final = rx(rf"\b(?:on|by|until|till|before|after|since|from|{WEEKDAY_ANY}),?\s+$")
# Nouns after "the 1st ..." that make it not a date ("the 1st meeting").
ORD_NOUNS: Final = (
    r"ones?|meetings?|events?|appointments?|emails?|calls?|times?|items?|messages?|things?|steps?|drafts?"
    r"|options?|slots?|weeks?|floor|person|people|place|page|line|row|attempt|try|version|quarter|round"
    r"|years?|grade|century|anniversary|birthday|contacts?|deals?|leads?|accounts?|tasks?|results?"
    r"|invites?|threads?"
)
# One end of a clock range ("noon", "4", "4:30 pm"), groups numbered by {i}.
CLOCK_END: Final = (
    r"(?:(?P<n{i}>noon|midday|midnight)\b|(?P<h{i}>{d}\d?)(?::(?P<m{i}>\d{{2}}))?(?:\s*(?P<ap{i}>{ap}))?)"
)
# The words just before an expression that belong to it (searched at the end of the preceding text).
RANGE_PREFIX: Final = rx(r"\b(?P<kw>between|from)\s+$")
# A day said right next to an unmarked range makes it a clock range ("friday 9-10", "2-3 tmrw"), as "at" before it
# does ("lunch at 12-1"); before it, a date said by its number does too ("the 10th, 2 to 3", "march 10 2-3").
_DAY_WORD: Final = rf"(?:{WEEKDAY_ANY}|today|tomorrow|tmrw|tmr|tonight)"
_DATE_BEFORE: Final = rf"(?:\d{{1,2}}(?:st|nd|rd|th)|(?:{MONTH_ANY})\.?\s+\d{{1,2}})"
RANGE_DAY_BEFORE: Final = rx(rf"\b(?:{_DAY_WORD},?|{_DATE_BEFORE},?|at)\s+$")


def kept_before(text: str, at: int) -> bool:
    """Whether a verb that keeps time (data/cues/range_booking_verbs.txt) ends right before character ``at``
    ("block 1 to 4", "book 2-3 for the review"): an unmarked range after it is hours."""
    head = text[:at]
    if not head[-1:].isspace():
        return False
    words = Words.of(head).words
    return bool(words) and cues("range_booking_verbs").value(words[-1:]) is not None


RANGE_DAY_AFTER: Final = rx(rf"\s+(?:on\s+)?{_DAY_WORD}\b")
WEEKDAY_PREFIX: Final = rx(
    r"\b(?:(?P<wk1>this|next|last)\s+week(?:'s)?\s+(?:on\s+)?"
    r"|(?P<rel>this\s+coming|this|next|last|coming|previous|past)\s+)$"
)
_WEEKS: Final = frozenset({"this", "next", "last"})


def risky_weekday_is_day(text: str, start: int, end: int) -> bool:
    """Whether the shortened weekday at ``text[start:end]`` that is also an everyday word ("mon", "sat", "sun":
    ``RISKY_WEEKDAYS``) is the day: after "this/next/last (week)" or a word of risky_weekday_before.txt, before
    "next week", a digit or a word of risky_weekday_after.txt, or joined to another day ("sat or sun")."""
    pre = WEEKDAY_PREFIX.search(text, max(0, start - 30), start)
    week = Words.of(text[end : end + 12]).words[:2]  # "mon next week"
    if pre is not None or (week[1:] == ("week",) and week[0] in _WEEKS):
        return True
    if RISKY_BEFORE.search(text, max(0, start - 14), start):
        return True
    return RISKY_AFTER.match(text, end) is not None or joined_to_day(text, start, end)


def joined_to_day(text: str, start: int, end: int) -> bool:
    """A day name joined to this one ("sat or sun", "mon-thurs", "fri, sat"): both are days."""
    after, before = Words.of(text[end : end + 20]).words[:2], Words.of(text[max(0, start - 20) : start]).words[-2:]
    if text[end : end + 1] == "-" and after[:1] and after[0] in WEEKDAYS:
        return True  # "mon-thurs": a hyphen is no token
    if text[max(0, start - 1) : start] == "-" and before[-1:] and before[-1] in WEEKDAYS:
        return True
    joins = cues("day_joins")
    return any(
        len(pair) == 2 and pair[i] in WEEKDAYS and joins.at(pair, 1 - i) is not None
        for i, pair in ((1, after), (0, before))
    )


PART_PREFIX: Final = rx(r"\b(?P<rel>this|last|yesterday|tomorrow|good)\s+$")
MONTH_PREFIX: Final = rx(
    r"\b(?P<rel>this|next|last|in|during|for|of|since|until|till|by|through|throughout|early|mid|late"
    r"|end\s+of|beginning\s+of|start\s+of)[\s-]+$"
)
PARTS_AHEAD: Final = (
    r"(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight"
    r"|this\s+(?:morning|afternoon|evening)"
    rf"|(?:tomorrow|today|{WEEKDAY_ANY})\s+(?:morning|afternoon|evening|night))\b)"
)


# ------------------------------------------------------------------------------------------ clock times


def bare_hour(h: int) -> int:
    """The working-hours reading of an hour said without am/pm: 7–11 a.m., 12 noon, 1–6 p.m."""
    return h + 12 if 1 <= h <= 6 else h


def twelve_hour(h: int, ap: str) -> int | None:
    """24-hour value of ``h`` with an explicit am/pm, or None when ``h`` is not 1–12."""
    if not 1 <= h <= 12:
        return None
    if ap.lower().startswith("a"):
        return 0 if h == 12 else h
    return 12 if h == 12 else h + 12


def hour_min(h: int, mins: int, ap: str | None, zero_padded: bool) -> tuple[int, int | None] | None:
    """(minutes after midnight, the hour as said if the bare-hour rule applied), or None if not a time."""
    if mins > 59:
        return None
    if ap:
        h24 = twelve_hour(h, ap)
        return None if h24 is None else (h24 * 60 + mins, None)
    if h > 23:
        return None
    if zero_padded or h == 0 or h > 12:  # "08:00", "15:00": a 24-hour clock
        return h * 60 + mins, None
    return bare_hour(h) * 60 + mins, h


def in_part(clock: int, raw: int | None, part: str | None) -> int:
    """A bare hour read in the part of the day that was given ("7 tonight" → 19:00, "5 in the morning")."""
    if raw is None or part is None or raw >= 12:
        return clock
    return (raw if part == "morning" else raw + 12) * 60 + clock - bare_hour(raw) * 60


def clock_range(m: re.Match[str]) -> tuple[int, int] | None:
    """[start, end) minutes of "2 and 4 pm", "9 to 5", "10-11am", "11-1pm" ("n1"/"h1"/"m1"/"ap1" groups):
    an end without am/pm takes the other's when that keeps the range in order, else the bare-hour rule."""

    def read(i: int, ap: str | None) -> int | None:
        if m[f"n{i}"]:
            return 1440 if m[f"n{i}"].lower().startswith("midn") else 720
        hm = hour_min(int(m[f"h{i}"]), int(m[f"m{i}"] or 0), ap, m[f"h{i}"][0] == "0")
        return None if hm is None else hm[0]

    ap1, ap2 = m["ap1"], m["ap2"]
    end = read(2, ap2) if ap2 or m["n2"] else None
    if ap1 or m["n1"]:
        start = read(1, ap1)
    else:
        guess = read(1, ap2) if ap2 else None
        start = guess if guess is not None and end is not None and guess < end else read(1, None)
    if not (ap2 or m["n2"]):
        options = [read(2, ap1), read(2, "pm" if ap1.lower().startswith("a") else "am")] if ap1 else []
        end = next((x for x in options if x is not None and start is not None and x > start), read(2, None))
    if start is None or end is None:
        return None
    start %= 1440
    return start, end if end > start else end + 1440


# ---------------------------------------------------------------------------------------------- calendar


def _real(dt: datetime) -> datetime:
    """A wall time that does not exist (skipped by a DST change) moved to the real instant it denotes."""
    if dt.tzinfo is None:
        return dt
    real = dt.astimezone(UTC).astimezone(dt.tzinfo)
    return real if real.replace(tzinfo=None) != dt.replace(tzinfo=None) else dt


@functools.lru_cache(maxsize=4096)
def at(d: date, minutes: int, tz: tzinfo | None) -> datetime:
    """Wall-clock ``minutes`` after midnight of ``d`` (1440 = the next midnight) in ``tz``."""
    d = d + timedelta(days=minutes // 1440)
    minutes %= 1440
    dt = datetime.combine(d, time(minutes // 60, minutes % 60), tzinfo=tz)
    if tz is None or dt.replace(fold=1).utcoffset() == dt.utcoffset():
        return dt  # the usual case: neither skipped nor repeated by a DST change
    return _real(dt)


def same_time_on(now: datetime, d: date) -> datetime:
    """``now``'s wall-clock time on day ``d`` (for "the last 3 days")."""
    return _real(datetime.combine(d, now.timetz()))


def elapsed(now: datetime, minutes: float) -> datetime:
    """``now`` plus real elapsed minutes (UTC arithmetic, so "in 2 hours" is 2 hours across a DST change)."""
    if now.tzinfo is None:
        return now + timedelta(minutes=minutes)
    return (now.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(now.tzinfo)


def add_months(d: date, n: int) -> date:
    """``d`` moved by ``n`` calendar months, the day clamped to the month's length."""
    y, m = divmod(d.year * 12 + d.month - 1 + n, 12)
    return date(y, m + 1, min(d.day, calendar.monthrange(y, m + 1)[1]))


def monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def weekday_date(today: date, wd: int, rel: str, prefer: str) -> date:
    """Contract weekday rules. Bare: the next one after today (prefer past: the last one before today);
    next: that day of the following week; this: this week's unless past; last: the last one before today."""
    t = today.weekday()
    if rel == "next":
        return monday(today) + timedelta(days=7 + wd)
    if rel == "last" or (rel == "" and prefer == "past"):
        return today - timedelta(days=((t - wd) % 7) or 7)
    if rel == "this" and wd >= t:
        return today + timedelta(days=wd - t)
    return today + timedelta(days=((wd - t) % 7) or 7)


def safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d) if 1900 <= y <= 2200 else None
    except ValueError:
        return None


def nearest_date(today: date, month: int, day: int, year: str | None, prefer: str) -> date | None:
    """The date as written; without a year the next (future) or most recent (past) such date."""
    y = full_year(year)
    if y is not None:
        return safe_date(y, month, day)
    step = -1 if prefer == "past" else 1
    for k in range(9):
        d = safe_date(today.year + step * k, month, day)
        if d is not None and (d >= today if step == 1 else d <= today):
            return d
    return None


def full_year(year: str | None) -> int | None:
    """A written year as a number ("27" → 2027), None when none was written."""
    if not year:
        return None
    y = int(year)
    return y + 2000 if y < 100 else y


def no_such_date(month: int, day: int, year: str | None) -> str | None:
    """ "30 February", "29 February 2027": a day and month that look like a date but do not exist (in that
    year, or in any year when none is given); None when the date exists or does not look like one at all."""
    y = full_year(year)
    if not (1 <= month <= 12 and 1 <= day <= 31) or (y is not None and not 1900 <= y <= 2200):
        return None
    longest = calendar.monthrange(y if y is not None else 2028, month)[1]  # 2028: a leap year
    if day <= longest:
        return None
    return f"{day} {MONTH_NAMES[month - 1]}" + (f" {y}" if y is not None else "")


def nearest_day_of_month(today: date, day: int, prefer: str) -> date | None:
    """Day ``day`` of this month, or of the next (future) / previous (past) month that has it."""
    step = -1 if prefer == "past" else 1
    for k in range(13):
        first = add_months(today.replace(day=1), step * k)
        d = safe_date(first.year, first.month, day)
        if d is not None and (d >= today if step == 1 else d <= today):
            return d
    return None


def month_year(today: date, month: int, rel: str, prefer: str) -> int:
    """The year of a month named without a year ("in march", "next march")."""
    if rel == "next":
        return today.year + (1 if month <= today.month else 0)
    if rel == "last":
        return today.year - (1 if month >= today.month else 0)
    if rel == "this":
        return today.year
    if prefer == "past":
        return today.year - (1 if month > today.month else 0)
    return today.year + (1 if month < today.month else 0)


def period(today: date, unit: str, k: int) -> tuple[date, date]:
    """[first day, first day after) of the week/weekend/month/year ``k`` units from the current one."""
    if unit == "week":
        start = monday(today) + timedelta(days=7 * k)
        return start, start + timedelta(days=7)
    if unit == "weekend":
        start = monday(today) + timedelta(days=5 + 7 * k)
        return start, start + timedelta(days=2)
    if unit == "month":
        start = add_months(today.replace(day=1), k)
        return start, add_months(start, 1)
    return date(today.year + k, 1, 1), date(today.year + k + 1, 1, 1)


# ------------------------------------------------------------------------------------- lengths of time


@dataclass(frozen=True, slots=True)
class DurationMatch:
    minutes: int
    span: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ShiftMatch:
    minutes: int
    span: tuple[int, int]


_QTY: Final = NUM_START + qty_pattern(DURATION_UNITS)
_DURATION: Final = rx(_QTY)
_DUR_HINT: Final = rx(r"hour|hr|min|day|\dh")
_DUR_BAD_BEFORE: Final = rx(
    # "up" of "set up 45 min" makes a meeting, it moves none
    r"\b(?:in|within|by|back|forward|(?<!\bset )(?<!\bline )(?<!\bfree )(?<!\bsign )up|ahead|out|"
    r"(?<!\bit )(?<!\bwill )(?<!\bshould )(?<!\bto )last|past|next|every|"
    r"each|per|after|later|earlier|another)"
    r"\s+(?:the\s+)?(?:next\s+|last\s+|past\s+|first\s+)?(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$"
)
_DUR_BAD_AFTER: Final = rx(
    r"\s*(?:later|earlier|sooner|ago|from\s+(?:now(?!\s+on\b)|today|tomorrow)|before|after|early|late|behind|ahead|back"
    r"|out|prior)\b"
)
_FOR_BEFORE: Final = rx(r"\bfor\s+$")
_SHIFT_HINT: Final = rx(r"later|earlier|sooner|push|mov|bump|shift|slide|delay|postpon|pull|bring|brought")
_SHIFT_VERB: Final = rx(
    r"\b(?P<v>push(?:ed|ing)?|move[ds]?|moving|bump(?:ed|ing)?|shift(?:ed|ing)?|slide|delay(?:ed|ing)?"
    r"|postpone[ds]?|postponing|pull(?:ed|ing)?|bring(?:ing)?|brought)\b"
    r"(?:\s+(?!(?:by|back|forward|up|ahead|out|later|earlier|to|until|till|for|in)\b)[\w':]+){0,5}?"
    r"\s+(?:(?P<dir>back|forward|up|ahead|out|later|earlier)\s+)?(?P<by>by\s+)?"
    + f"(?P<amount>{_QTY})"
    + r"(?:\s+(?P<dir2>later|earlier|sooner|back|forward|ahead)\b)?"
)
_SHIFT_BARE: Final = rx(_QTY + r"\s+(?P<dir2>later|earlier|sooner)\b")


def _moved_by(text: str, m: re.Match[str]) -> bool:
    """Whether the length a verb of moving is followed by, with no direction, is how far it moves ("push the acme
    call 30 min", "bump it an hour": later), not what the thing moved lasts ("move my 2 hour meeting", "push the
    30 min call", "move 30 min meeting"): a word of data/cues/length_owner_leads.txt or a possessive right before
    it describes a thing, and so does a word right after a length said straight after the verb; a length after
    words that join another clause (data/cues/clause_boundaries.txt) is that clause's."""
    between = Words.of(text[m.end("v") : m.start("amount")])
    if not len(between):
        after = Words.of(text[m.end("amount") :])
        return not len(after) or not after.is_word(0)  # "push 30 min", "push 30 min, she's late"
    if cues("clause_boundaries").find(between) is not None:
        return False  # "push the call and make it 45 min": the length is another clause's
    last = between.words[-1]
    return between.is_word(len(between) - 1) and last not in cues("length_owner_leads") and not last.endswith("'s")


def find_duration(text: str) -> DurationMatch | None:
    """The first length of time in ``text`` ("30 minutes", "an hour and a half", "2-hour"), in minutes.

    Not a duration: "in 2 hours" (a time), "by an hour" (a shift), "the last 2 hours" (a range), "every 30
    minutes"; "a day" counts only after "for"."""
    try:
        if not text or _DUR_HINT.search(text) is None:
            return None
        shift = find_shift(text)
        for m in _DURATION.finditer(text):
            s, e = m.span()
            if shift is not None and shift.span[0] <= s < shift.span[1]:
                continue
            if _DUR_BAD_BEFORE.search(text, max(0, s - 30), s) or _DUR_BAD_AFTER.match(text, e):
                continue
            value = qty_value(m)
            if value is None:
                continue
            if value[1] == "d" and m["qw"] and not _FOR_BEFORE.search(text, max(0, s - 8), s):
                continue  # "a day" only as "for a day"
            minutes = qty_minutes(m)
            if 0 < minutes <= 60 * 24 * 366:
                return DurationMatch(minutes, (s, e))
        return None
    except Exception:  # never raise on chat input
        return None


def find_shift(text: str) -> ShiftMatch | None:
    """The first move by an amount: "push back by an hour" → +60, "bring forward 30 minutes" → -30."""
    try:
        if not text or _SHIFT_HINT.search(text) is None:
            return None
        best: ShiftMatch | None = None
        for pattern in (_SHIFT_VERB, _SHIFT_BARE):
            for m in pattern.finditer(text):
                groups = m.groupdict()
                verb = (groups.get("v") or "").lower()
                direction = (m["dir2"] or groups.get("dir") or "").lower()
                said_way = direction or groups.get("by") or verb.startswith(("delay", "postpon"))
                if verb and not said_way and not _moved_by(text, m):
                    continue  # "move my 2 hour meeting": not a shift
                minutes = qty_minutes(m)
                if minutes <= 0:
                    continue
                if direction in ("earlier", "sooner", "forward", "up", "ahead") or (
                    not direction and verb.startswith(("pull", "bring", "brought"))
                ):
                    minutes = -minutes
                if best is None or m.start() < best.span[0]:
                    best = ShiftMatch(minutes, m.span())
                break
        return best
    except Exception:  # never raise on chat input
        return None
