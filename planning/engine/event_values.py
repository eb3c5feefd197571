"""An event's values changed as a reply says (an ``EventChange`` read by the understanding): its start to a time or by
an amount, its length to an amount or by one, its place, its title — on the values a step already has (a booking's
card, a move's card) or on the event as it is (a follow-up after it was made)."""

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from integrations.base.shifts import shifted
from planning.engine.answers import parse_answer
from planning.engine.conflicts import moment
from planning.engine.day_move import on_day_said
from planning.understanding.commands import by_amount, clock_without_day
from planning.understanding.weekday_said import in_week_of

EVENT_FIELDS = frozenset({"startTime", "durationMinutes", "location", "title"})


def with_changes(
    values: Mapping[str, Any], said: Iterable[tuple[str, str]], event: Mapping[str, Any] | None, now: datetime
) -> dict[str, Any] | None:
    """``values`` (a step's arguments) with each change said applied; ``event``: the event as it is, when the step
    changes one (its start and length are what an amount moves when the step sets neither). None when a value does
    not read, or a field is not one of the event's."""
    changed = dict(values)
    for field, value in said:
        if field not in EVENT_FIELDS:
            return None
        amount = by_amount(value)
        if field in ("location", "title"):  # "put it in room 2", "rename it 'pipeline deep dive'": as said
            changed[field] = value
        elif field == "durationMinutes":
            length = _length(changed, event, amount, value, now)
            if length is None:
                return None
            changed["durationMinutes"] = length
        elif not _moved(changed, event, amount, value, now):
            return None
    return changed


def _length(
    changed: Mapping[str, Any], event: Mapping[str, Any] | None, amount: int | None, value: str, now: datetime
) -> int | None:
    if amount is None:
        parsed = parse_answer("durationMinutes", value, now)
        return int(parsed.value) if parsed.ok and isinstance(parsed.value, int) else None
    current = changed.get("durationMinutes")
    if not isinstance(current, int):
        current = length_of(event) if event is not None else None
    if current is None:
        return None
    return current + amount if current + amount > 0 else None


def _moved(
    changed: dict[str, Any], event: Mapping[str, Any] | None, amount: int | None, value: str, now: datetime
) -> bool:
    """The start set as ``value`` says (to a time, or by ``amount`` minutes); False when it does not read."""
    start = moment(changed.get("startTime"))
    if amount is None:
        anchor = {"startTime": start.isoformat()} if start is not None else _as_shown(changed, event, now)
        found = new_start(anchor, value, now)
        if found is None:
            return False
        changed.pop("shiftMinutes", None)
        changed["startTime"] = found
        return True
    if start is not None:  # a booking, or a move to a time: that time moved
        changed["startTime"] = shifted(start, amount, now.tzinfo or UTC).isoformat()
        return True
    if event is None:
        return False
    total = int(changed.get("shiftMinutes") or 0) + amount
    changed.pop("startTime", None)
    if total:
        changed["shiftMinutes"] = total
    else:
        changed.pop("shiftMinutes", None)
    return True


def _as_shown(changed: Mapping[str, Any], event: Mapping[str, Any] | None, now: datetime) -> dict[str, Any]:
    """The event as the step shows it: moved by the amount the step already moves it ("next week, same time": the
    week shown is the one a day said next is in — "the wed of that week")."""
    shown = dict(event or {})
    start, shift = moment(shown.get("startTime")), changed.get("shiftMinutes")
    if start is not None and isinstance(shift, int) and shift:
        shown["startTime"] = shifted(start, shift, now.tzinfo or UTC).isoformat()  # the wall-clock time kept
    return shown


def length_of(event: Mapping[str, Any]) -> int | None:
    """The event's length in minutes, from its start and end."""
    start, end = moment(event.get("startTime")), moment(event.get("endTime"))
    if start is None or end is None or end <= start:
        return None
    return int((end - start).total_seconds() // 60)


def new_start(event: Mapping[str, Any], value: str, now: datetime) -> str | None:
    """The start ``value`` says: a time of day on the event's day, a day at the event's wall-clock time, or both."""
    start = event.get("startTime")
    anchor = datetime.fromisoformat(start).astimezone(now.tzinfo) if start else now
    value = in_week_of(value, anchor, now) if start else value  # "make it wed": the Wednesday of the event's week
    day_start = anchor.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(microseconds=1)
    parsed = parse_answer("startTime", value, day_start if clock_without_day(value) else now)
    if parsed.ok:
        return str(parsed.value)
    return on_day_said(dict(event), value, now)
