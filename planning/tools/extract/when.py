"""Dates, clock times and lengths of time in text, with the project's own grammar (``understanding.timeexpr``).

Only what the text says: a ``datetime`` needs a day and a clock time in one expression ("Thursday 12 March at
10:00"); a clock time alone is no datetime, nor is "in 2 hours" or "the last 3 hours". A date that does not
exist ("31 February", "2026-02-30"), or a weekday that contradicts its date ("Wednesday 12 March 2026"), is
found as "no value" (``Found(None)``) so that it is never read as some other day.
"""

import calendar
import functools
from datetime import datetime, timedelta

from planning.tools.extract.ranking import Found
from planning.understanding import timewords as tw
from planning.understanding.timeexpr import TimeMatch, find_duration, find_times

_DAY_WORDS = tw.rx(
    rf"\b(?:{tw.MONTH_ANY}|{tw.WEEKDAY_ANY}|today|tonight|tonite|tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow"
    r"|yesterday)\b|\d{4}-\d{1,2}-\d{1,2}|\b\d{1,2}/\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\b"
    r"|\b(?:in|within)\s+\S+\s+(?:days?|weeks?|months?)\b|\b(?:days?|weeks?|months?)\s+(?:from\s+now|ago)\b"
)
_RELATIVE_CLOCK = tw.rx(
    r"\bago\b|\bfrom\s+now\b|\bin\s+(?:about\s+|around\s+|another\s+)?\S+\s+(?:minutes?|mins?|hours?|hrs?|h)\b"
    r"|\b(?:past|last|next|previous|coming)\s+(?:\S+\s+)?(?:minutes?|mins?|hours?|hrs?)\b|\bhalf\s+an\s+hour\b"
)
_CLOCK_RANGE = tw.rx(r"\d(?::\d\d)?\s*(?:[ap]\.?m\.?)?\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b|\band\b)\s*\d")
_WEEKDAY = tw.rx(rf"\b(?P<wd>{tw.WEEKDAY_ANY})\b")
_EXPLICIT_DATE = tw.rx(r"\d{4}-\d{1,2}-\d{1,2}|\b\d{1,2}/\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\b")
# "lasts 3 hours", "will last 90 min": the verb, rewritten as "for" (same length) before reading lengths.
_LAST_VERB = tw.rx(
    r"\b(?:lasts|lasted|lasting)\b|(?<=\bwill\s)last\b|(?<='ll\s)last\b|(?<=\bshould\s)last\b"
    r"|(?<=\bwould\s)last\b|(?<=\bcould\s)last\b|(?<=\bmay\s)last\b|(?<=\bmight\s)last\b|(?<=\bto\s)last\b"
    r"|(?<=\bcan\s)last\b|(?<=\bdoes\s)last\b|(?<=\bnot\s)last\b|(?<=\bit\s)last\b"
)
_NO_SUCH_DATE = (
    tw.rx(r"(?<![\d-])(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})(?![\d-])"),
    tw.rx(r"(?<![\w/.])(?P<mo>\d{1,2})/(?P<d>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?(?![\w/])"),
    tw.rx(rf"\b(?P<m>{tw.MONTH_ANY})\.?\s+(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y>\d{{4}})\b)?"),
    tw.rx(
        rf"(?<![\w.:/$-])(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{tw.MONTH_ANY})\b(?:,?\s+(?P<y>\d{{4}})\b)?"
    ),
)


def _day_said(text: str, match: TimeMatch) -> bool:
    return any(_DAY_WORDS.search(text, s, e) for s, e in match.spans)


def _relative_clock(text: str, match: TimeMatch) -> bool:
    return any(_RELATIVE_CLOCK.search(text, s, e) for s, e in match.spans)


def _contradicts(text: str, match: TimeMatch) -> bool:
    """A weekday said with an explicit date that falls on another day ("Wednesday 12 March 2026")."""
    for s, e in match.spans:
        wd = _WEEKDAY.search(text, s, e)
        if wd and _EXPLICIT_DATE.search(text, s, e) and tw.WEEKDAYS[wd["wd"].lower()] != match.start.weekday():
            return True
    return False


@functools.lru_cache(maxsize=64)
def no_such_dates(text: str) -> list[tuple[int, int]]:
    """Spans of dates that do not exist (in their year, or in any year when none is written)."""
    spans = []
    for pattern in _NO_SUCH_DATE:
        for m in pattern.finditer(text):
            groups = m.groupdict()
            month = tw.MONTHS[groups["m"].lower()] if groups.get("m") else int(m["mo"])
            day, year = int(m["d"]), groups.get("y")
            if groups.get("mo") and "/" in m[0] and month > 12 >= day:
                month, day = day, month  # 25/03: day/month
            if _impossible(month, day, year):
                spans.append(m.span())
    return spans


def _impossible(month: int, day: int, year: str | None) -> bool:
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return False  # not a date at all ("13/45")
    y = int(year) + (2000 if len(year) <= 2 else 0) if year else 2028  # 2028: a leap year
    return 1900 <= y <= 2200 and day > calendar.monthrange(y, month)[1]


def time_matches(text: str, now: datetime) -> tuple[TimeMatch, ...]:
    """``find_times`` once per text and clock (every field type reads the same text)."""
    return _time_matches(text, now, str(now.tzinfo))


@functools.lru_cache(maxsize=64)
def _time_matches(text: str, now: datetime, zone: str) -> tuple[TimeMatch, ...]:
    """``zone`` is part of the key: equal instants in two zones are equal datetimes, yet read differently."""
    return tuple(find_times(text, now))


def _readings(text: str, now: datetime) -> tuple[list[TimeMatch], list[tuple[int, int]]]:
    bad = no_such_dates(text)
    times = [
        m
        for m in time_matches(text, now)
        if not any(s < be and bs < e for s, e in m.spans for bs, be in bad)  # what the bad date became
    ]
    return times, bad


def datetimes(text: str, now: datetime) -> list[Found]:
    times, bad = _readings(text, now)
    found = [Found(None, span) for span in bad]
    for m in times:
        if m.has_clock_time and _day_said(text, m) and not _relative_clock(text, m):
            value = None if _contradicts(text, m) else m.start.isoformat()
            found.append(Found(value, m.spans[0]))
    return found


def dates(text: str, now: datetime) -> list[Found]:
    times, bad = _readings(text, now)
    found = [Found(None, span) for span in bad]
    for m in times:
        if not _day_said(text, m) or (m.has_clock_time and _relative_clock(text, m)):
            continue
        if m.has_clock_time or _one_day(m):
            found.append(Found(None if _contradicts(text, m) else m.start.date().isoformat(), m.spans[0]))
    return found


def _one_day(m: TimeMatch) -> bool:
    start, end = m.start, m.end
    if end is None or start.timetz().replace(tzinfo=None) != datetime.min.time():
        return False
    return end.date() == start.date() + timedelta(days=1) and end.time() == datetime.min.time()


def times(text: str, now: datetime) -> list[Found]:
    """Clock times as ``HH:MM`` (the start of a range)."""
    found, _ = _readings(text, now)
    return [Found(f"{m.start:%H:%M}", m.spans[-1]) for m in found if m.has_clock_time and not _relative_clock(text, m)]


@functools.lru_cache(maxsize=64)
def lengths(text: str) -> tuple[tuple[int, tuple[int, int]], ...]:
    """Every length of time said as one ("3 hours", "it will last 90 min"): (minutes, span), in text order."""
    readable = _LAST_VERB.sub(lambda m: "for".ljust(len(m[0])), text)
    found = []
    start = 0
    while (m := find_duration(readable[start:])) is not None:
        found.append((m.minutes, (m.span[0] + start, m.span[1] + start)))
        start += m.span[1]
    return tuple(found)


def durations(text: str, now: datetime) -> list[Found]:
    """Lengths of time in minutes ("3 hours", "90 min", "it will last 2 hours"); a clock range ("10:00-11:30")
    counts too, a little less than a length said as one."""
    found = [Found(minutes, span) for minutes, span in lengths(text)]
    for t in time_matches(text, now):
        if t.end is None or not t.has_clock_time or _relative_clock(text, t):
            continue
        minutes = round((t.end - t.start).total_seconds() / 60)
        if 0 < minutes <= 24 * 60 and any(_CLOCK_RANGE.search(text, s, e) for s, e in t.spans):
            found.append(Found(minutes, t.spans[0], adjust=-1))
    return found
