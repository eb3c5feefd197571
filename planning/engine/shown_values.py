"""The values the step of the open question shows (its card, or the step a value is asked for), as the understanding
grounds a correction in them ("4:30 not 4": the start shown at 4; "95k not 90k": the amount; "globex not initech":
the company): each field with its value as text, a list one entry an item, a CRM record's fields one by one."""

from typing import Any

from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun

_HIDDEN = frozenset({"entityType", "id", "eventId", "messageId", "calendarId", "about", "owner", "contacts"})


def shown_values(session: Session) -> tuple[tuple[str, str], ...]:
    """(field, value) for each value of the step the open question is about; empty when it is about none."""
    question = session.question
    if question is None or question.step_id is None or question.kind not in ("approval", "value"):
        return ()
    run = session.step(question.step_id)
    if run.step.for_each is not None:
        return ()  # a step repeated for each item shows a list, not one value a field
    shown: list[tuple[str, str]] = []
    for name, value in _arguments(session, run).items():
        if name == "fields" and isinstance(value, dict):
            shown += [pair for key, item in value.items() if key not in _HIDDEN for pair in _pairs(key, item)]
        elif name not in _HIDDEN:
            shown += _pairs(name, value)
    return tuple(shown)


def _arguments(session: Session, run: StepRun) -> dict[str, Any]:
    """The step's arguments as far as they are known: an edit's, else each planned value filled where it can be
    (one still asked or still to be found is left out), with the corrections over them."""
    if run.edited is not None:
        return dict(run.edited)
    filled: dict[str, Any] = {}
    results = session.results()
    for name, value in run.step.inputs.items():
        try:
            filled[name] = resolve(value, results, run.answers)
        except ResolutionError:
            continue
    return {**filled, **run.overrides}


def _pairs(name: str, value: Any) -> list[tuple[str, str]]:
    if isinstance(value, list):
        return [(name, str(item)) for item in value if _plain(item)]
    return [(name, str(value))] if _plain(value) else []


def _plain(value: Any) -> bool:
    """A value shown as it is: a text (not a reference still to fill), a number; not a flag, a list or a record."""
    if isinstance(value, str):
        return bool(value.strip()) and "{{" not in value
    return isinstance(value, int | float) and not isinstance(value, bool)
