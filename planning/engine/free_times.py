"""Free times a search found, and a time said inside them ("2pm" when 13:30–14:15 and 14:15–15:00 were shown)."""

from datetime import datetime
from typing import Any

from planning.engine.session import Session


def free_times(earlier: Session) -> list[dict[str, Any]]:
    """The free times a plan's last search for them found, as shown."""
    for run in reversed(earlier.steps):
        if run.step.tool == "find_free_slots" and run.state == "done" and isinstance(run.result, list):
            return [slot for slot in run.result if isinstance(slot, dict) and slot.get("start") and slot.get("end")]
    return []


def inside_free_time(options: list[dict[str, Any]], start: datetime) -> dict[str, Any] | None:
    """A free slot picked by a time inside the free time offered ("2pm" when 13:30–14:15 and 14:15–15:00 are
    offered): a slot of the same length at that time, when the free time offered holds all of it; else None."""
    spans = sorted(
        (begin, end)
        for option in options
        if (begin := moment_of(option.get("start"))) and (end := moment_of(option.get("end")))
    )
    if not spans:
        return None
    length = spans[0][1] - spans[0][0]
    merged: list[list[datetime]] = []
    for begin, end in spans:
        if merged and begin <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([begin, end])
    if any(begin <= start and start + length <= end for begin, end in merged):
        return {"start": start.isoformat(), "end": (start + length).isoformat()}
    return None


def moment_of(value: Any) -> datetime | None:
    try:
        found = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return found if found is not None and found.tzinfo is not None else None
