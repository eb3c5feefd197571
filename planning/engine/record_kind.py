"""The kind of a person's record a card makes, changed ("make her a contact instead" at a new lead's card): the
write makes a record of the other kind, with the fields said that such a record has."""

from collections.abc import Mapping
from typing import Any

from integrations.base.records import written_fields
from planning.engine.session import Session, StepRun

PEOPLE_RECORDS = frozenset({"Contact", "Lead"})


def person_record_made(session: Session) -> StepRun | None:
    """The latest write still to run that makes a contact or a lead."""
    return next((run for run in reversed(session.steps) if _makes_person(run)), None)


def _makes_person(run: StepRun) -> bool:
    open_write = run.state in ("pending", "waiting") and run.step.tool == "create_entity" and run.step.for_each is None
    return open_write and run.step.inputs.get("entityType") in PEOPLE_RECORDS


def fields_kept(fields: Any, kind: str) -> dict[str, Any]:
    """The fields of ``fields`` a record of ``kind`` has (a lead's status is no contact's)."""
    has = set(written_fields(kind))
    return {k: v for k, v in fields.items() if k in has} if isinstance(fields, Mapping) else {}


def retyped(run: StepRun, kind: str) -> None:
    """``run``'s step made to write a ``kind`` record, its heading saying so ("Create the lead" → "Create the
    contact")."""
    inputs = dict(run.step.inputs)
    old = str(inputs.get("entityType", ""))
    inputs["entityType"] = kind
    intent = run.step.intent.replace(old.lower(), kind.lower()) if old else run.step.intent
    run.step = run.step.model_copy(update={"intent": intent, "arguments": {**run.step.arguments, "input": inputs}})
