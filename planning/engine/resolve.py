"""Filling a step's arguments: placeholders from the user's answers, references from earlier results."""

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.references import (
    PLACEHOLDER_PREFIX,
    Reference,
    fill_templates,
    parse_at_time_of,
    parse_item_path,
    parse_minutes_before,
    parse_on_day,
    parse_reference,
    placeholder_name,
    templates_in,
    whole_template,
)

UNSAID_LEFT_OUT = frozenset({"location", "description"})  # extracted values an event is made without when unsaid


class ResolutionError(Exception):
    """A reference that cannot be filled: a missing step result, an empty list, a missing field."""


class MissingValueError(ResolutionError):
    """A reference that found no value (``extract`` gave null): the user is asked for ``name`` instead."""

    def __init__(self, name: str, ref: str) -> None:
        super().__init__(f"{ref} found no value for {name}")
        self.name = name


_NO_ITEM = object()


def lookup(result: Any, ref: Reference) -> Any:
    value = result
    for part in ref.path:
        if isinstance(part, int):
            if not isinstance(value, list):
                raise ResolutionError(f"{ref} expects a list at [{part}]")
            if part >= len(value):
                raise ResolutionError(
                    f"{ref}: the step found nothing" if not value else f"{ref}: only {len(value)} found"
                )
            value = value[part]
        else:
            if not isinstance(value, dict) or part not in value:
                raise ResolutionError(f"{ref}: the result has no {part!r}")
            value = value[part]
    return value


def resolve(value: Any, results: dict[str, Any], answers: dict[str, Any], item: Any = _NO_ITEM) -> Any:
    """A copy of ``value`` with every template filled. A whole-value template keeps the value's type; a list
    item that resolves to a list is spliced in (``[{{event.attendees}}, "new@x.io"]``). ``item`` is the current
    item of a ``for_each`` step (``{{item.id}}``). A whole-value reference that finds nothing (null) for an argument
    is answered by the user: ``answers[<argument name>]``, else ``MissingValueError``."""
    return _resolve(value, results, answers, item, None)


def _resolve(value: Any, results: dict[str, Any], answers: dict[str, Any], item: Any, key: str | None) -> Any:
    if isinstance(value, dict):
        return {k: _resolve(v, results, answers, item, str(k)) for k, v in value.items()}
    if isinstance(value, list):
        out: list[Any] = []
        for entry in value:
            filled = _resolve(entry, results, answers, item, key)
            if isinstance(entry, str) and _is_whole(entry) and isinstance(filled, list):
                out.extend(filled)
            else:
                out.append(filled)
        return out
    if not isinstance(value, str):
        return value
    elsewhen = parse_at_time_of(value)
    if elsewhen is not None:  # "the time of {{find.result.data[0].startTime}} on 2026-03-06 in America/New_York"
        moment, day, zone = elsewhen
        return _at_time_of(_resolve(moment, results, answers, item, key), day, zone)
    earlier = parse_minutes_before(value)
    if earlier is not None:  # "15 minutes before {{find.result.data[0].startTime}}"
        minutes, moment = earlier
        return _minutes_before(_resolve(moment, results, answers, item, key), minutes)
    on_day = parse_on_day(value)
    if on_day is not None:  # "17:00 on the day of {{find.result.data[0].startTime}}": that day, in that moment's zone
        hour, minute, moment = on_day
        return _on_day(_resolve(moment, results, answers, item, key), hour, minute)
    whole = whole_template(value)
    if whole is not None:
        filled = _fill(whole, results, answers, item)
        if filled is None and key is not None and parse_reference(whole) is not None:
            if key in answers:
                return answers[key]
            if key in UNSAID_LEFT_OUT:
                return None  # a place the mail does not say: none, never asked (the event is made without it)
            raise MissingValueError(key, value.strip())
        return filled
    filled = fill_templates(value, lambda body: _as_text(_fill(body, results, answers, item)))
    return filled.lstrip() if value.startswith("{{") else filled  # "{{…description}}\nmore": no blank first line


def _on_day(moment: Any, hour: int, minute: int) -> str:
    try:
        start = datetime.fromisoformat(str(moment))
    except ValueError as error:
        raise ResolutionError(f"{moment!r} is not a date and time") from error
    return start.replace(hour=hour, minute=minute, second=0, microsecond=0).isoformat()


def _minutes_before(moment: Any, minutes: int) -> str:
    try:
        start = datetime.fromisoformat(str(moment))
    except ValueError as error:
        raise ResolutionError(f"{moment!r} is not a date and time") from error
    return (start - timedelta(minutes=minutes)).isoformat()


def _at_time_of(moment: Any, day: date, zone: str) -> str:
    """The wall-clock time ``moment`` has in ``zone``, on ``day`` (its offset that day's: 14:00 stays 14:00 across a
    daylight-saving change)."""
    try:
        start, where = datetime.fromisoformat(str(moment)), ZoneInfo(zone)
    except (ValueError, KeyError) as error:
        raise ResolutionError(f"{moment!r} is not a date and time in {zone}") from error
    wall = start.astimezone(where) if start.tzinfo is not None else start
    return datetime.combine(day, wall.time().replace(second=0, microsecond=0), tzinfo=where).isoformat()


def _is_whole(text: str) -> bool:
    return whole_template(text) is not None


def _fill(body: str, results: dict[str, Any], answers: dict[str, Any], item: Any = _NO_ITEM) -> Any:
    name = placeholder_name(body)
    if name is not None:
        if name not in answers:
            raise ResolutionError(f"no value yet for {name}")
        return answers[name]
    item_path = parse_item_path(body)
    if item_path is not None:
        if item is _NO_ITEM:
            raise ResolutionError("{{item}} is used outside a for_each step")
        return lookup(item, Reference("item", item_path))
    ref = parse_reference(body)
    if ref is None:
        raise ResolutionError(f"{{{{{body}}}}} is not a placeholder or a reference")
    if ref.step_id not in results:
        raise ResolutionError(f"{ref} needs step {ref.step_id!r}, which has no result")
    return lookup(results[ref.step_id], ref)


def _as_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_as_text(v) for v in value)
    return "" if value is None else str(value)


def unfilled_placeholders(value: Any, answers: dict[str, Any]) -> list[str]:
    """Placeholder names in ``value`` that have no answer yet, in order."""
    names: list[str] = []
    for body in templates_in(_flatten(value)):
        name = placeholder_name(body)
        if name is not None and name not in answers and name not in names:
            names.append(name)
    return names


def _flatten(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(_flatten(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_flatten(v) for v in value)
    return value if isinstance(value, str) else ""


__all__ = ["PLACEHOLDER_PREFIX", "MissingValueError", "ResolutionError", "lookup", "resolve", "unfilled_placeholders"]
