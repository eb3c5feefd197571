"""A change of an event said at the approval of another action on it ("don't delete it - move it to the 11th
instead, same time"): the step shown becomes the update of that event, to approve again."""

from datetime import datetime
from typing import Any

from planning.engine.answers import parse_answer
from planning.engine.followups import new_start
from planning.engine.session import Session, StepRun
from planning.engine.targets import record_of
from planning.types import Step
from planning.understanding.commands import Change


def instead(session: Session, run: StepRun, arguments: dict[str, Any], command: Change, now: datetime) -> Step | None:
    """The update of the event ``run`` acts on with the change ``command`` says (its start: a time, a day at the
    same wall-clock time; its length); None when the step acts on no one event or a value is not one."""
    event = record_of(session, run)
    event_id = run.step.inputs.get("eventId")  # as the step says it (a reference to the read that found it)
    if event is None or not isinstance(event_id, str) or run.step.for_each is not None:
        return None
    changes: dict[str, Any] = {"eventId": event_id}
    if run.step.tool == "update_calendar_event":  # what the move shown already changed stays, unless said again
        changes |= {k: v for k, v in arguments.items() if k not in ("shiftMinutes", "eventId")}
        if "shiftMinutes" in arguments and command.field != "startTime":
            changes["shiftMinutes"] = arguments["shiftMinutes"]
    for field, value in ((command.field, command.value), *command.also):
        if field == "startTime":
            start = new_start(event, value, now)
            if start is None:
                return None
            changes["startTime"] = start
        elif field == "durationMinutes":
            length = parse_answer("durationMinutes", value, now)
            if not length.ok:
                return None
            changes["durationMinutes"] = length.value
        else:
            return None
    title = f"Move “{event.get('title', 'the event')}”" if "startTime" in changes else f"Change “{event.get('title')}”"
    return Step(
        id=run.step.id,
        intent=title,
        tool="update_calendar_event",
        arguments={"input": changes},
        depends_on=run.step.depends_on,
    )
