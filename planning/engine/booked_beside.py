"""A booking placed next to what the last plan showed ("right after it then? need 30 min with omar", "an hour with
dana just before that", "great, 20 min with kim then"): the reply is read as a booking by the understanding, and its
start comes from the thing shown —

- an event the plan made or changed, or the one event a read listed: right after it ends, or ending when it starts;
- a one-time free/busy question ("am I free Tuesday at 11?"): when the answer was no, the meetings in the way are read
  and the booking goes right after the last of them (or ends when the first starts); when it was yes, "then" is that
  time, "after" the end of the time asked about.

Nothing is booked here: the plan runs after its own approval, with the usual busy-time check on its card."""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from planning.engine.followups import FollowUp
from planning.engine.free_times import moment_of
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.pipeline import RequestPlanner
from planning.types import Goal, Plan
from planning.understanding.commands import BookBeside

_BOOKING = ("create", "event")
_DEFAULT_MINUTES = 30


@dataclass(frozen=True, slots=True)
class Shown:
    """The time span of what was shown, and what it is called in the plan's explanation."""

    start: datetime
    end: datetime
    what: str


async def booking_beside(
    earlier: Session, command: BookBeside, text: str, now: datetime, planner: RequestPlanner, runner: ToolRunner
) -> FollowUp | None:
    """The booking ``text`` asks for, started at ``command.side`` ("after", "before", "at") of what ``earlier``
    showed; None when it showed nothing with a time to place it by, or ``text`` does not read as one booking."""
    shown = await _shown(earlier, runner, at=command.side == "at")
    if shown is None:
        return None
    understood = await planner.understand_async(text, now, _BOOKING, who=earlier.principal)
    steps = list(understood.plan.steps)
    index = next((i for i, step in enumerate(steps) if step.tool == "create_calendar_event"), None)
    if index is None or len(understood.parse.goals) != 1:
        return None
    step = steps[index]
    minutes = step.inputs.get("durationMinutes")
    length = timedelta(minutes=minutes if isinstance(minutes, int) and minutes > 0 else _DEFAULT_MINUTES)
    start = {"after": shown.end, "before": shown.start - length}.get(command.side, shown.start)
    inputs = {**step.inputs, "startTime": start.isoformat()}
    if not isinstance(minutes, int):
        inputs["durationMinutes"] = int(length.total_seconds() // 60)
    steps[index] = step.model_copy(update={"arguments": {**step.arguments, "input": inputs}})
    side = {"after": "right after", "before": "right before"}.get(command.side, "at")
    plan = Plan(steps=tuple(steps))
    return FollowUp(plan, Goal(intent="create", entity="event"), f"follow-up: booked {side} {shown.what}")


async def _shown(earlier: Session, runner: ToolRunner, *, at: bool) -> Shown | None:
    """What the earlier plan showed that a booking may be placed next to."""
    if earlier.state != "done":
        return None
    event = None if at else _event_left(earlier)
    if event is not None:
        return event
    for run in reversed(earlier.steps):
        if run.step.tool == "find_free_slots" and run.state == "done":
            return await _asked(earlier, run, runner, at=at)
    return None


def _event_left(earlier: Session) -> Shown | None:
    """The event the plan made or changed last, else the one event its last read of the calendar found."""
    for run in reversed(earlier.steps):
        if run.state != "done":
            continue
        if run.step.tool in ("create_calendar_event", "update_calendar_event") and isinstance(run.result, dict):
            return _span(run.result)
        if run.step.tool == "fetch_calendar_events" and isinstance(run.result, list):
            found = [item for item in run.result if isinstance(item, dict)]
            return _span(found[0]) if len(found) == 1 else None
    return None


async def _asked(earlier: Session, run: StepRun, runner: ToolRunner, *, at: bool) -> Shown | None:
    """The time a one-time free/busy question asked about; when it was busy, the meetings there."""
    try:
        arguments = dict(resolve(run.step.inputs, earlier.results(), run.answers))
    except ResolutionError:
        return None
    begin, finish = moment_of(arguments.get("windowStart")), moment_of(arguments.get("windowEnd"))
    minutes = arguments.get("durationMinutes")
    if begin is None or finish is None or not isinstance(minutes, int):
        return None
    if finish - begin > timedelta(minutes=minutes):
        return None  # a search over a range: its free times are picked by the free-time reading, not here
    free = isinstance(run.result, list) and bool(run.result)
    if free or at:
        return Shown(begin, finish, "the time asked about") if free else None
    query = {"start": begin.isoformat(), "end": finish.isoformat()}
    try:
        found = await runner.run("fetch_calendar_events", query, zone=earlier.tz, principal=earlier.principal)
    except Exception:  # the calendar could not be read: placed by the time asked about
        return Shown(begin, finish, "the time asked about")
    spans = [span for item in found or [] if isinstance(item, dict) and (span := _span(item)) is not None]
    if not spans:
        return Shown(begin, finish, "the time asked about")
    names = ", ".join(span.what for span in spans)
    return Shown(min(s.start for s in spans), max(s.end for s in spans), names)


def _span(event: dict[str, Any]) -> Shown | None:
    begin, end = moment_of(event.get("startTime")), moment_of(event.get("endTime"))
    if begin is None or end is None:
        return None
    return Shown(begin, end, f"“{event.get('title') or 'the event'}”")
