"""One of the free times a search just found, taken after the search ended ("3pm works", "book the first one"): a
new plan that books it with the people searched for, for the length searched (contract §2.9: the free-slot search,
then the slot, then the booking), run only after its own approval like any write."""

from datetime import datetime
from typing import Any

from planning.engine.followups import FollowUp
from planning.engine.free_times import free_times, inside_free_time, moment_of
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun
from planning.types import Goal, Plan, Step
from planning.understanding.commands import Pick


def booking(earlier: Session, command: Pick) -> FollowUp | str:
    """The booking of the free time ``command`` takes among those ``earlier`` found; or why it cannot be booked
    (a time outside the free time found)."""
    slots = free_times(earlier)
    search = next(run for run in reversed(earlier.steps) if run.step.tool == "find_free_slots")
    arguments = _searched(earlier, search)
    chosen: dict[str, Any] | None = None
    if command.index is not None and 1 <= command.index <= len(slots):
        chosen = slots[command.index - 1]
    at = moment_of(command.at)
    if chosen is None and at is not None:  # a time said outside the free time found: booked on the day searched,
        chosen = inside_free_time(slots, at) or _as_long_as(slots, at)  # the card says who is busy then
    if chosen is None:
        return "That time is not in the free time I found; say one of the times shown, or ask for another day"
    start, end = moment_of(chosen["start"]), moment_of(chosen["end"])
    assert start is not None and end is not None
    minutes = arguments.get("durationMinutes")
    length = minutes if isinstance(minutes, int) else int((end - start).total_seconds() // 60)
    people = [a for a in arguments.get("attendees") or [] if isinstance(a, str) and "@" in a]
    title = command.title[:1].upper() + command.title[1:] if command.title else _title(earlier, people)
    step = Step(
        id="book",
        intent=f"Book “{title}” at {_clock(start)}",
        tool="create_calendar_event",
        arguments={
            "input": {"title": title, "startTime": start.isoformat(), "durationMinutes": length}
            | ({"attendees": people} if people else {})
        },
    )
    return FollowUp(Plan(steps=(step,)), Goal(intent="create", entity="event"), "follow-up: book the free time")


def _as_long_as(slots: list[dict[str, Any]], at: datetime) -> dict[str, Any] | None:
    """A slot at ``at`` as long as the free times found."""
    first = slots[0] if slots else None
    start, end = (moment_of(first.get("start")), moment_of(first.get("end"))) if first is not None else (None, None)
    if start is None or end is None:
        return None
    return {"start": at.isoformat(), "end": (at + (end - start)).isoformat()}


def _searched(earlier: Session, search: StepRun) -> dict[str, Any]:
    try:
        return dict(resolve(search.step.inputs, earlier.results(), search.answers))
    except ResolutionError:
        return dict(search.step.inputs)


def _title(earlier: Session, people: list[str]) -> str:
    """The title the search's request gave what the time is for ("when am i free tomorrow? need an hour to do the
    security questionnaire" → "Security questionnaire"); else "Meeting with Priya" (the first names of the people
    found for the search), or "Meeting"."""
    said = next((goal.slots.title for goal in earlier.parse.goals if goal.entity == "availability"), None)
    if said:
        return said[:1].upper() + said[1:]
    names: list[str] = []
    for run in earlier.steps:
        records = run.result if run.step.tool == "fetch_entity" and isinstance(run.result, list) else []
        for record in records[:1]:
            if isinstance(record, dict) and record.get("email") in people and record.get("name"):
                names.append(str(record["name"]).split()[0])
    return f"Meeting with {' and '.join(names)}" if names else "Meeting"


def _clock(moment: datetime) -> str:
    return f"{moment:%a} {moment.day} {moment:%b} {moment:%H:%M}"
