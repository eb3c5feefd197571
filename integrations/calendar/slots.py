"""Free slots from busy time, with the local workspace's semantics (``integrations/local/freebusy.py``).

- Free time lies in ``[windowStart, windowEnd)``, in working hours on working days, outside every busy interval.
- Each free interval gives **consecutive slots of exactly the duration** from its start (rounded up to a whole
  minute); a shorter remainder is dropped. At most ``MAX_SLOTS`` slots (the earliest) are returned.

All arithmetic is in UTC: adding minutes to a zone-aware datetime in Python is wall-clock arithmetic.
"""

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime, timedelta
from itertools import islice

from integrations.calendar.workweek import WorkWeek

Interval = tuple[datetime, datetime]
MAX_SLOTS = 500


def free_slots(window: Interval, busy: Iterable[Interval], duration: timedelta, week: WorkWeek) -> list[dict[str, str]]:
    """``find_free_slots``'s ``data``: ``[{start, end}]`` as ISO 8601 in the owner's zone."""
    start, end = window[0].astimezone(UTC), window[1].astimezone(UTC)
    ordered = sorted((low.astimezone(UTC), high.astimezone(UTC)) for low, high in busy)
    free = free_intervals(working_intervals(start, end, week), ordered)
    slots = islice(consecutive_slots(free, duration), MAX_SLOTS)
    return [{"start": _shown(low, week), "end": _shown(high, week)} for low, high in slots]


def working_intervals(start: datetime, end: datetime, week: WorkWeek) -> list[Interval]:
    """The parts of ``[start, end)`` in working hours, as UTC intervals, one per working day."""
    day, last = start.astimezone(week.zone).date(), end.astimezone(week.zone).date()
    found: list[Interval] = []
    while day <= last:
        if day.weekday() in week.days:
            opens = datetime.combine(day, week.start, tzinfo=week.zone).astimezone(UTC)
            closes = datetime.combine(day, week.end, tzinfo=week.zone).astimezone(UTC)
            low, high = max(opens, start), min(closes, end)
            if low < high:
                found.append((low, high))
        day += timedelta(days=1)
    return found


def free_intervals(available: Sequence[Interval], busy: Sequence[Interval]) -> list[Interval]:
    """``available`` minus ``busy`` (both in start order); the pieces keep that order."""
    found: list[Interval] = []
    for low, high in available:
        cursor = low
        for busy_start, busy_end in busy:
            if busy_end <= cursor or busy_start >= high:
                continue
            if busy_start > cursor:
                found.append((cursor, busy_start))
            cursor = max(cursor, busy_end)
            if cursor >= high:
                break
        if cursor < high:
            found.append((cursor, high))
    return found


def consecutive_slots(free: Sequence[Interval], duration: timedelta) -> Iterator[Interval]:
    for low, high in free:
        start = _up_to_minute(low)
        while start + duration <= high:
            yield start, start + duration
            start += duration


def _shown(moment: datetime, week: WorkWeek) -> str:
    return moment.astimezone(week.zone).isoformat(timespec="seconds")


def _up_to_minute(moment: datetime) -> datetime:
    floor = moment.replace(second=0, microsecond=0)
    return floor if floor == moment else floor + timedelta(minutes=1)
