"""Days said one after another ("tuesday and wednesday", "this week and next week", "mon, tue or wed") are read
together: a question, a listing or a change of each event on them covers them all, from the first day's start to
the last day's end. A list of weekdays is read in order, each on or after the one before: "mon and tue", said on a
Monday when a bare "monday" is next week's, is next week's Monday and the Tuesday after it, never a span running
back."""

from dataclasses import replace
from datetime import timedelta
from itertools import pairwise

from planning.types import TimeRange
from planning.understanding import timewords as tw
from planning.understanding.time_links import days_joined
from planning.understanding.timeexpr import TimeMatch

_WEEK = timedelta(days=7)


def joined_span(text: str, times: list[TimeMatch]) -> TimeRange | None:
    """The span of ``times`` when they are whole days or weeks joined one after another in ``text``; else None."""
    if len(times) < 2 or any(t.has_clock_time or t.end is None or not t.spans for t in times):
        return None
    ordered = in_order(text, times)
    if not all(
        later.start >= earlier.start and days_joined(text[earlier.spans[-1][1] : later.spans[0][0]])
        for earlier, later in pairwise(ordered)
    ):
        return None
    return TimeRange(start=ordered[0].start, end=max(t.end for t in ordered if t.end), has_clock_time=False)


def joined_words(text: str, times: list[TimeMatch]) -> list[tuple[int, int]]:
    """The words of each two days joined one after the other, with the words joining them ("tuesday and wednesday",
    also before "to thursday"): no part of a title or of the words an event is searched by."""
    return [
        (earlier.spans[0][0], later.spans[-1][1])
        for earlier, later in pairwise(times)
        if joined_span(text, [earlier, later]) is not None
    ]


def in_order(text: str, times: list[TimeMatch]) -> list[TimeMatch]:
    """``times`` with each weekday said bare after another day moved a week on where it fell before that day."""
    out: list[TimeMatch] = []
    for time in times:
        earlier = out[-1] if out else None
        if earlier is not None and time.start < earlier.start and _bare_weekday(text, time):
            end = None if time.end is None else time.end + _WEEK
            time = replace(time, start=time.start + _WEEK, end=end)
        out.append(time)
    return out


def _bare_weekday(text: str, time: TimeMatch) -> bool:
    """Whether ``time`` is said as a weekday's name alone ("tue", "wednesday")."""
    start, end = time.spans[0]
    return len(time.spans) == 1 and text[start:end].strip().casefold() in tw.WEEKDAYS
