"""Free slots for the calendar connectors: the shared definition (``integrations/base/freebusy.py``) over the
owner's work week."""

from collections.abc import Iterable
from datetime import timedelta

from integrations.base.freebusy import Interval, WorkingTime
from integrations.base.freebusy import free_slots as _free_slots
from integrations.calendar.workweek import WorkWeek

__all__ = ["Interval", "free_slots"]


def free_slots(window: Interval, busy: Iterable[Interval], duration: timedelta, week: WorkWeek) -> list[dict[str, str]]:
    """``find_free_slots``'s ``data``: ``[{start, end}]`` as ISO 8601 in the owner's zone."""
    working = WorkingTime(zone=week.zone, opens=week.start, closes=week.end, days=week.days)
    return _free_slots(window, busy, duration, working)
