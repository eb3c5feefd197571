"""A person looked up by name who is not there, left out by the requester ("skip" on the question): the plan goes on
without them instead of dropping the write (issue 24). Each step that took their address from the lookup loses that
address; where it was the only one (an email's sole recipient) the value is asked for instead. A record that was to
be theirs (a task's owner) is made without an owner. The card says so.
"""

from typing import Any

from planning.engine.session import Session, StepRun
from planning.references import placeholder, references_in

_PEOPLE_KINDS = {"Contact": "contacts", "Lead": "leads"}
# Lists that add to what is there: without the person left out, an empty one changes nothing and is not asked for
_ADDITIONS = frozenset({"addAttendees", "removeAttendees", "optionalAttendees", "cc", "attachments"})
# What identifies the event an update changes; an update holding nothing else changes nothing
_EVENT_KEYS = frozenset({"eventId", "calendarId", "sendUpdates"})
_WITHOUT = {
    "create_calendar_event": "the meeting is created without them",
    "update_calendar_event": "the event is changed without them",
    "send_email": "the email goes to the others without them",
    "forward_email": "the email is forwarded to the others without them",
}


def can_go_on_without(session: Session, lookup: StepRun) -> bool:
    """Whether ``lookup`` found a person whose address is all that the steps using it take from it, or a mail whose
    file is all they take (the email goes without the file)."""
    if lookup.step.tool == "fetch_emails":
        found = [
            path for other in session.steps if other.id != lookup.id for path in _paths(other.step.arguments, lookup.id)
        ]
        return bool(found) and all(path[-1] == "ref" for path in found)
    if lookup.step.tool != "fetch_entity" or lookup.step.inputs.get("entityType") not in _PEOPLE_KINDS:
        return False
    owned = [other for other in session.steps if other.id != lookup.id and _owned_by(other.step.inputs, lookup.id)]
    uses = [_paths(_unowned(o.step.inputs, lookup.id), lookup.id) for o in session.steps if o.id != lookup.id]
    found = [path for paths in uses for path in paths]
    return bool(found or owned) and all(path[-1] == "email" for path in found)


def go_on_without(session: Session, lookup: StepRun) -> str:
    """Leave the person of ``lookup`` out of every step that uses them; returns what to tell the requester."""
    filters = lookup.step.inputs.get("filters") or {}
    name = str(filters.get("name") or "That person")
    lookup.state, lookup.note = "skipped", "not found: left out by you"
    where = _PEOPLE_KINDS.get(str(lookup.step.inputs.get("entityType")), "contacts")
    if lookup.step.tool == "fetch_emails":
        name, where = "The email with the file", "mail"
    said = []
    for other in session.steps:
        if other.id == lookup.id or not _paths(other.step.arguments, lookup.id):
            continue
        owned = _owned_by(other.step.inputs, lookup.id)
        inputs = {key: _without(key, value, lookup.id) for key, value in _unowned(other.step.inputs, lookup.id).items()}
        inputs = {key: value for key, value in inputs.items() if not (key in _ADDITIONS and _only_asked(key, value))}
        depends = tuple(d for d in other.step.depends_on if d != lookup.id)
        other.step = other.step.model_copy(update={"arguments": {"input": inputs}, "depends_on": depends})
        asked = any(placeholder(key) in str(value) for key, value in inputs.items())  # they were the only one
        if _changes_nothing(other.step.tool, inputs):  # "invite X to it", X left out: nothing is left to do
            other.state, other.note = "skipped", f"nothing left to change: {name} was left out"
            goes_on = "nothing else was asked, so nothing changes"
        elif owned:
            goes_on = "it is made without an owner"
        elif lookup.step.tool == "fetch_emails":
            goes_on = "the email goes without a file"
        elif asked:
            goes_on = "I will ask who else it is for"
        else:
            goes_on = _WITHOUT.get(other.step.tool, "it goes on without them")
        notice = f"{name} was not found in your {where}; {goes_on}"
        other.without = [*other.without, notice]
        said.append(notice)
    return said[0] if said else f"{name} was not found in your {where}; going on without them"


def _owned_by(inputs: dict[str, Any], step_id: str) -> bool:
    """Whether the record a write makes or changes is to be owned by the person ``step_id`` looks up."""
    fields = inputs.get("fields")
    return isinstance(fields, dict) and _uses(fields.get("owner"), step_id)


def _unowned(inputs: dict[str, Any], step_id: str) -> dict[str, Any]:
    """``inputs`` without an owner taken from ``step_id`` (a record can be made without one)."""
    if not _owned_by(inputs, step_id):
        return inputs
    return {**inputs, "fields": {k: v for k, v in inputs["fields"].items() if k != "owner"}}


def _only_asked(key: str, value: Any) -> bool:
    return bool(value == [placeholder(key)] or value == placeholder(key))


def _changes_nothing(tool: str, inputs: dict[str, Any]) -> bool:
    return tool == "update_calendar_event" and all(
        key in _EVENT_KEYS or value in (None, []) for key, value in inputs.items()
    )


def _without(key: str, value: Any, step_id: str) -> Any:
    """``value`` without the items that take something from ``step_id``; a value that was only that is asked for."""
    if isinstance(value, list):
        kept = [item for item in value if not _uses(item, step_id)]
        return kept if kept or not value else [placeholder(key)]
    return placeholder(key) if _uses(value, step_id) else value


def _uses(value: Any, step_id: str) -> bool:
    return any(ref.step_id == step_id for ref in references_in(value))


def _paths(value: Any, step_id: str) -> list[tuple[str | int, ...]]:
    return [ref.path for ref in references_in(value) if ref.step_id == step_id]
