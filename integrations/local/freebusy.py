"""Free slots: working hours minus busy time, cut into slots of the requested duration.

Semantics (the contract suite checks them):
- Time counts as free when it lies in ``[windowStart, windowEnd)``, within working hours (local wall-clock
  times of the workspace's zone, on working days; each day's offset comes from ``zoneinfo``, so hours stay
  09:00–17:00 local across a daylight-saving change), and outside every busy event.
- Busy time is the user's calendar and the attendees' events. Every local event is on the user's calendar, so
  the attendees' events (those listing them) are already part of it: ``attendees`` cannot add busy time here.
- Each free interval is returned as **consecutive slots of exactly ``durationMinutes``**, from the interval's
  start (rounded up to a whole minute); a remainder shorter than the duration is dropped. So every
  ``{start, end}`` can be booked as it is, and ``data[0]`` is the earliest possible meeting. At most
  ``MAX_SLOTS`` slots are returned (the earliest).

All arithmetic is done in UTC: adding minutes to a zone-aware datetime in Python is wall-clock arithmetic.
"""

import sqlite3
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from itertools import islice
from typing import Any

from integrations.base.arguments import FindFreeSlotsArgs
from integrations.local.calendar import busy_intervals
from integrations.local.settings import WorkingHours

Interval = tuple[datetime, datetime]
MAX_SLOTS = 500


def find_free_slots(
    connection: sqlite3.Connection, args: FindFreeSlotsArgs, *, hours: WorkingHours, zone: tzinfo
) -> list[dict[str, Any]]:
    window_start, window_end = args.windowStart.astimezone(UTC), args.windowEnd.astimezone(UTC)
    busy = busy_intervals(connection, window_start, window_end)
    free = free_intervals(working_intervals(window_start, window_end, hours, zone), busy)
    duration = timedelta(minutes=args.durationMinutes)
    slots = islice(consecutive_slots(free, duration), MAX_SLOTS)
    return [{"start": _shown(start, zone), "end": _shown(end, zone)} for start, end in slots]


def working_intervals(start: datetime, end: datetime, hours: WorkingHours, zone: tzinfo) -> list[Interval]:
    """The parts of ``[start, end)`` in working hours, as UTC intervals, one per working day."""
    start, end = start.astimezone(UTC), end.astimezone(UTC)
    day, last = start.astimezone(zone).date(), end.astimezone(zone).date()
    found: list[Interval] = []
    while day <= last:
        if day.weekday() in hours.days:
            opens = datetime.combine(day, hours.start, tzinfo=zone).astimezone(UTC)
            closes = datetime.combine(day, hours.end, tzinfo=zone).astimezone(UTC)
            low, high = max(opens, start), min(closes, end)
            if low < high:
                found.append((low, high))
        day += timedelta(days=1)
    return found


def free_intervals(available: Sequence[Interval], busy: Sequence[Interval]) -> list[Interval]:
    """``available`` minus ``busy`` (both in order of start); the pieces keep that order."""
    ordered_busy = sorted(busy)
    found: list[Interval] = []
    for low, high in available:
        cursor = low
        for busy_start, busy_end in ordered_busy:
            if busy_end <= cursor or busy_start >= high:
                continue
            if busy_start > cursor:
                found.append((cursor, busy_start))
            cursor = busy_end
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
