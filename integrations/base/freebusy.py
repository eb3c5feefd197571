"""Free slots from busy time: the one definition every calendar connector uses (the contract suite checks it).

- Free time lies in ``[windowStart, windowEnd)``, within working hours (local wall-clock times of the owner's
  zone on working days; each day's offset comes from ``zoneinfo``, so hours stay local across a daylight-saving
  change), outside every busy interval.
- Each free interval gives **consecutive slots of exactly the duration** from its start (rounded up to a whole
  minute); a shorter remainder is dropped, so every ``{start, end}`` can be booked as it is and ``data[0]`` is
  the earliest. At most ``MAX_SLOTS`` slots (the earliest) are returned.

All arithmetic is in UTC: adding minutes to a zone-aware datetime in Python is wall-clock arithmetic.
"""

from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo
from itertools import islice

Interval = tuple[datetime, datetime]
MAX_SLOTS = 500


@dataclass(frozen=True, slots=True)
class WorkingTime:
    zone: tzinfo
    opens: time
    closes: time
    days: Collection[int]  # Monday = 0 ... Sunday = 6


def free_slots(
    window: Interval, busy: Iterable[Interval], duration: timedelta, working: WorkingTime
) -> list[dict[str, str]]:
    """``find_free_slots``'s ``data``: ``[{start, end}]`` as ISO 8601 in the owner's zone."""
    start, end = window[0].astimezone(UTC), window[1].astimezone(UTC)
    ordered = sorted((low.astimezone(UTC), high.astimezone(UTC)) for low, high in busy)
    free = free_intervals(working_intervals(start, end, working), ordered)
    slots = islice(consecutive_slots(free, duration), MAX_SLOTS)
    return [{"start": _shown(low, working.zone), "end": _shown(high, working.zone)} for low, high in slots]


def working_intervals(start: datetime, end: datetime, working: WorkingTime) -> list[Interval]:
    """The parts of ``[start, end)`` in working hours, as UTC intervals, one per working day."""
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    day, last = start.astimezone(working.zone).date(), end.astimezone(working.zone).date()
    found: list[Interval] = []
    while day <= last:
        if day.weekday() in working.days:
            opens = datetime.combine(day, working.opens, tzinfo=working.zone).astimezone(UTC)
            closes = datetime.combine(day, working.closes, tzinfo=working.zone).astimezone(UTC)
            low, high = max(opens, start), min(closes, end)
            if low < high:
                found.append((low, high))
        day += timedelta(days=1)
    return found


def free_intervals(available: Sequence[Interval], busy: Sequence[Interval]) -> list[Interval]:
    """``available`` minus ``busy`` (any order); the pieces keep the order of ``available``."""
    ordered_busy = sorted(busy)
    found: list[Interval] = []
    for low, high in available:
        cursor = low
        for busy_start, busy_end in ordered_busy:
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


def _shown(moment: datetime, zone: tzinfo) -> str:
    return moment.astimezone(zone).isoformat(timespec="seconds")


def _up_to_minute(moment: datetime) -> datetime:
    floor = moment.replace(second=0, microsecond=0)
    return floor if floor == moment else floor + timedelta(minutes=1)
