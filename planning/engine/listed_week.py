"""A move of an event the last plan listed to a weekday said alone ("shift the second one to wed, same time" after
next week's events were listed): the day of that name in the week of the event moved, as a move of an event just made
reads it (:func:`planning.understanding.weekday_said.in_week_of`), not this week's. The request was planned before the
event was known; here the event is known (carried from the list), and the day its move keeps the time on is read
again."""

from dataclasses import replace
from datetime import date, datetime
from typing import Any

from planning.engine.conflicts import moment
from planning.engine.followups import FollowUp
from planning.references import at_time_of, parse_at_time_of
from planning.understanding.weekday_said import day_meant, weekday_alone


def in_its_week(pointed: FollowUp, text: str, now: datetime) -> FollowUp:
    """``pointed`` with each move to a weekday said alone put on that weekday of the moved event's week; else as it
    is."""
    weekday = weekday_alone(text)
    starts = [start for start in map(_start_of, _items(pointed.known)) if start is not None]
    if weekday is None or len(starts) != 1:
        return pointed
    moved = starts[0].astimezone(now.tzinfo).date()
    steps = tuple(_on_day(step, day_meant(weekday, moved, now.date())) for step in pointed.plan.steps)
    return replace(pointed, plan=pointed.plan.model_copy(update={"steps": steps}))


def _on_day(step: Any, day: date) -> Any:
    said = parse_at_time_of(str(step.inputs.get("startTime", ""))) if step.tool == "update_calendar_event" else None
    if said is None:
        return step
    inputs = {**step.inputs, "startTime": at_time_of(said[0], day, said[2])}
    return step.model_copy(update={"arguments": {**step.arguments, "input": inputs}})


def _items(known: dict[str, Any]) -> list[Any]:
    return [item for result in known.values() for item in (result if isinstance(result, list) else [result])]


def _start_of(item: Any) -> datetime | None:
    return moment(item.get("startTime")) if isinstance(item, dict) else None
