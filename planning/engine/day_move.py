"""The new start of an event moved to a day said without a time of day ("move it to friday, same time", "push it to
the 11th"): the same wall-clock time on that day, in the event's zone (14:00 stays 14:00 across a daylight-saving
change, contract §2.4)."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.understanding.timeexpr import find_times


def on_day_said(event: dict[str, Any], value: str, now: datetime) -> str | None:
    """The event's start moved to the one day ``value`` names, at the same wall-clock time (in ``now``'s zone);
    None when ``value`` says a time of day, several days, or no day."""
    start = event.get("startTime")
    if not isinstance(start, str):
        return None
    try:
        begin = datetime.fromisoformat(start)
    except ValueError:
        return None
    found = find_times(value, now)
    if len(found) != 1 or found[0].has_clock_time:
        return None
    day = found[0]
    if day.end is not None and day.end - day.start > timedelta(days=1):  # "next week": no one day
        return None
    zone = now.tzinfo if isinstance(now.tzinfo, ZoneInfo) else begin.tzinfo
    wall = begin.astimezone(zone)
    moved = datetime.combine(day.start.date(), wall.time().replace(second=0, microsecond=0), tzinfo=zone)
    return moved.isoformat()
