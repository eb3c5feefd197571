"""The new start of an event moved to a day said without a time of day ("move it to friday, same time", "push it to
the 11th"): the same wall-clock time on that day, in the event's zone (14:00 stays 14:00 across a daylight-saving
change, contract §2.4). A week said ("start it next week") is the event's own weekday in that week."""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.understanding.timeexpr import find_times


def on_day_said(event: dict[str, Any], value: str, now: datetime) -> str | None:
    """The event's start moved to the one day ``value`` names, at the same wall-clock time (in ``now``'s zone), or to
    its weekday in the week ``value`` names; None when ``value`` says a time of day, several days that are no week,
    or no day."""
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
    zone = now.tzinfo if isinstance(now.tzinfo, ZoneInfo) else begin.tzinfo
    wall = begin.astimezone(zone)
    on = day.start.date()
    if day.end is not None and day.end - day.start > timedelta(days=1):
        if day.end.date() - on != timedelta(days=7):  # several days, no week: no one day
            return None
        on += timedelta(days=(wall.weekday() - on.weekday()) % 7)  # "next week": its weekday in that week
    moved = datetime.combine(on, wall.time().replace(second=0, microsecond=0), tzinfo=zone)
    return moved.isoformat()
