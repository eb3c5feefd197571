"""A correction of a value inside the texts of the open plan ("say friday not thursday", "make it 300"): which texts
change, and what is said when none can. The understanding finds the value in a text
(:func:`planning.understanding.commands.text_values.edit`); this module only picks the steps and their texts: the step
shown or asked first, then the other steps not run yet; every text of the first step that has the value (an email's
text and its subject alike)."""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from planning.engine.session import Session, StepRun
from planning.understanding.commands.text_values import TextEdit, edit

_KINDS = {"time": "day or time", "number": "number", "name": "name"}


@dataclass(frozen=True, slots=True)
class TextChanges:
    """``changes``: (the step, the field, its new text), all of one step; empty when no text could change, then
    ``problem`` says why, as a question to the user."""

    changes: tuple[tuple[StepRun, str, str], ...]
    problem: str | None = None


def text_changes(
    session: Session,
    value: str,
    replaces: str | None,
    now: datetime,
    current: Callable[[StepRun, str], Any],
) -> TextChanges:
    """The texts ``value`` changes (``current`` gives a field's value now), or why none."""
    question = session.question
    runs = [run for run in reversed(session.steps) if run.state in ("pending", "waiting")]
    runs.sort(key=lambda run: question is None or run.id != question.step_id)  # the step shown first
    first: TextEdit | None = None
    for run in runs:
        changes = []
        for name in _texts(run):
            text = current(run, name)
            if not isinstance(text, str) or not text.strip() or "{{" in text:
                continue
            edited = edit(text, value, now, replaces=replaces)
            if edited.text is not None and edited.text != text:
                changes.append((run, name, edited.text))
            elif first is None:
                first = edited
        if changes:
            return TextChanges(tuple(changes))
    return TextChanges((), _problem(first, value, replaces))


_TEXTS = ("body", "subject", "comment", "title", "description")  # the fields people read, most read first


def _texts(run: StepRun) -> list[str]:
    """The fields of a step that hold a text to send or show, its body first."""
    return [name for name in _TEXTS if name in run.step.inputs]


def _problem(edited: TextEdit | None, value: str, replaces: str | None) -> str | None:
    if edited is None:
        return None  # no text at all: the correction is for something else
    said = f"“{replaces}”" if replaces else None
    if edited.problem == "several" and edited.sort is not None:
        kind = _KINDS[edited.sort]
        return f"The text has more than one {kind}: which should be “{value}”? Say e.g. “{value} not …”."
    if edited.problem == "none" and edited.sort is not None:
        kind = _KINDS[edited.sort]
        missing = f"no {said} and no {kind}" if said else f"no {kind}"
        return f"The text has {missing} to change to “{value}”. What should I change?"
    missing = f"no {said}" if said else "nothing I can tell"
    return f"The text has {missing} to change to “{value}”. What should I change? (or “edit body=…”)"
