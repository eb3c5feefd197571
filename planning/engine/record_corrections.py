"""Corrections of the CRM record the open plan makes or changes ("his email's …, and put him as contacted" at its
approval): the fields such a record has, and the write that takes a corrected field into its ``fields``."""

from contextlib import suppress
from typing import Any

from integrations.base.records import written_fields
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun

_WRITES = ("create_entity", "update_entity")
_NOT_SAID = frozenset({"about", "contacts"})  # set by reference or by the connector, not by a typed value


def record_fields(session: Session) -> tuple[str, ...]:
    """The fields the records written by the open plan's writes still to run have, in the records' order."""
    names: list[str] = []
    for run in _open_writes(session):
        for name in _fields_of(run):
            if name not in names:
                names.append(name)
    return tuple(names)


def record_write(session: Session, field: str) -> StepRun | None:
    """The latest write still to run whose record has ``field``."""
    return next((run for run in reversed(_open_writes(session)) if field in _fields_of(run)), None)


def with_field(fields: Any, field: str, value: Any) -> dict[str, Any]:
    """The write's ``fields`` with ``field`` set to ``value``, the others as they are; a value of None takes the field
    out (a task put back on the requester has no owner set)."""
    kept = {k: v for k, v in (fields if isinstance(fields, dict) else {}).items() if k != field}
    return kept if value is None else {**kept, field: value}


def record_changed_by(session: Session, run: StepRun) -> dict[str, Any] | None:
    """The record, as its read found it, that ``run`` (an update still to run) changes: the one of the plan's finished
    reads with the id the update is to change; None for a write that makes a record, or an id not yet known."""
    if run.step.tool != "update_entity":
        return None
    with suppress(ResolutionError):
        target = resolve(run.step.inputs.get("id"), session.results(), run.answers)
        for other in session.steps:
            found = other.result if other.state == "done" and isinstance(other.result, list) else []
            for item in found:
                if isinstance(item, dict) and item.get("id") is not None and str(item["id"]) == str(target):
                    return item
    return None


def at_scale_of(value: Any, replaced: Any, current: Any) -> Any:
    """``value`` at the scale ``replaced`` was said at, where the card has it in thousands or millions ("135 not 130"
    where the amount is 130,000: 135,000); ``value`` as it is when ``replaced`` is not ``current`` in shorthand."""
    numbers = (value, replaced, current)
    if not all(isinstance(n, int | float) and not isinstance(n, bool) for n in numbers) or not replaced:
        return value
    for scale in _SHORTHAND_SCALES:
        if replaced * scale == current:
            return value * scale
    return value


_SHORTHAND_SCALES = (1, 1_000, 1_000_000)


def _open_writes(session: Session) -> list[StepRun]:
    return [
        run
        for run in session.steps
        if run.state in ("pending", "waiting") and run.step.tool in _WRITES and run.step.for_each is None
    ]


def _fields_of(run: StepRun) -> tuple[str, ...]:
    entity = run.step.inputs.get("entityType")
    return tuple(name for name in written_fields(entity) if name not in _NOT_SAID) if isinstance(entity, str) else ()
