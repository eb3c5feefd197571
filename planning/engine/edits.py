"""Edits typed in the thread ("e when=Friday at 4pm", "e close_date=2026-12-01"): the field a person names → the
tool's argument, and the value read by that argument's type."""

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from integrations.base.records import FIELDS_BY_ENTITY

# words people use for a field → the arguments they may mean, best first; the first the step has wins
ALIASES: dict[str, tuple[str, ...]] = {
    "when": ("startTime", "dueDate", "closeDate", "windowStart"),
    "date": ("startTime", "dueDate", "closeDate"),
    "day": ("startTime", "dueDate", "closeDate"),
    "start": ("startTime", "windowStart"),
    "time": ("startTime",),
    "at": ("startTime",),
    "end": ("windowEnd",),
    "length": ("durationMinutes",),
    "duration": ("durationMinutes",),
    "minutes": ("durationMinutes",),
    "recipient": ("to",),
    "recipients": ("to",),
    "attendees": ("attendees", "addAttendees"),
    "invitees": ("attendees", "addAttendees"),
    "guests": ("attendees", "addAttendees"),
    "people": ("attendees", "addAttendees", "to"),
    "participants": ("attendees", "addAttendees"),
    "invite": ("addAttendees", "attendees"),
    "add": ("addAttendees",),
    "remove": ("removeAttendees",),
    "where": ("location",),
    "place": ("location",),
    "room": ("location",),
    "name": ("title", "name"),
    "text": ("body",),
    "message": ("body",),
    "content": ("body",),
    "note": ("body",),
    "notes": ("description", "body"),
    "details": ("description",),
    "due": ("dueDate",),
    "deadline": ("dueDate",),
    "close": ("closeDate",),
    "closing": ("closeDate",),
    "value": ("amount",),
    "worth": ("amount",),
    "price": ("amount",),
    "shift": ("shiftMinutes",),
    "answer": ("response",),
    "reply": ("response",),
}
_HIDDEN = frozenset({"eventId", "messageId", "id", "entityType", "about", "createdAt", "for_each"})


@dataclass(frozen=True, slots=True)
class EditTarget:
    """Where an edit goes: ``path`` in the arguments (``fields.closeDate``), or why it cannot go anywhere."""

    path: str | None = None
    problem: str | None = None


def _key(name: str) -> str:
    return "".join(c for c in name.lower() if c.isascii() and c.isalnum())


def editable(model: type[BaseModel], arguments: dict[str, Any]) -> list[str]:
    """The argument paths an edit may set on a step of this tool: its arguments, and a record's fields."""
    paths = [name for name in model.model_fields if name not in _HIDDEN]
    entity = arguments.get("entityType")
    if "fields" in paths and isinstance(entity, str) and entity in FIELDS_BY_ENTITY:
        paths.remove("fields")
        paths += [f"fields.{name}" for name in FIELDS_BY_ENTITY[entity].model_fields if name not in _HIDDEN]
    return paths


def field_for(model: type[BaseModel], arguments: dict[str, Any], named: str) -> EditTarget:
    """The argument ``named`` means: its own name in any spelling ("close_date", "Start Time"), else a word
    people use for it ("when", "recipients"); else a problem listing the names this step accepts."""
    paths = editable(model, arguments)
    by_key = {_key(path.rsplit(".", 1)[-1]): path for path in paths}
    wanted = _key(named.rsplit(".", 1)[-1])
    if wanted in by_key:
        return EditTarget(path=by_key[wanted])
    candidates = [by_key[_key(name)] for name in ALIASES.get(wanted, ()) if _key(name) in by_key]
    if candidates:
        present = [path for path in candidates if _present(arguments, path)]
        return EditTarget(path=(present or candidates)[0])
    names = ", ".join(_shown(path.rsplit(".", 1)[-1]) for path in paths)
    return EditTarget(problem=f"this step has no field “{named}”; you can edit: {names}")


def _shown(name: str) -> str:
    """An argument with the everyday word for it, if there is one: "startTime (when)"."""
    if name.islower():
        return name
    word = next((word for word, means in ALIASES.items() if means[0] == name), None)
    return f"{name} ({word})" if word else name


def _present(arguments: dict[str, Any], path: str) -> bool:
    current: Any = arguments
    for key in path.split("."):
        current = current.get(key) if isinstance(current, dict) else None
    return current is not None


def set_path(arguments: dict[str, Any], path: str, value: Any) -> None:
    keys = path.split(".")
    target = arguments
    for key in keys[:-1]:
        target = target.setdefault(key, {})
    target[keys[-1]] = value


# arguments that cannot go together: setting the first drops the others (contract §3, update_calendar_event)
EXCLUSIVE: dict[str, tuple[str, ...]] = {
    "startTime": ("shiftMinutes",),
    "shiftMinutes": ("startTime",),
    "attendees": ("addAttendees", "removeAttendees"),
    "addAttendees": ("attendees",),
    "removeAttendees": ("attendees",),
}


def with_edit(arguments: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``arguments`` with ``path`` set to ``value`` (and what cannot go with it dropped)."""
    edited = dict(arguments)
    if isinstance(arguments.get("fields"), dict):
        edited["fields"] = dict(arguments["fields"])
    if "." not in path:
        for other in EXCLUSIVE.get(path, ()):
            edited.pop(other, None)
    set_path(edited, path, value)
    return edited
