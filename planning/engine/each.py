"""Steps repeated for each item a read found (contract §2.6 ``for_each``).

The items are resolved once, when the step is shown for approval, and kept with the step: the approval lists every
item with its own arguments, the user approves them all or removes some first, and what runs is exactly what was
shown. Each item is claimed on its own (``claim_key(run, item)``), so after a crash the items that ran are not run
again and the one that was running is asked about, never repeated silently.
"""

from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.replies import ApprovalItem
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun
from planning.engine.targets import when_text

LABEL_KEYS = ("title", "subject", "name", "startTime", "from", "email", "company", "id")


def resolve_items(session: Session, run: StepRun) -> list[Any]:
    """The list ``for_each`` names, from the earlier step's result; ``ResolutionError`` if it is not a list."""
    assert run.step.for_each is not None
    found = resolve(run.step.for_each, session.results(), run.answers)
    if not isinstance(found, list):
        raise ResolutionError(f"{run.step.for_each} is not a list")
    return found


def item_arguments(session: Session, run: StepRun, index: int) -> dict[str, Any]:
    """One item's arguments: the step's inputs with ``{{item...}}`` filled from that item."""
    items = run.items or []
    filled = resolve(run.step.inputs, session.results(), run.answers, item=items[index])
    return {key: value for key, value in filled.items() if value is not None}


def approval_items(session: Session, run: StepRun) -> list[ApprovalItem]:
    """Every item still to run, numbered from 1 as the user sees them."""
    tz = ZoneInfo(session.tz)
    return [
        ApprovalItem(
            index=index + 1,
            label=item_label((run.items or [])[index], tz),
            arguments=item_arguments(session, run, index),
        )
        for index in run.open_items()
    ]


def approved_arguments(session: Session, run: StepRun) -> dict[str, Any]:
    """What an approval of the step is bound to: the items still to run, each with its arguments."""
    return {"each": [{"item": index + 1, **item_arguments(session, run, index)} for index in run.open_items()]}


def label_of(session: Session, run: StepRun, index: int) -> str:
    """The item at ``index`` of a repeated step, as the requester reads it."""
    return item_label((run.items or [])[index], ZoneInfo(session.tz))


def item_label(item: Any, tz: ZoneInfo) -> str:
    """An item as a person reads it, its time in the requester's zone ("Launch review · Fri 6 Mar, 10:00 EST")."""
    if not isinstance(item, dict):
        return str(item)
    parts = [
        when_text(item[key], tz) if key == "startTime" else str(item[key])
        for key in LABEL_KEYS
        if item.get(key) and key != "id"
    ][:3]
    return " · ".join(parts) or str(item.get("id") or "an item")


def remove(run: StepRun, numbers: list[int]) -> tuple[list[int], list[int]]:
    """Remove items by the numbers shown (from 1); returns (removed, not found)."""
    still = set(run.open_items())
    removed, unknown = [], []
    for number in numbers:
        index = number - 1
        if index in still:
            run.removed.append(index)
            still.discard(index)
            removed.append(number)
        else:
            unknown.append(number)
    return removed, unknown


def summary(run: StepRun) -> str:
    """How a repeated step went: "3 of 4 done; 1 removed by you"."""
    total = len(run.items or [])
    done = len(run.item_results)
    parts = [f"{done} of {total} done"]
    if run.removed:
        parts.append(f"{len(run.removed)} removed by you")
    failed = [note for note in run.item_notes.values() if note.startswith("failed")]
    if failed:
        parts.append(f"{len(failed)} failed")
    return "; ".join(parts)
