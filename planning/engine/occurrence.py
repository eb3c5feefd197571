"""A change said for one occurrence of a repeating event the last plan made ("push it back 15, just today", "only
this one: put it in room 2"): the occurrence is found by a read of the series' events from the start of today (a
read lists each occurrence with its own id, contract §2.9 conventions), and only it changes; the series stays. A
new start said as a time or a day is not taken this way (which occurrence it would leave is not known)."""

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from planning.engine.event_values import with_changes
from planning.references import reference
from planning.types import Plan, Step
from planning.understanding.commands import by_amount


def is_series(event: Mapping[str, Any]) -> bool:
    """A repeating event as a whole (its rule set, not one of its occurrences)."""
    return bool(event.get("recurrence")) and not event.get("seriesId")


def one_occurrence(event: Mapping[str, Any], said: Iterable[tuple[str, str]], now: datetime) -> Plan | None:
    """The read of the series' next occurrence from the start of today, then its update; None when a change is not
    one of a length, a move by an amount or a place."""
    said = list(said)
    if any(field == "startTime" and by_amount(value) is None for field, value in said):
        return None
    values = with_changes({}, said, event, now)
    if values is None or not values:
        return None
    title = str(event.get("title") or "the event")
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    query: dict[str, Any] = {"start": today.isoformat(), "limit": 1}
    if event.get("title"):
        query["query"] = title
    find = Step(
        id="occurrence", intent=f"Find the next “{title}”", tool="fetch_calendar_events", arguments={"input": query}
    )
    changes = {"eventId": reference("occurrence", "data[0].id"), **values}
    update = Step(
        id="change",
        intent=f"Change only that “{title}” (not the series)",
        tool="update_calendar_event",
        arguments={"input": changes},
        depends_on=("occurrence",),
    )
    return Plan(steps=(find, update))


def whole_series(event: Mapping[str, Any] | None, tool: str) -> str | None:
    """What to say when an approval said for one occurrence ("yes, just today") is of a step that changes every
    occurrence of a series (never done silently); None when the step acts on one event or occurrence."""
    if event is None or tool not in _ON_AN_EVENT or not is_series(event):
        return None
    title = str(event.get("title") or "the event")
    return (
        f"This changes every occurrence of “{title}”, not only one, so nothing was approved. To change one occurrence, "
        "cancel and say the change again with “only this one”; to change them all, approve."
    )


_ON_AN_EVENT = ("update_calendar_event", "delete_calendar_event", "respond_to_event")
