"""The template syntax of plan arguments (contract §2.3, §2.5).

``{{PLACEHOLDER_<name>}}`` marks a value the user still has to give; ``{{<step>.result.<path>}}`` takes a
value from an earlier step's result, ``path`` being keys and ``[index]`` (``data[0].email``); (v2) inside a
``for_each`` step, ``{{item}}`` / ``{{item.<path>}}`` is the current item.
"""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

PLACEHOLDER_PREFIX = "PLACEHOLDER_"
_TEMPLATE = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")
_PLACEHOLDER = re.compile(r"^PLACEHOLDER_([A-Za-z_][A-Za-z0-9_]*)$")
_REFERENCE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\.result((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)$")
_PATH_PART = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
_ITEM = re.compile(r"^item((?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)$")
ITEM = "item"


@dataclass(frozen=True, slots=True)
class Reference:
    step_id: str
    path: tuple[str | int, ...]

    def __str__(self) -> str:
        text = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"{{{{{self.step_id}.result{text}}}}}"


def placeholder(name: str) -> str:
    return f"{{{{{PLACEHOLDER_PREFIX}{name}}}}}"


def reference(step_id: str, path: str) -> str:
    """``reference("find_john", "data[0].email")`` → ``{{find_john.result.data[0].email}}``."""
    return f"{{{{{step_id}.result.{path}}}}}"


_ON_DAY = re.compile(r"^(\d{2}):(\d{2}) on the day of (\{\{[^{}]+\}\})$")


def on_day_of(hour: int, minute: int, moment: str) -> str:
    """A time of day on the day of a moment known only at run time (a reference to an event's ``startTime``):
    ``on_day_of(17, 0, "{{f.result.data[0].startTime}}")`` → ``"17:00 on the day of {{f.result.data[0].startTime}}"``.
    "Move the team sync to 5pm" keeps the event's own day; the engine fills it once the event is read."""
    return f"{hour:02d}:{minute:02d} on the day of {moment}"


def parse_on_day(text: str) -> tuple[int, int, str] | None:
    """``(hour, minute, moment template)`` of an ``on_day_of`` text; None for any other text."""
    match = _ON_DAY.match(text.strip())
    return (int(match.group(1)), int(match.group(2)), match.group(3)) if match else None


_AT_TIME_OF = re.compile(r"^the time of (\{\{[^{}]+\}\}) on (\d{4}-\d{2}-\d{2}) in ([A-Za-z0-9_/+-]+)$")


def at_time_of(moment: str, day: date, zone: str) -> str:
    """The wall-clock time of a moment known only at run time, on another day, in a zone:
    ``at_time_of("{{f.result.data[0].startTime}}", date(2026, 3, 6), "America/New_York")`` →
    ``"the time of {{f.result.data[0].startTime}} on 2026-03-06 in America/New_York"``. "Move my 1:1 to Friday"
    keeps the event's time of day (across a daylight-saving change too); the engine fills it once the event is
    read."""
    return f"the time of {moment} on {day.isoformat()} in {zone}"


def parse_at_time_of(text: str) -> tuple[str, date, str] | None:
    """``(moment template, day, zone)`` of an ``at_time_of`` text; None for any other text."""
    match = _AT_TIME_OF.match(text.strip())
    return (match.group(1), date.fromisoformat(match.group(2)), match.group(3)) if match else None


_MINUTES_BEFORE = re.compile(r"^(\d+) minutes before (\{\{[^{}]+\}\})$")


def minutes_before(minutes: int, moment: str) -> str:
    """A moment some minutes before one known only at run time: ``minutes_before(15,
    "{{f.result.data[0].startTime}}")`` → ``"15 minutes before {{f.result.data[0].startTime}}"``. "Block 15 min right
    before our 1:1" ends when the 1:1 starts; the engine fills it once the 1:1 is read."""
    return f"{minutes} minutes before {moment}"


def parse_minutes_before(text: str) -> tuple[int, str] | None:
    """``(minutes, moment template)`` of a ``minutes_before`` text; None for any other text."""
    match = _MINUTES_BEFORE.match(text.strip())
    return (int(match.group(1)), match.group(2)) if match else None


def is_time_of_found(value: object) -> bool:
    """Whether ``value`` is a time said for a moment known only at run time (``on_day_of``, ``at_time_of``,
    ``minutes_before``): a time the user gave, which a correction may change."""
    return isinstance(value, str) and (
        parse_on_day(value) is not None
        or parse_at_time_of(value) is not None
        or parse_minutes_before(value) is not None
    )


def parse_reference(body: str) -> Reference | None:
    match = _REFERENCE.match(body)
    if not match:
        return None
    path: list[str | int] = []
    for key, index in _PATH_PART.findall(match.group(2)):
        path.append(int(index) if index else key)
    return Reference(match.group(1), tuple(path))


def parse_item_path(body: str) -> tuple[str | int, ...] | None:
    """``item.attachments[0].ref`` → ``("attachments", 0, "ref")``; ``item`` → ``()``; None if not an item."""
    match = _ITEM.match(body)
    if not match:
        return None
    return tuple(int(index) if index else key for key, index in _PATH_PART.findall(match.group(1)))


def item_paths_in(value: Any) -> list[tuple[str | int, ...]]:
    """The path of every ``{{item...}}`` template in ``value``."""
    return [path for body in template_bodies(value) if (path := parse_item_path(body)) is not None]


def template_bodies(value: Any) -> Iterator[str]:
    """The body of every ``{{...}}`` in the strings of ``value``, in order."""
    for _, text in walk_strings(value):
        yield from templates_in(text)


def templates_in(text: str) -> list[str]:
    """The bodies of every ``{{...}}`` in ``text``."""
    return _TEMPLATE.findall(text)


def whole_template(value: str) -> str | None:
    """The body of ``value`` when it is exactly one template (the whole value), else None."""
    match = _TEMPLATE.fullmatch(value.strip())
    return match.group(1) if match else None


def fill_templates(value: str, fill: Callable[[str], str]) -> str:
    """``value`` with every ``{{...}}`` replaced by ``fill(body)``."""
    return _TEMPLATE.sub(lambda m: fill(m.group(1)), value)


def placeholder_name(body: str) -> str | None:
    match = _PLACEHOLDER.match(body)
    return match.group(1) if match else None


def is_template(value: object) -> bool:
    """True when ``value`` is exactly one template (the whole value)."""
    return isinstance(value, str) and _TEMPLATE.fullmatch(value.strip()) is not None


def walk_strings(value: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string inside nested dicts and lists, with its path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from walk_strings(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from walk_strings(item, (*path, index))


def placeholders_in(value: Any) -> list[tuple[tuple[str | int, ...], str]]:
    """``(path, name)`` of every placeholder in ``value``, in order."""
    found = []
    for path, text in walk_strings(value):
        for body in templates_in(text):
            name = placeholder_name(body)
            if name is not None:
                found.append((path, name))
    return found


def references_in(value: Any) -> list[Reference]:
    return [ref for body in template_bodies(value) if (ref := parse_reference(body)) is not None]


def unknown_templates_in(value: Any) -> list[str]:
    """Template bodies that are neither a placeholder, nor a step reference, nor an item reference."""
    bad = []
    for _, text in walk_strings(value):
        for body in templates_in(text):
            if placeholder_name(body) is None and parse_reference(body) is None and parse_item_path(body) is None:
                bad.append(body)
    return bad
