"""Undo of a step repeated for each item (contract §2.6 ``for_each``): each item that ran is one change of its own —
its arguments, what it returned and the item as the read found it — so each is put back where the service allows it
and each that cannot be is said by name ("move all my tuesday meetings to wed" then "undo that": the meeting moved
back)."""

from typing import Any

from planning.engine.each import item_arguments, label_of
from planning.engine.resolve import ResolutionError
from planning.engine.session import Session, StepRun
from planning.planner import undo as undoing

_CALENDAR_LEFT = ("create_calendar_event", "update_calendar_event", "respond_to_event")


def item_changes(session: Session, run: StepRun) -> list[tuple[undoing.Change, dict[str, Any] | None]]:
    """Each item of ``run`` that ran, last first, as a change and the thing as that change left it (None when not
    known); an item whose arguments cannot be rebuilt is a change with none, which the undo says it cannot put back."""
    items = run.items or []
    out: list[tuple[undoing.Change, dict[str, Any] | None]] = []
    for index in sorted(run.item_results, reverse=True):
        if index >= len(items):
            continue
        item = items[index] if isinstance(items[index], dict) else {}
        result = run.item_results[index] if isinstance(run.item_results[index], dict) else {}
        try:
            arguments = item_arguments(session, run, index)
        except ResolutionError:
            arguments = {}
        intent = f"{run.step.intent}: {label_of(session, run, index)}"
        change = undoing.Change(
            tool=run.step.tool,
            intent=intent,
            arguments=arguments,
            result=result,
            before=item,
            own=session.principal.address,
        )
        out.append((change, _left(run.step.tool, item, arguments, result)))
    return out


def _left(tool: str, item: dict[str, Any], arguments: dict[str, Any], result: dict[str, Any]) -> dict[str, Any] | None:
    """The item as the write left it: a calendar returns the whole event; a record is the item with the fields set."""
    if not result.get("id") and not item.get("id"):
        return None
    if tool in _CALENDAR_LEFT:
        return result if result.get("startTime") else None
    if tool == "update_entity":
        fields = arguments.get("fields")
        return {**item, **(fields if isinstance(fields, dict) else {}), **result}
    return None
