"""Free slots of the local workspace: the shared definition (``integrations/base/freebusy.py``) over its
events (occurrences of series included, declined invitations left out). Every local event is on the user's
calendar, so the attendees' events (those listing them) are already part of the busy time: ``attendees`` cannot
add busy time here."""

import sqlite3
from datetime import UTC, timedelta, tzinfo
from typing import Any

from integrations.base.arguments import FindFreeSlotsArgs
from integrations.base.freebusy import WorkingTime, consecutive_slots, free_intervals, free_slots, working_intervals
from integrations.local.calendar_read import busy_intervals
from integrations.local.settings import WorkingHours

__all__ = ["consecutive_slots", "find_free_slots", "free_intervals", "working_intervals"]


def find_free_slots(
    connection: sqlite3.Connection, args: FindFreeSlotsArgs, *, hours: WorkingHours, zone: tzinfo
) -> list[dict[str, Any]]:
    window = (args.windowStart.astimezone(UTC), args.windowEnd.astimezone(UTC))
    busy = busy_intervals(connection, *window, zone)
    working = WorkingTime(zone=zone, opens=hours.start, closes=hours.end, days=hours.days)
    return list(free_slots(window, busy, timedelta(minutes=args.durationMinutes), working))
