"""Time expressions in chat text → aware datetimes (contract §2.4); lengths of time and shifts.

``find_times`` finds every time expression (days, clock times, parts of the day, ranges, relative times) and
resolves it against ``now`` in ``now.tzinfo``. ``read_times`` also gives the dates that do not exist ("February
30", "2027-02-29", "31/04"): such an expression, with the clock time said with it, resolves to nothing, so it is
never moved to another day. ``find_duration`` ("30 minutes") and ``find_shift`` ("push back
by an hour" → +60) live in ``timewords`` and are re-exported here. None of them ever raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, tzinfo
from typing import Final, Literal

from planning.understanding import timewords as tw
from planning.understanding.timewords import DurationMatch, ShiftMatch, find_duration, find_shift, rx
from planning.understanding.timezones import zone_after

__all__ = [
    "DurationMatch",
    "NoSuchDate",
    "Prefer",
    "ShiftMatch",
    "TimeMatch",
    "TimeReading",
    "find_duration",
    "find_shift",
    "find_times",
    "moved_to",
    "read_times",
]

Prefer = Literal["future", "past"]
Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class TimeMatch:
    start: datetime  # aware, in now.tzinfo
    end: datetime | None  # exclusive end; None for an instant (a clock time)
    has_clock_time: bool  # True when a clock time (or relative "in 2 hours") was given
    spans: tuple[Span, ...]  # character spans of the text this expression used


@dataclass(frozen=True, slots=True)
class NoSuchDate:
    """A date that does not exist ("30 February", "29 February 2027"), and the text it was read from."""

    date: str
    span: Span


@dataclass(frozen=True, slots=True)
class TimeReading:
    times: list[TimeMatch] = field(default_factory=list)
    impossible: list[NoSuchDate] = field(default_factory=list)  # in text order


@dataclass(slots=True)
class _C:
    """One recognised piece of a time expression, before adjacent pieces are merged and resolved."""

    s: int
    e: int
    day: date | None = None
    wd_only: bool = False  # the day came from a weekday name (may merge with a calendar date)
    part: str | None = None
    clock: int | None = None  # minutes after midnight (1440 = the next midnight)
    raw: int | None = None  # the hour as said, when the bare-hour rule was applied
    clock_end: int | None = None  # end of a clock range ("between 2 and 4pm")
    full: tuple[datetime, datetime | None, bool] | None = None  # an already resolved expression
    bad: str | None = None  # a date that does not exist ("30 February"): the expression resolves to nothing
    zone: tzinfo | None = None  # the zone said after the clock time ("4pm CT"): its wall time


@dataclass(slots=True)
class _Ctx:
    text: str
    now: datetime
    tz: tzinfo | None
    today: date
    prefer: str
    hours: bool = False  # every range of bare numbers is hours (said of an event: "make it 10 to 12")

    def pref(self, s: int) -> str:
        """The preference at position ``s``: "since <x>" always looks back."""
        return "past" if tw.SINCE_BEFORE.search(self.text, max(0, s - 12), s) else self.prefer

    def before(self, pattern: re.Pattern[str], s: int) -> bool:
        return pattern.search(self.text, max(0, s - 14), s) is not None

    def prefix(self, pattern: re.Pattern[str], s: int) -> re.Match[str] | None:
        """``pattern`` (anchored with ``$``) matching the words just before position ``s``."""
        return pattern.search(self.text, max(0, s - 30), s)


@dataclass(slots=True)
class _G:
    comps: list[_C]
    spans: list[Span] = field(default_factory=list)
    since: int | None = None  # where a leading "since" starts

    def kind(self) -> str:
        if any(c.full for c in self.comps):
            return "full"
        day = any(c.day or c.bad for c in self.comps)
        timed = any(c.clock is not None or c.part for c in self.comps)
        return "both" if day and timed else "day" if day else "time"


def _c(m: re.Match[str], group: str | int = 0, **kw: object) -> _C:
    return _C(m.start(group), m.end(), **kw)  # type: ignore[arg-type]


def _full(m: re.Match[str], start: datetime, end: datetime | None, clock: bool) -> _C:
    return _C(m.start(), m.end(), full=(start, end, clock))


def _window(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "the past hour", "last 2 hours", "the next 5 days" → [now - d, now) / [now, ...)."""
    way, unit, n_word = m["dir"].lower(), tw.UNIT_LETTERS[m["u"].lower()], m["n"] or ""
    if not (n_word or unit in ("m", "h") or way == "past" or (m["the"] and way != "next")):
        return None  # "last week", "next month": calendar periods
    n = float(n_word) if n_word.isdigit() else tw.number_word(n_word or "a")
    sign = 1 if way == "next" else -1
    if unit in ("m", "h"):
        edge = tw.elapsed(c.now, sign * n * (1 if unit == "m" else 60))
        return _full(m, min(edge, c.now), max(edge, c.now), True)
    k = sign * round(n)
    days = k * (7 if unit == "w" else 1)
    d = tw.add_months(c.today, k) if unit == "o" else c.today + timedelta(days=days)
    if sign < 0:
        return _full(m, tw.same_time_on(c.now, d), c.now, False)
    return _full(m, c.now, tw.at(d, 0, c.tz), False)


def _calendar(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "this/next/last week|weekend|month|year", "the week after next", "the weekend"."""
    rel = (m["rel"] or "this").lower()
    k = 1 if rel in ("next", "coming", "following") else -1 if rel in ("last", "previous", "past") else 0
    unit = "week" if m["after"] else "weekend" if m["wkend"] else m["u"].lower()
    start, end = tw.period(c.today, unit, 2 if m["after"] else k)
    if k == 0 and start > c.today and c.pref(m.start()) == "past":  # mail "from this weekend" on a Monday: the last
        start, end = tw.period(c.today, unit, -1)
    return _full(m, tw.at(start, 0, c.tz), tw.at(end, 0, c.tz), False)


def _rest(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "the rest of the day/week/month" → [now, the end of it)."""
    unit = m["u"].lower()
    end = c.today + timedelta(days=1) if unit in ("day", "today") else tw.period(c.today, unit, 0)[1]
    return _full(m, c.now, tw.at(end, 0, c.tz), False)


def _relative(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "in 2 hours", "2 hours from now", "an hour ago" → instants; "in 3 days", "a week from now" → days."""
    value = tw.qty_value(m)
    if value is None:
        return None
    amount, unit = value
    sign = -1 if m.groupdict().get("ago") else 1
    if unit in ("m", "h"):
        return _full(m, tw.elapsed(c.now, sign * amount * (60 if unit == "h" else 1)), None, True)
    base = c.today + timedelta(days=1 if (m.groupdict().get("ref") or "").lower() == "tomorrow" else 0)
    if unit == "o":
        return _c(m, day=tw.add_months(base, sign * round(amount)))
    return _c(m, day=base + timedelta(days=sign * round(amount * (7 if unit == "w" else 1))))


def _clock(m: re.Match[str], c: _Ctx) -> _C | None:
    hm = tw.hour_min(int(m["h"]), int(m.groupdict().get("m") or 0), m.groupdict().get("ap"), m["h"][0] == "0")
    return None if hm is None else _c(m, "h", clock=hm[0], raw=hm[1])


def _named_clock(m: re.Match[str], c: _Ctx) -> _C | None:
    """noon, midnight, end of day (17:00), half past 3, quarter to 4."""
    word = m[0].lower()
    if m["q"]:
        h = int(m["h"])
        delta = (30 if m["q"].lower() == "half" else 15) * (1 if m["r"].lower() in ("past", "after") else -1)
        return _c(m, clock=(tw.bare_hour(h) * 60 + delta) % 1440, raw=h) if 1 <= h <= 12 else None
    return _c(m, clock=720 if "noon" in word or "midday" in word else 1440 if "midnight" in word else 1020)


def _crange(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "between 2 and 4 pm", "from 9 to 5", "10-11am", "9:00-10:30"."""
    pre = c.prefix(tw.RANGE_PREFIX, m.start())
    kw, sep = (pre["kw"].lower() if pre else ""), m["sep"].lower()
    if (kw == "between" and sep not in ("and", "-", "–", "—")) or (kw == "from" and sep == "and"):
        return None
    marked = m["ap1"] or m["ap2"] or m["n1"] or m["n2"] or m["m1"] or m["m2"] or _next_to_a_day(m, c)
    if not kw and (sep == "and" or not marked):
        return None  # "2-3", "1-1", "2 and 4"; a marked end makes a range ("9 to 10:30", "10 till noon")
    span = tw.clock_range(m)
    if span is None:
        return None
    return _C(pre.start() if pre else m.start(), m.end(), clock=span[0], clock_end=span[1])


def _next_to_a_day(m: re.Match[str], c: _Ctx) -> bool:
    """ "friday 9-10", "2-3 tomorrow": a day beside an unmarked range makes it hours, as does a verb that keeps time
    right before it ("block 1 to 4"), or the whole text being said of an event (``hours``)."""
    if c.hours:
        return m["h1"] != m["h2"]
    if tw.kept_before(c.text, m.start()):  # "block 1 to 4": hours kept, not a count
        return m["h1"] != m["h2"]  # "schedule 1 to 1 with priya": a one-to-one
    return c.prefix(tw.RANGE_DAY_BEFORE, m.start()) is not None or tw.RANGE_DAY_AFTER.match(c.text, m.end()) is not None


def _date_numeric(m: re.Match[str], c: _Ctx) -> _C | None:
    """2026-03-10 (with an optional time), 3/10, 3/10/2026 (US month/day; 25/03, with no month 25, is day/month)."""
    mo, dd = int(m["mo"]), int(m["d"])
    if mo > 12 >= dd and "-" not in m[0]:
        mo, dd = dd, mo
    d = tw.nearest_date(c.today, mo, dd, m["y"], c.pref(m.start()))
    if d is None:
        iso = "-" in m[0]  # a year-month-day date is a date whatever its numbers: "2026-13-01" is asked about
        bad = tw.no_such_date(mo, dd, m["y"]) or (f"{m['y']}-{m['mo']}-{m['d']}" if iso else None)
        return None if bad is None else _c(m, bad=bad)
    if not m.groupdict().get("th"):
        return _c(m, day=d)
    hm = tw.hour_min(int(m["th"]), int(m["tm"]), None, True)
    return None if hm is None else _c(m, day=d, clock=hm[0])


def _date_named(m: re.Match[str], c: _Ctx) -> _C | None:
    """March 10, 10 March, march 10th, the 10th of march, mar 10, june 14th 2017."""
    mon = m["m"].lower()
    if mon == "may" and "of" in m.re.groupindex and not (m["suf"] or m["of"] or m["y"]) and m["m"] != "May":
        return None  # "5 may attend"
    d = tw.nearest_date(c.today, tw.MONTHS[mon], int(m["d"]), m["y"], c.pref(m.start()))
    if d is None:
        bad = tw.no_such_date(tw.MONTHS[mon], int(m["d"]), m["y"])
        return None if bad is None else _c(m, bad=bad)
    return _c(m, day=d)


def _ordinal_day(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "the 14th", "on the 14th", "Friday 13th" → that day of this month (or the next/previous one)."""
    if not (m["the"] or c.before(tw.ORD_BEFORE, m.start())) or not 1 <= int(m["d"]) <= 31:
        return None
    d = tw.nearest_day_of_month(c.today, int(m["d"]), c.pref(m.start()))
    return None if d is None else _c(m, day=d)


def _month(m: re.Match[str], c: _Ctx) -> _C | None:
    """ "in march", "march", "next march", "march 2027" → the whole month."""
    pre = c.prefix(tw.MONTH_PREFIX, m.start())
    rel, mon = (" ".join(pre["rel"].lower().split()) if pre else ""), m["m"].lower()
    if mon == "may" and not (rel or m["y"]):
        return None
    y = int(m["y"]) if m["y"] else tw.month_year(c.today, tw.MONTHS[mon], rel, c.pref(m.start()))
    start = tw.safe_date(y, tw.MONTHS[mon], 1)
    if start is None:
        return None
    end = tw.at(tw.add_months(start, 1), 0, c.tz)
    first = pre.start() if pre and rel in ("this", "next", "last") else m.start()
    return _C(first, m.end(), full=(tw.at(start, 0, c.tz), end, False))


def _weekday(m: re.Match[str], c: _Ctx) -> _C | None:
    pre = c.prefix(tw.WEEKDAY_PREFIX, m.start())
    word, week = m["wd"].lower(), ((pre and pre["wk1"]) or m["wk2"] or "").lower()
    rel = " ".join(pre["rel"].lower().split()) if pre and pre["rel"] else ""
    first = pre.start() if pre else m.start()
    if word in tw.RISKY_WEEKDAYS and not tw.risky_weekday_is_day(c.text, m.start("wd"), m.end("wd")):
        return None  # "I sat down", "the sun"
    wd = tw.WEEKDAYS[word]
    if week:
        k = {"this": 0, "next": 1, "last": -1}[week]
        return _C(first, m.end(), day=tw.monday(c.today) + timedelta(days=7 * k + wd))
    rel = {"this coming": "", "coming": "", "previous": "last", "past": "last"}.get(rel, rel)
    return _C(first, m.end(), day=tw.weekday_date(c.today, wd, rel, c.pref(first)), wd_only=True)


def _relday(m: re.Match[str], c: _Ctx) -> _C | None:
    word = m["w"].lower()
    offset = 2 if "after" in word else -2 if "before" in word else -1 if word == "yesterday" else 0
    offset = 1 if word.startswith(("tom", "tmr")) else offset
    return _c(m, day=c.today + timedelta(days=offset), part="evening" if word.startswith("toni") else None)


def _part(m: re.Match[str], c: _Ctx) -> _C | None:
    pre = c.prefix(tw.PART_PREFIX, m.start())
    rel, part = (pre["rel"].lower() if pre else ""), m["p"].lower()
    if rel == "good" or (part == "night" and not rel and not c.before(tw.NIGHT_BEFORE, m.start())):
        return None  # "good morning", "night shift"
    offset = {"this": 0, "last": -1, "yesterday": -1, "tomorrow": 1}.get(rel)
    day = None if offset is None else c.today + timedelta(days=offset)
    return _C(pre.start() if pre else m.start(), m.end(), part=part, day=day)


_QTY: Final = tw.qty_pattern(tw.TIME_UNITS)
_D2: Final = r"\d(?<![\w.:]\d)"
_NOT_AFTER: Final = rf"(?![\w:]|[.,/]\d)(?!\s*{tw.NOT_CLOCK})"
_Handler = Callable[[re.Match[str], _Ctx], _C | None]
_AT_HOUR: Final = rx(rf"(?:\b(?:at|by|until|till|til)\s+|@\s*)(?P<h>\d{{1,2}}){_NOT_AFTER}")
_UNITS: Final = " ".join(tw.UNIT_LETTERS)  # the words of data/cues/time_units.txt
_MONTHS: Final = " ".join(tw.MONTHS)
_D: Final = tw.DIGIT_START
# (pattern, handler, trigger words: the scanner runs only if one is in the text, needs a digit). In priority
# order: at the same start the longest match wins, then the earliest scanner here.
_SCANNERS: Final[tuple[tuple[re.Pattern[str], _Handler, frozenset[str], bool], ...]] = tuple(
    (pattern if isinstance(pattern, re.Pattern) else rx(pattern), handler, frozenset(words.split()), digit)
    for pattern, handler, words, digit in (
        (
            rf"\b(?P<the>the\s+)?(?P<dir>past|last|next|previous|coming)\s+(?:(?P<n>\d{{1,4}}|{tw.NUM_WORDS})\s+)?"
            rf"(?P<u>{tw.unit_words('mhdwo', shortest=2)})",
            _window,
            "past last next previous coming",
            False,
        ),
        (
            r"\b(?:the\s+)?(?:(?P<rel>this|next|last|coming|current|previous|past|following|my|our)\s+"
            r"(?P<u>weekend|week|month|year)|(?P<after>week\s+after\s+next)|(?P<wkend>weekend))\b",
            _calendar,
            "week weekend month year",
            False,
        ),
        (
            r"\b(?:the\s+)?(?:rest|remainder)\s+of\s+(?:the\s+|this\s+|my\s+|our\s+)?(?P<u>day|today|week|month|year)\b",
            _rest,
            "rest remainder",
            False,
        ),
        (rf"\bin\s+(?:about\s+|around\s+|another\s+)?{_QTY}", _relative, _UNITS, False),
        (
            # not "45 min from now on": a length said to hold from now on, no time
            rf"{tw.NUM_START}{_QTY}\s+(?:from\s+(?P<ref>now(?!\s+on\b)|today|tomorrow)|(?P<ago>ago))\b",
            _relative,
            "ago from",
            False,
        ),
        (
            rf"{tw.CLOCK_END.format(i=1, d=_D, ap=tw.AMPM)}\s*"
            r"(?P<sep>-|–|—|\bto\b|\band\b|\buntil\b|\btill\b|\bthrough\b|\bthru\b)\s*"
            rf"{tw.CLOCK_END.format(i=2, d=_D2, ap=tw.AMPM)}{_NOT_AFTER}",
            _crange,
            "between from to until till through thru - – —",
            True,
        ),
        (
            rf"(?P<y>{_D}\d{{3}})-(?P<mo>\d{{1,2}})-(?P<d>\d{{1,2}})"
            r"(?:[T\s](?P<th>\d{2}):(?P<tm>\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?(?![\w-]|[.:/]\d)",
            _date_numeric,
            "-",
            True,
        ),
        (rf"(?P<mo>{_D}\d?)/(?P<d>\d{{1,2}})(?:/(?P<y>\d{{4}}|\d{{2}}))?{_NOT_AFTER}", _date_numeric, "/", True),
        (
            rf"\b(?P<m>{tw.MONTH_ANY})\.?\s+(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?![:.]\d)"
            rf"(?!\s*(?:{tw.AMPM}|o['’]?\s?clock|{tw.NOT_CLOCK}))(?:,?\s+(?P<y>\d{{4}})\b)?",
            _date_named,
            _MONTHS,
            True,
        ),
        (
            rf"(?:\bthe\s+)?{tw.NUM_START}(?P<d>\d{{1,2}})(?P<suf>st|nd|rd|th)?\s+(?P<of>of\s+)?"
            rf"(?P<m>{tw.MONTH_ANY})\b(?:,?\s+(?P<y>\d{{4}})\b)?",
            _date_named,
            _MONTHS,
            True,
        ),
        (
            rf"(?:\b(?P<the>the)\s+)?{tw.NUM_START}(?P<d>\d{{1,2}})(?:st|nd|rd|th)\b"
            rf"(?!\s+(?:of\s+)?(?:{tw.MONTH_ANY})\b)(?!\s+(?:{tw.ORD_NOUNS})\b)",
            _ordinal_day,
            "st nd rd th",
            True,
        ),
        (
            rf"\b(?P<wd>{tw.WEEKDAY_ANY})\b(?:\s+(?P<wk2>this|next|last)\s+week\b)?",
            _weekday,
            " ".join(tw.WEEKDAYS),
            False,
        ),
        (
            r"\b(?P<w>(?:the\s+)?day\s+after\s+tomorrow|(?:the\s+)?day\s+before\s+yesterday|today|tomorrow|tmrw"
            r"|tmr|tomorow|tommorow|tommorrow|yesterday|tonight|tonite)\b",
            _relday,
            "today tomorrow tmrw tmr tomorow tommorow tommorrow yesterday tonight tonite",
            False,
        ),
        (r"\b(?P<p>morning|afternoon|evening|night)\b", _part, "morning afternoon evening night", False),
        (rf"(?P<h>{_D}\d?)(?:[:.](?P<m>\d{{2}}))?\s*(?P<ap>{tw.AMPM})", _clock, "am pm m", True),
        (rf"(?P<h>{_D}\d?):(?P<m>\d{{2}})(?::\d{{2}})?(?![\w:]|[.,/]\d)", _clock, ":", True),
        (rf"(?P<h>{_D}\d?)\s*o['’]?\s?clock\b", _clock, "clock oclock", True),
        (_AT_HOUR, _clock, "at by until till til @", True),
        (
            rf"\b(?:around|about|after|before)\s+(?P<h>\d{{1,2}})(?![\w:]|[.,/]\d)(?=\s*(?:$|[.,;!?)]|(?:today"
            rf"|tomorrow|tonight|on|in\s+the|this|next|or|at\s+night|{tw.WEEKDAY_ANY})\b))",
            _clock,
            "around about after before",
            True,
        ),
        (
            rf"(?P<h>{_D}\d?)(?::(?P<m>\d{{2}}))?{tw.PARTS_AHEAD}",
            _clock,
            "morning afternoon evening night tonight",
            True,
        ),
        (
            r"\b(?:(?:12\s*)?(?:noon|midday|midnight)|eod|cob|end\s+of\s+(?:the\s+)?(?:business\s+|work\s+)?day"
            r"|close\s+of\s+business|(?P<q>half|quarter)\s+(?P<r>past|after|to|til|till|before)\s+(?P<h>\d{1,2})"
            r"(?![\w:]))\b",
            _named_clock,
            "noon midday midnight eod cob end close half quarter",
            False,
        ),
        (rf"\b(?P<m>{tw.MONTH_FULL})\b(?:\s+(?P<y>\d{{4}})\b)?(?!\.?\s+(?:the\s+)?\d)", _month, _MONTHS, False),
    )
)


def _joinable(group: list[_C], c: _C) -> bool:
    if c.full or any(x.full for x in group):
        return False
    if c.part and any(x.part for x in group):
        return False
    if c.clock is not None and any(x.clock is not None for x in group):
        return False
    days = [x for x in group if x.day or x.bad]
    return not ((c.day or c.bad) and days and (len(days) > 1 or days[0].wd_only == c.wd_only))


def _group(text: str, comps: list[_C]) -> list[_G]:
    """Adjacent pieces ("tomorrow" + "at" + "3pm") become one expression; then a lone day and a lone time."""
    groups: list[_G] = []
    for c in comps:
        last = groups[-1] if groups else None
        if (
            last is not None
            and c.s - last.comps[-1].e <= 24
            and tw.GAP.fullmatch(text, last.comps[-1].e, c.s)
            and _joinable(last.comps, c)
        ):
            last.comps.append(c)
            last.spans[-1] = (last.spans[-1][0], c.e)
            continue
        since = tw.SINCE_BEFORE.search(text, max(0, c.s - 12), c.s)
        groups.append(_G([c], [(c.s, c.e)], since.start() if since else None))
    days = [g for g in groups if g.kind() == "day" and g.since is None]
    times = [g for g in groups if g.kind() == "time" and g.since is None]
    if len(days) == 1 and len(times) == 1:
        first, second = sorted((days[0], times[0]), key=lambda g: g.spans[0])
        first.comps += second.comps
        first.spans += second.spans
        groups.remove(second)
    return groups


def _pick_day(c: _Ctx, start: int, end: int | None, since: bool) -> date:
    """The day of a time given without one: the next (future), today (past), the last one (since)."""
    today = c.today
    if since:
        return today if tw.at(today, start, c.tz) <= c.now else today - timedelta(days=1)
    if c.prefer == "past":
        return today - timedelta(days=1) if start == 1440 else today  # "midnight" = today 00:00
    if end is None:
        return today if tw.at(today, start, c.tz) >= c.now else today + timedelta(days=1)
    return today if tw.at(today, end, c.tz) > c.now else today + timedelta(days=1)


def _resolve(g: _G, c: _Ctx) -> TimeMatch | None:
    full = next((x.full for x in g.comps if x.full), None)
    if full is not None:
        start, end, has_clock = full
    else:
        day_c = sorted((x for x in g.comps if x.day), key=lambda x: x.wd_only)  # a date beats a weekday
        day = day_c[0].day if day_c else None
        part = next((x.part for x in g.comps if x.part), None)
        clk = next((x for x in g.comps if x.clock is not None), None)
        has_clock = clk is not None
        hi: int | None
        if clk is not None and clk.clock is not None:
            lo = tw.in_part(clk.clock, clk.raw, part)
            hi = clk.clock_end
        elif part is not None:
            lo, hi = tw.PARTS[part]
        else:
            lo, hi = 0, 1440
        zoned = _zoned(c, clk.zone if clk is not None else None)
        if day is None:
            day = _pick_day(zoned, lo, hi, g.since is not None)
        start, end = tw.at(day, lo, zoned.tz), None if hi is None else tw.at(day, hi, zoned.tz)
        if zoned is not c:  # written in the requester's zone, with that instant's offset (contract §2.4 v3)
            start, end = start.astimezone(c.tz), None if end is None else end.astimezone(c.tz)
    spans = tuple(g.spans)
    if g.since is not None and start < c.now:
        end, spans = c.now, ((g.since, spans[0][1]), *spans[1:])
    if end is not None and end <= start:
        return None
    return TimeMatch(start, end, has_clock, spans)


def _zoned(c: _Ctx, zone: tzinfo | None) -> _Ctx:
    """The context of a time said in another zone: its wall clock, and today there."""
    if zone is None or c.tz is None:
        return c
    there = c.now.astimezone(zone)
    return _Ctx(c.text, there, zone, there.date(), c.prefer, c.hours)


def _with_zones(text: str, comps: list[_C]) -> None:
    """A clock time followed by a zone word ("4pm CT", "10am London time") carries the zone and its words."""
    for i, comp in enumerate(comps):
        if comp.clock is None or comp.full is not None:
            continue
        said = zone_after(text, comp.e)
        limit = comps[i + 1].s if i + 1 < len(comps) else len(text)
        if said is not None and said.end <= limit:
            comp.zone, comp.e = said.zone, said.end


def _hours_after_days(text: str, kept: list[_C]) -> list[_C]:
    """ "thu 11", "fri 9 re the offsite": a bare number right after a weekday is its hour, read as "at 11" would be
    (working hours, never a count: "fri 3 people"); the number that is that day's date ("fri 6" when Friday is the
    6th) says the day again and stays no time."""
    out: list[_C] = []
    for i, comp in enumerate(kept):
        out.append(comp)
        if not comp.wd_only or comp.day is None or comp.clock is not None:
            continue
        before = text[: comp.s].split()
        if before and before[-1].isdigit():  # "3 friday 4": two numbers beside the day say no hour
            continue
        limit = kept[i + 1].s if i + 1 < len(kept) else len(text)
        start = comp.e + len(text[comp.e :]) - len(text[comp.e :].lstrip())
        said = _AT_HOUR.match(f"at {text[start:limit]}") if start > comp.e else None
        if said is None:
            continue
        hour, end = int(said["h"]), start + said.end() - 3
        if hour == comp.day.day:
            comp.e = end
            continue
        clock = tw.hour_min(hour, 0, None, said["h"][0] == "0")
        if clock is not None:
            out.append(_C(start, end, clock=clock[0], raw=clock[1]))
    return out


def moved_to(text: str, now: datetime) -> TimeMatch | None:
    """The clock time a change moves something to when said as a bare number after "to" ("push the standup to 10",
    "move my 2pm to 4-5"): the words after the last "to" read as "at …"; None unless they start with a digit and
    read as a clock time."""
    cut = text.lower().rfind(" to ")
    rest = text[cut + 4 :] if cut >= 0 else ""
    if not rest[:1].isdigit():
        return None
    found = find_times(f"at {rest}", now)
    return found[0] if found and found[0].has_clock_time and found[0].spans[0][0] == 3 else None


def find_times(text: str, now: datetime, prefer: Prefer = "future", *, hours: bool = False) -> list[TimeMatch]:
    """Every time expression in ``text``, in text order, resolved against the aware ``now``. ``hours``: the text
    is said of an event (a reply at its card), so a range of bare numbers is hours ("make it 10 to 12")."""
    return read_times(text, now, prefer, hours=hours).times


def read_times(text: str, now: datetime, prefer: Prefer = "future", *, hours: bool = False) -> TimeReading:
    """``find_times``, and the dates in ``text`` that do not exist."""
    try:
        return _read_times(text, now, prefer, hours)
    except Exception:  # never raise on chat input
        return TimeReading()


def _read_times(text: str, now: datetime, prefer: str, hours: bool = False) -> TimeReading:
    present = set(tw.WORD.findall(text.lower()))
    present.update(ch for ch in ":/-–—@" if ch in text)
    digit = tw.DIGIT.search(text) is not None
    ctx = _Ctx(text, now, now.tzinfo, now.date(), "past" if prefer == "past" else "future", hours)
    masks = [m.span() for m in tw.MASK.finditer(text)] if digit or "one" in present else []
    found: list[tuple[int, int, int, _C]] = []
    for prio, (pattern, handler, words, needs_digit) in enumerate(_SCANNERS):
        if (needs_digit and not digit) or words.isdisjoint(present):
            continue
        for m in pattern.finditer(text):
            try:
                c = handler(m, ctx)
            except (ValueError, OverflowError, KeyError, IndexError):
                continue
            if c is not None and c.e > c.s and not any(s < c.e and c.s < e for s, e in masks):
                found.append((c.s, c.s - c.e, prio, c))
    found.sort(key=lambda f: f[:3])
    kept: list[_C] = []
    for s, _, _, c in found:
        if not kept or s >= kept[-1].e:
            kept.append(c)
    kept = _hours_after_days(text, kept)
    _with_zones(text, kept)
    out: list[TimeMatch] = []
    impossible: list[NoSuchDate] = []
    for g in _group(text, kept):
        bad = next((x.bad for x in g.comps if x.bad), None)
        if bad is not None:
            impossible.append(NoSuchDate(bad, (g.spans[0][0], g.spans[-1][1])))
            continue
        try:
            tm = _resolve(g, ctx)
        except (ValueError, OverflowError):
            continue
        if tm is not None:
            out.append(tm)
    return TimeReading(sorted(out, key=lambda t: t.spans[0]), sorted(impossible, key=lambda n: n.span))
