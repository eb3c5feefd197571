"""An undo said with a change of the record it puts back ("undo that, … bump the due date to friday instead" after a
task was marked done): one plan, the undo's update of the record with the change on top, approved once (the record
goes back as it was, with the new value)."""

from dataclasses import replace
from datetime import datetime
from typing import Any

from planning.engine.followups import FollowUp, moved_back, undo
from planning.engine.record_changes import record_changed
from planning.engine.session import Session
from planning.types import Step
from planning.understanding.commands import Command, EventChange, RecordChange, Undo


def undone_with(earlier: Session, command: Undo, change: RecordChange, now: datetime) -> FollowUp | None:
    """The undo of ``earlier`` whose update of a record takes ``change`` of that record too; None when the change is
    of no record the undo puts back (then each is its own plan)."""
    undone = undo(earlier, command.fields)
    changed = record_changed(earlier, change, now)
    if changed is None:
        return None
    said = next((step for step in changed.plan.steps if _updates(step) and step.id not in changed.known), None)
    if said is None or _record_id(changed, said) is None:
        return None
    steps = list(undone.plan.steps)
    for index, step in enumerate(steps):
        if _updates(step) and step.id not in undone.known and _record_id(undone, step) == _record_id(changed, said):
            fields = {**step.inputs["fields"], **said.inputs["fields"]}
            steps[index] = step.model_copy(update={"arguments": {"input": {**step.inputs, "fields": fields}}})
            plan = undone.plan.model_copy(update={"steps": tuple(steps)})
            return replace(
                undone, plan=plan, explanation="undo: the last plan's changes reversed, with the change said"
            )
    return None


def undone_then(earlier: Session, command: Undo, change: RecordChange, now: datetime) -> FollowUp | None:
    """The undo of ``earlier``, then ``change`` of another record ("put smith's old one back and update park"): one
    plan, the undo's steps and the change's; None when the change is of no record (then each is its own plan)."""
    changed = record_changed(earlier, change, now, tag="_again")
    if changed is None:
        return None
    undone = undo(earlier, command.fields)
    plan = undone.plan.model_copy(update={"steps": (*undone.plan.steps, *changed.plan.steps)})
    known = {**undone.known, **changed.known}
    why = "undo: the last plan's changes reversed, and the change made to the record said"
    return replace(undone, plan=plan, explanation=why, known=known)


def restates_undo(earlier: Session, command: Undo, change: Command) -> bool:
    """Whether ``change``, said after the undo ("scratch that … delete it and email her …" after a booking), is what
    the undo does already: the event it made taken off the calendar. It is then said once, not done twice."""
    if not isinstance(change, EventChange) or change.field != "delete":
        return False
    return any(step.tool == "delete_calendar_event" for step in undo(earlier, command.fields).plan.steps)


def retimes_made(earlier: Session, change: EventChange) -> bool:
    """Whether ``change``, said after an undo ("undo that, she's out thursday. wednesday 11 instead"), is a new time
    for the one event ``earlier`` made: the event is then moved there, not taken off and left for a new request."""
    if change.field != "startTime" or change.shift_minutes is not None:
        return False
    made = [r for r in earlier.steps if r.step.tool == "create_calendar_event" and r.state == "done"]
    return len(made) == 1 and all(r.kind != "write" or r in made for r in earlier.steps if r.state == "done")


def undone_moved(earlier: Session, change: Command, now: datetime) -> FollowUp | None:
    """ "put it back on thursday but at 3:30", said after the event was moved: an undo with the start it takes
    instead is one move, to that start on the day the undo puts it back on (never the undo, then a move approved
    again); None when ``change`` is no new start or the earlier plan did more than move one event."""
    return moved_back(earlier, change, now) if isinstance(change, EventChange) else None


def _updates(step: Step) -> bool:
    return step.tool == "update_entity" and isinstance(step.inputs.get("fields"), dict)


def _record_id(follow: FollowUp, step: Step) -> str | None:
    """The id of the record ``step`` changes: read from the earlier plan's record it takes it from, else as named."""
    for read in step.depends_on:
        found: Any = follow.known.get(read)
        if isinstance(found, list) and found and isinstance(found[0], dict) and found[0].get("id"):
            return str(found[0]["id"])
    named = step.inputs.get("id")
    return str(named) if isinstance(named, str) and not named.startswith("$") else None
