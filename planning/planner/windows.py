"""Default time windows of contract §2.3: free-slot search, event queries, "am I free at T"."""

from datetime import datetime, timedelta

from planning.types import TimeRange

WORKING_DAYS = 5
FREE_AT_MINUTES = 30
INSTANT_QUERY_MINUTES = 60


def next_midnight(moment: datetime, days: int = 1) -> datetime:
    day = (moment + timedelta(days=days)).date()
    return datetime(day.year, day.month, day.day, tzinfo=moment.tzinfo)


def working_days_window(now: datetime) -> tuple[datetime, datetime]:
    """From now to the end of the fifth working day counting today (when today is a working day)."""
    day, counted = now, 0
    while True:
        if day.weekday() < 5:
            counted += 1
            if counted == WORKING_DAYS:
                return now, next_midnight(day)
        day = next_midnight(day)


def window_for(when: TimeRange | None, now: datetime, instant_minutes: int) -> tuple[datetime, datetime]:
    """The range a request names, clipped to start no earlier than now; a default when it names none."""
    if when is None:
        return working_days_window(now)
    start = when.start
    end = when.end or start + timedelta(minutes=instant_minutes)
    if start < now < end:
        start = now
    return start, end
