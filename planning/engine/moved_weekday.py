"""A move of an event named in the request to a weekday said alone ("move lunch w maria to thurs"): the day of that
name in the week of the event found, not the next one from today. Planned before the event was read, the move's day
was today's next Thursday, a week before a lunch set for next Tuesday; once the read finds the one event, the day is
read again in its week (:func:`planning.understanding.weekday_said.day_meant`). A day of that week already past or
today stays as planned."""

from datetime import date
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.conflicts import moment
from planning.engine.session import Session, StepRun
from planning.references import at_time_of, parse_at_time_of
from planning.understanding.weekday_said import weekday_alone


def in_week_of_found(session: Session, run: StepRun, data: Any, today: date) -> None:
    """Put each move that keeps the time of the event ``run`` found on the weekday the request said alone, in that
    event's week, when that day is still ahead."""
    weekday = weekday_alone(session.text) if run.step.tool == "fetch_calendar_events" else None
    start = moment(data[0].get("startTime")) if isinstance(data, list) and len(data) == 1 else None
    if weekday is None or start is None:
        return
    found = start.astimezone(ZoneInfo(session.tz)).date()
    day = date.fromordinal(found.toordinal() - found.weekday() + weekday)
    if day <= today:
        return
    for other in session.steps:
        inputs = other.step.inputs
        moves = other.step.tool == "update_calendar_event"
        said = parse_at_time_of(str(inputs.get("startTime", ""))) if moves else None
        if said is None or f"{{{{{run.id}." not in said[0] or said[1] == day:
            continue
        moved = {**inputs, "startTime": at_time_of(said[0], day, said[2])}
        other.step = other.step.model_copy(update={"arguments": {**other.step.arguments, "input": moved}})
