"""A change of an event said at the approval of an action on it: at a booking's card ("give it an hour", "put it in
room 4", "push it back 15") the booking's values change; at the card of another action on an existing event ("don't
delete it - move it to the 11th instead, same time") the step shown becomes the update of that event. Either way
the step is shown again, to approve again."""

from datetime import datetime
from typing import Any

from planning.engine.event_values import with_changes
from planning.engine.session import Session, StepRun
from planning.engine.targets import record_of
from planning.types import Step
from planning.understanding.commands import EventChange


def instead(
    session: Session, run: StepRun, arguments: dict[str, Any], command: EventChange, now: datetime
) -> Step | None:
    """The step shown with the change ``command`` says (its start: a time, a day at the same wall-clock time, or
    by an amount; its length: to or by an amount; its place); None when the step acts on no one event or a value is
    not one."""
    said = ((command.field, command.value), *command.also)
    if run.step.tool == "create_calendar_event":
        values = with_changes(arguments, said, None, now)
        if values is None:
            return None
        changed = {key: value for key, value in values.items() if value != arguments.get(key)}
        inputs = {**run.step.inputs, **changed}
        return run.step.model_copy(update={"arguments": {**run.step.arguments, "input": inputs}})
    event = record_of(session, run)
    event_id = run.step.inputs.get("eventId")  # as the step says it (a reference to the read that found it)
    if event is None or not isinstance(event_id, str) or run.step.for_each is not None:
        return None
    changes: dict[str, Any] = {"eventId": event_id}
    if run.step.tool == "update_calendar_event":  # what the move shown already changed stays, unless said again
        changes |= {k: v for k, v in arguments.items() if k != "eventId"}
    values = with_changes(changes, said, event, now)
    if values is None:
        return None
    moved = "startTime" in values or "shiftMinutes" in values
    title = f"Move “{event.get('title', 'the event')}”" if moved else f"Change “{event.get('title')}”"
    return Step(
        id=run.step.id,
        intent=title,
        tool="update_calendar_event",
        arguments={"input": values},
        depends_on=run.step.depends_on,
    )
