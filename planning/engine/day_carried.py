"""A request said as the next step after a plan ended, with a time of day and no day ("then block 1 to 4 for the
deck" after "clear my thurs afternoon"): the time is on the one day the ended plan's request named, not today
(:func:`planning.understanding.next_step_day.on_day_said_before`)."""

from datetime import date, datetime, timedelta

from planning.engine.session import Session
from planning.understanding.next_step_day import on_day_said_before


def day_carried(earlier: Session, text: str, now: datetime) -> str | None:
    """``text`` with the day of ``earlier`` said after it, when it is such a next step; None otherwise."""
    day = _one_day(earlier, now)
    return on_day_said_before(text, day, now) if day is not None else None


def _one_day(earlier: Session, now: datetime) -> date | None:
    days = set()
    for goal in earlier.parse.goals:
        when = goal.slots.when
        if when is None:
            continue
        start = when.start.astimezone(now.tzinfo)
        end = (when.end or when.start).astimezone(now.tzinfo) - timedelta(microseconds=1)
        days |= {start.date(), max(start, end).date()}
    return days.pop() if len(days) == 1 else None
