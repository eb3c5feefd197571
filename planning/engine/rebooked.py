"""A deleted event booked again at a new time: after a plan that deleted an event, a request that creates one event,
names no title or people of its own and points back ("put it on tuesday at 8 instead", "book it again for wednesday
at 3") re-creates the event deleted, from the values it had when it was read (its title, people, place, notes and
length, the length unless the request says one), at the time the request says (a day said alone: at the time of day
it had)."""

from datetime import datetime
from typing import Any

from planning.engine.day_move import on_day_said
from planning.engine.session import Session
from planning.engine.targets import record_of
from planning.planner.undo import recreated
from planning.types import Goal, Plan
from planning.understanding.commands import points_back


def deleted_rebooked(earlier: Session, text: str, plan: Plan, goal: Goal, now: datetime | None = None) -> Plan:
    """``plan`` with its one booking made from the event ``earlier`` deleted, when ``text`` books that event again;
    else ``plan`` as it is. A day said without a time of day (read at ``now``) keeps the time the event had."""
    deleted = _deleted_event(earlier)
    if deleted is None or len(plan.steps) != 1 or not points_back(text):
        return plan
    [booking] = plan.steps
    if booking.tool != "create_calendar_event" or goal.slots.title or goal.slots.people:
        return plan
    start = booking.inputs.get("startTime")
    if isinstance(start, str) and "{{" in start and now is not None:  # "put it on fri the 13th instead, same time"
        start = on_day_said(deleted, text, now)  # the day said, at the wall-clock time it had
    if not isinstance(start, str) or "{{" in start:
        return plan
    values: dict[str, Any] = {**recreated(deleted), "startTime": start}
    if goal.slots.duration_minutes is not None:  # a length said with it: that length
        values["durationMinutes"] = booking.inputs.get("durationMinutes", goal.slots.duration_minutes)
    intent = f"Create the event '{values['title']}' again"
    step = booking.model_copy(update={"arguments": {"input": values}, "intent": intent})
    return plan.model_copy(update={"steps": (step,)})


def _deleted_event(earlier: Session) -> dict[str, Any] | None:
    """The event the earlier plan deleted last, as the read that found it returned it (None: it deleted none)."""
    for run in reversed(earlier.steps):
        if run.step.tool != "delete_calendar_event" or run.state != "done":
            continue
        event = record_of(earlier, run) or {}
        return event if event.get("title") and event.get("startTime") else None
    return None
