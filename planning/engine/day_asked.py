"""A booking after a question about one day is on that day: after "am i free thursday at 10?" (or "what's on
friday?") was answered, "grab an hour with lena at 3 then" books Thursday at 3, not today. The request gives a time
of day and no day; the day is the one the thread's last question was about (the earlier plan's values)."""

from datetime import date, datetime, timedelta

from planning.engine.conflicts import moment
from planning.engine.session import Session
from planning.types import Plan, Step
from planning.understanding.commands import one_clock_no_day

_CALENDAR_READS = frozenset({"find_free_slots", "fetch_calendar_events"})
_BOOKINGS = frozenset({"create_calendar_event"})


def on_day_asked(earlier: Session, text: str, plan: Plan, now: datetime) -> Plan:
    """``plan`` with the start of its bookings moved to the day ``earlier`` asked about, at the same time of day,
    when ``text`` says a time of day and no day and ``earlier`` was a read of one day of the calendar; else ``plan``."""
    day = _day_asked(earlier)
    if day is None or day == now.date() or not one_clock_no_day(text):
        return plan
    moved: list[Step] = []
    for step in plan.steps:
        start = moment(step.inputs.get("startTime")) if step.tool in _BOOKINGS else None
        if start is None or "{{" in str(step.inputs.get("startTime")):
            moved.append(step)
            continue
        wall = start.astimezone(now.tzinfo)
        on_day = datetime.combine(day, wall.time(), tzinfo=now.tzinfo)
        moved.append(step.model_copy(update={"arguments": {"input": {**step.inputs, "startTime": on_day.isoformat()}}}))
    return plan.model_copy(update={"steps": tuple(moved)})


def _day_asked(earlier: Session) -> date | None:
    """The one day the earlier plan's question was about, when it only read the calendar; else None."""
    if not earlier.steps or any(run.step.tool not in _CALENDAR_READS for run in earlier.steps):
        return None
    if len(earlier.parse.goals) != 1:
        return None
    when = earlier.parse.goals[0].slots.when
    if when is None or (when.end is not None and when.end - when.start > timedelta(days=1)):
        return None
    return when.start.date()
