"""A new event's first time when the request says the period it begins in ("a weekly 1:1 tues 10am, starting next
week", "standup at 9 every day beginning next month"): the clock time read first, moved to the first such time in
that period — whole weeks on when a weekday was said, else that period's first day at that time. The leading words
are data (``data/cues/repeat_start_leads.txt``)."""

from datetime import timedelta

from planning.understanding.cues import Words, cues
from planning.understanding.timeexpr import TimeMatch
from planning.understanding.timewords import WEEKDAYS

_WEEK = timedelta(days=7)


def first_in_period(text: str, times: list[TimeMatch]) -> TimeMatch | None:
    """The first time moved into the period a lead of ``repeat_start_leads`` names after it (as it is when it is
    already in it); None when none is said, or the first time is past it."""
    if len(times) < 2 or not times[0].has_clock_time or not times[0].spans:
        return None
    first = times[0]
    period = next((t for t in times[1:] if not t.has_clock_time and t.spans and _led(text, t)), None)
    if period is None:
        return None
    if first.start >= period.start and (period.end is None or first.start < period.end):
        return first  # already in it ("mondays at 4, starting next week" said on a Monday): kept, not today's
    if first.start >= period.start:
        return None
    start = first.start
    if _names_a_weekday(text, first):
        while start < period.start:
            start += _WEEK
    else:
        start = period.start.replace(hour=start.hour, minute=start.minute)
    end = start + (first.end - first.start) if first.end is not None else None
    return TimeMatch(start, end, True, first.spans)


def period_leads(text: str, times: list[TimeMatch]) -> list[tuple[int, int]]:
    """The words of ``repeat_start_leads`` right before a time ("starting" of "starting next week"): the time's, no
    part of a title or of whom an event is with."""
    out: list[tuple[int, int]] = []
    for time in times:
        if not time.spans:
            continue
        before = Words.of(text[: time.spans[0][0]])
        found = cues("repeat_start_leads").ending(before.words)
        if found is not None:
            out.append((before.char_start(found.start), before.char_end(found.end - 1)))
    return out


def _led(text: str, period: TimeMatch) -> bool:
    before = Words.of(text[: period.spans[0][0]]).words
    return cues("repeat_start_leads").ending(before) is not None


def _names_a_weekday(text: str, match: TimeMatch) -> bool:
    return any(w in WEEKDAYS or w.rstrip("s") in WEEKDAYS for s, e in match.spans for w in Words.of(text[s:e]).words)
