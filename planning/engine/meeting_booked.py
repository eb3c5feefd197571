"""A booking right after a plan whose request asked someone about a meeting ("reply to dana …, also ask if she has
30 min thurs to go over the sso bits w me", then "just put it on the cal thurs 11am and invite her"): the event is
titled by what that meeting was for ("Sso bits"), and lasts as long as was asked when the booking says no length,
instead of "Meeting". Only when the booking names neither title nor people of its own ("her", "them") and the earlier
plan booked nothing itself."""

from datetime import datetime

from planning.engine.session import Session
from planning.types import Goal, Plan, Step
from planning.understanding.commands.pointing import names_them
from planning.understanding.meeting_asked import meeting_asked

_BOOKS = "create_calendar_event"


def with_meeting_asked(earlier: Session, text: str, plan: Plan, goal: Goal, now: datetime) -> Plan:
    """``plan`` with its new event titled (and timed) as the meeting the earlier request asked about."""
    if (goal.intent, goal.entity) != ("create", "event") or goal.slots.title or not names_them(text):
        return plan
    if any(run.step.tool == _BOOKS for run in earlier.steps):
        return plan
    asked = meeting_asked(earlier.text, now)
    if asked is None:
        return plan
    minutes = goal.slots.duration_minutes is None
    steps = tuple(_titled(step, asked.title, asked.minutes if minutes else None) for step in plan.steps)
    return plan.model_copy(update={"steps": steps})


def _titled(step: Step, title: str, minutes: int | None) -> Step:
    if step.tool != _BOOKS:
        return step
    inputs = {**step.inputs, "title": title, **({"durationMinutes": minutes} if minutes is not None else {})}
    heading = step.intent.replace(f"'{step.inputs.get('title')}'", f"'{title}'")  # "Create the event 'Sso bits'"
    return step.model_copy(update={"intent": heading, "arguments": {**step.arguments, "input": inputs}})
