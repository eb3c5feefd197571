"""A value typed for a field of a step (the Edit form, "edit FIELD=VALUE", a field a request names): read in the
type of that field, a time, a length, addresses, a number, a date; else as typed, a list kept a list."""

from datetime import datetime
from typing import Any

from planning.understanding.commands.values import Parsed, minutes_of, parse_answer, value_type

__all__ = ["read_value", "typed_value"]


def read_value(path: str, text: str, current: Any, now: datetime) -> Parsed:
    """The edited value in the type of its argument: a time, a length, addresses (names are looked up by the
    caller: ``Parsed.names``), a number, a date; otherwise as it was typed, keeping a list a list."""
    name = path.rsplit(".", 1)[-1]
    text = text.strip().strip("\"“”'")
    if name in ("addAttendees", "removeAttendees"):
        name = "attendees"
    if name == "shiftMinutes":
        return _whole_number(text)
    if value_type(name) != "text":
        return parse_answer(name, text, now)
    return Parsed(value=typed_value(current, text))


def _whole_number(text: str) -> Parsed:
    return minutes_of(text)


def typed_value(current: Any, text: str) -> Any:
    """A value typed for a field keeps the type the field had: a list stays a list, a number a number."""
    if isinstance(current, list):
        return [part.strip() for part in text.split(",") if part.strip()]
    if isinstance(current, bool):
        return text.strip().lower() in ("true", "yes", "1")
    if isinstance(current, int | float):
        try:
            return type(current)(text)
        except ValueError:
            return text
    return text
