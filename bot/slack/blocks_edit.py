"""The Edit modal of a step waiting for approval, and reading its submission back into typed arguments.

Each argument is one ``input`` block (``block_id`` = its name, ``action_id`` = ``"value"``) with a plain-text
field; a nested object (CRM ``fields``, ``filters``) is one input per key (``block_id`` = ``"fields.email"``).
``private_metadata`` carries ``{"s", "t", "h", "tool", "types"}`` and, when some arguments cannot be edited in a
form (longer than Slack's 3,000-character input, names a block id cannot hold, more than fit), ``"k"``: how many.
Those are not in the rebuilt arguments: ``restore_kept`` puts their current values back. Ids (``eventId``,
``messageId``…) are kept so, unshown.

Fields are labelled in words ("Start", "Length (minutes)"); a time is shown as "Fri 6 Mar 2026, 13:00 (UTC-05:00)"
and read back exactly. What is typed otherwise ("Friday 1pm", "1 hour", "Tom") stays text: the caller has the
engine read it as it reads "edit FIELD=VALUE" (``needs_reading``).
"""

import json
import math
import re
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any, Literal

from bot.slack.blocks_text import MAX_VIEW_BLOCKS, clip, context, escape, plain, section, size, when
from bot.slack.declared import EDIT_CALLBACK_ID
from planning.engine.replies import AskApproval

FieldType = Literal["str", "int", "float", "bool", "list", "datetime", "json", "dict"]
MAX_INPUT = 3000  # Slack's longest plain_text_input
MAX_METADATA = 3000
MAX_BLOCK_ID = 255
MAX_ERROR = 150
_MAX_INPUTS = MAX_VIEW_BLOCKS - 2  # an intro section and, maybe, a note on what cannot be edited
_TRUE, _FALSE = {"yes", "y", "true", "1", "on"}, {"no", "n", "false", "0", "off"}
_HINTS: dict[str, str] = {
    "list": "Separate values with commas.",
    "int": "A whole number.",
    "float": "A number.",
    "bool": "yes or no.",
    "datetime": "Or in words, e.g. Friday 1pm.",
    "json": "JSON.",
}
Field = tuple[str, str, str]  # block_id, type, initial text
LABELS: dict[str, str] = {
    "to": "To",
    "cc": "Cc",
    "bcc": "Bcc",
    "subject": "Subject",
    "body": "Message",
    "title": "Title",
    "startTime": "Start",
    "durationMinutes": "Length (minutes)",
    "shiftMinutes": "Move by (minutes)",
    "attendees": "Attendees",
    "addAttendees": "Invite",
    "removeAttendees": "Take off the invitation",
    "location": "Where",
    "description": "Notes",
    "windowStart": "Earliest",
    "windowEnd": "Latest",
    "dueDate": "Due",
    "closeDate": "Close date",
    "close_date": "Close date",
    "attachments": "Attachments",
}
_IDS = re.compile(r"^(?:id|entityType|.*Id|.*Ids)$")  # references nobody edits by hand: kept, unshown
_SHOWN_TIME = re.compile(r"^\w{3} (\d{1,2} \w{3} \d{4}, \d{2}:\d{2}) \(UTC([+-]\d{2}):(\d{2})\)$")


def edit_modal(ask: AskApproval, *, required: Collection[str] = ()) -> dict[str, Any]:
    """The modal for ``views.open``. Block ids in ``required`` cannot be left empty
    (the others can: an emptied field is left out, and the engine's checks say if it was needed)."""
    editable: dict[str, list[Field]] = {}
    kept: list[str] = []
    hidden = [str(name) for name in ask.arguments if _IDS.match(str(name))]
    for name, value in ask.arguments.items():
        if name in hidden:
            continue
        fields = _fields_of(name, value)
        if fields is None or sum(len(f) for f in editable.values()) + len(fields) > _MAX_INPUTS:
            kept.append(str(name))
        else:
            editable[name] = fields
    meta = _fit_metadata(ask, editable, kept, hidden)
    intro = f"*{escape(clip(ask.intent, 500))}*\n"
    intro += "Change what you need and press *Save*: I will ask you to approve the step again."
    blocks = [section(intro)]
    if kept:
        names = ", ".join(escape(clip(field_label(name), 50)) for name in kept)
        blocks.append(context(f"Kept as they are (too long or too complex to edit here): {names}"))
    for fields in editable.values():
        blocks += [_input(b, kind, text, b in required) for b, kind, text in fields if kind != "dict"]
    return {
        "type": "modal",
        "callback_id": EDIT_CALLBACK_ID,
        "title": plain("Edit step", 24),
        "submit": plain("Save", 24),
        "close": plain("Close", 24),
        "private_metadata": meta,
        "blocks": blocks,
    }


def read_edit_submission(view: object) -> tuple[dict[str, Any], dict[str, Any]]:
    """(private_metadata, arguments) from a ``view_submission``'s ``view``, each value typed back as it was
    (list, int, float, bool, nested object); an empty field is left out. Never raises: a malformed payload
    gives whatever could be read (``({}, {})`` at worst)."""
    if not isinstance(view, dict):
        return {}, {}
    meta = _load_object(view.get("private_metadata"))
    raw_types = meta.get("types")
    types = {k: v for k, v in raw_types.items() if isinstance(k, str)} if isinstance(raw_types, dict) else {}
    arguments: dict[str, Any] = {}
    for block_id, kind in types.items():  # a nested object stays an object, even with every field emptied
        parent = block_id.split(".", 1)[0]
        if kind == "dict" or "." in block_id:
            arguments.setdefault(parent, {})
    for block_id, text in _submitted(view).items():
        if text is None or not text.strip():
            continue
        value = _typed(types.get(block_id), text)
        if "." in block_id:
            parent, key = block_id.split(".", 1)
            target = arguments.setdefault(parent, {})
            if isinstance(target, dict):
                target[key] = value
        elif not isinstance(arguments.get(block_id), dict):
            arguments[block_id] = value
    return meta, arguments


def edit_texts(view: object) -> dict[str, str]:
    """block_id → the text entered (not empty), from a ``view_submission``'s ``view``."""
    if not isinstance(view, dict):
        return {}
    return {block: text for block, text in _submitted(view).items() if text is not None and text.strip()}


def restore_kept(original: Mapping[str, Any], meta: Mapping[str, Any], edited: dict[str, Any]) -> dict[str, Any]:
    """``edited`` plus the ``original`` arguments the modal could not show (``meta`` from the submission)."""
    types = meta.get("types")
    shown = {str(k).split(".", 1)[0] for k in types} if isinstance(types, dict) else set()
    return {**{k: v for k, v in original.items() if k not in shown}, **edited}


def input_block_ids(meta: Mapping[str, Any]) -> list[str]:
    """The input blocks of a modal built by ``edit_modal``, from its metadata (for ``field_errors_for_modal``)."""
    types = meta.get("types")
    return [k for k, v in types.items() if isinstance(k, str) and v != "dict"] if isinstance(types, dict) else []


def field_errors_for_modal(errors: Mapping[str, str], block_ids: Iterable[str] | None = None) -> dict[str, str]:
    """Engine error paths ("to.0", "fields.email", "arguments") → the modal's block ids, each message at most
    150 characters, for ``ack(response_action="errors", errors=...)``. With ``block_ids`` (the modal's inputs)
    every error lands on an existing block: a path names its closest block, an object-wide or model-wide error
    the object's first field or the first field."""
    known = list(block_ids) if block_ids is not None else None
    grouped: dict[str, list[str]] = {}
    for path, problem in errors.items():
        grouped.setdefault(_block_for(str(path), known), []).append(str(problem))
    return {block: clip("; ".join(problems), MAX_ERROR) for block, problems in grouped.items()}


# --- building --------------------------------------------------------------------------------------------


def _fields_of(name: object, value: Any) -> list[Field] | None:
    """The inputs for one argument, or None when it cannot be edited in a form."""
    if not isinstance(name, str) or not _fits_block_id(name) or "." in name:
        return None
    if not isinstance(value, dict):
        field = _field(name, value)
        return [field] if field else None
    if not value:
        return [(name, "dict", "")]  # no input: remembered so that it comes back as {}
    fields = [_field(f"{name}.{key}", item) if isinstance(key, str) and key else None for key, item in value.items()]
    if any(f is None or not _fits_block_id(f[0]) for f in fields):
        return None
    return [f for f in fields if f is not None]


def _field(block_id: str, value: Any) -> Field | None:
    kind, text = _as_text(value)
    if kind is None or size(text) > MAX_INPUT:
        return None
    return block_id, kind, text


def _as_text(value: Any) -> tuple[FieldType | None, str]:
    if value is None:
        return "str", ""
    if isinstance(value, bool):
        return "bool", "yes" if value else "no"
    if isinstance(value, int):
        try:
            return "int", str(value)
        except ValueError:  # past Python's 4,300-digit conversion limit
            return None, ""
    if isinstance(value, float):
        if not math.isfinite(value):
            return None, ""
        return "float", str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, datetime):
        return "datetime", when(value) or value.isoformat()
    if isinstance(value, str):
        shown = when(value) if value == value.strip() else None
        return ("datetime", shown) if shown and _from_shown(shown) == value else ("str", value)
    if isinstance(value, list) and all(_plain_item(item) for item in value):
        return "list", ", ".join(value)
    try:
        return "json", json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None, ""


def _plain_item(item: Any) -> bool:
    """A list item that survives "comma-separated, trimmed": non-empty text without commas or edge spaces."""
    return isinstance(item, str) and bool(item) and "," not in item and item == item.strip()


def _fits_block_id(block_id: str) -> bool:
    return 0 < size(block_id) <= MAX_BLOCK_ID


def _input(block_id: str, kind: str, text: str, required: bool) -> dict[str, Any]:
    element: dict[str, Any] = {"type": "plain_text_input", "action_id": "value", "max_length": MAX_INPUT}
    if text:
        element["initial_value"] = text
    if "\n" in text or size(text) > 150:
        element["multiline"] = True
    block: dict[str, Any] = {
        "type": "input",
        "block_id": block_id,
        "label": plain(field_label(block_id), 2000),
        "element": element,
        "optional": not required,
    }
    hint = _HINTS.get(kind)
    if hint:
        block["hint"] = plain(hint, 2000)
    return block


def _fit_metadata(ask: AskApproval, editable: dict[str, list[Field]], kept: list[str], hidden: list[str]) -> str:
    """The metadata JSON within 3,000 characters: arguments that do not fit move to ``kept`` (last first)."""
    while True:
        types = {block_id: kind for fields in editable.values() for block_id, kind, _ in fields}
        meta: dict[str, Any] = {"s": ask.session_id, "t": ask.step_id, "h": ask.args_hash, "tool": ask.tool}
        meta["types"] = types
        if kept or hidden:
            meta["k"] = len(kept) + len(hidden)
        text = json.dumps(meta, separators=(",", ":"), ensure_ascii=False)
        if size(text) <= MAX_METADATA:
            return text
        if not editable:
            raise ValueError("the step's ids do not fit in a modal's 3,000-character metadata")
        name = list(editable)[-1]
        del editable[name]
        kept.insert(0, name)


# --- reading ---------------------------------------------------------------------------------------------


def _load_object(raw: object) -> dict[str, Any]:
    if not isinstance(raw, str):
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _submitted(view: dict[Any, Any]) -> dict[str, str | None]:
    """block_id → the text entered, from ``view.state.values``."""
    state = view.get("state")
    values = state.get("values") if isinstance(state, dict) else None
    if not isinstance(values, dict):
        return {}
    out: dict[str, str | None] = {}
    for block_id, actions in values.items():
        if not isinstance(block_id, str) or not isinstance(actions, dict) or not actions:
            continue
        element = actions["value"] if "value" in actions else next(iter(actions.values()))
        out[block_id] = _entered(element)
    return out


def _entered(element: object) -> str | None:
    if not isinstance(element, dict):
        return None
    value = element.get("value")
    if isinstance(value, str):
        return value
    option = element.get("selected_option")
    if isinstance(option, dict) and isinstance(option.get("value"), str):
        return str(option["value"])
    return None


def _typed(kind: object, text: str) -> Any:
    """The entered text as the argument's original type; text that does not parse stays text (the engine's
    checks then say what is wrong, next to the field)."""
    stripped = text.strip()
    if kind == "list":
        return [part.strip() for part in text.split(",") if part.strip()]
    if kind == "int":
        return _number(stripped, integer=True)
    if kind == "float":
        return _number(stripped, integer=False)
    if kind == "bool":
        lowered = stripped.lower()
        return True if lowered in _TRUE else False if lowered in _FALSE else text
    if kind == "datetime":
        return _from_shown(stripped) or stripped
    if kind == "json":
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            return text
    return text


def _from_shown(text: str) -> str | None:
    """A time as the form shows it ("Thu 5 Mar 2026, 14:00 (UTC-05:00)") back in ISO; an ISO time as it is."""
    if when(text):
        return text
    match = _SHOWN_TIME.match(text)
    if match is None:
        return None
    try:
        local = datetime.strptime(match.group(1), "%d %b %Y, %H:%M")
    except ValueError:
        return None
    sign = -1 if match.group(2).startswith("-") else 1
    offset = sign * timedelta(hours=abs(int(match.group(2))), minutes=int(match.group(3)))
    return local.replace(tzinfo=timezone(offset)).isoformat()


def field_label(block_id: str) -> str:
    """A field in words: "startTime" → "Start", "fields.closeDate" → "Close date"."""
    name = block_id.rsplit(".", 1)[-1]
    if name in LABELS:
        return LABELS[name]
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").strip().lower()
    return words[:1].upper() + words[1:] if words else block_id


def needs_reading(kind: object, value: Any) -> bool:
    """Whether a submitted value is still words the form could not type ("Friday 1pm" for a time, "1 hour" for
    minutes, a person's name among addresses): for the engine to read."""
    if kind == "datetime":
        return not (isinstance(value, str) and when(value))
    if kind in ("int", "float"):
        return isinstance(value, str)
    if kind == "list":
        return isinstance(value, list) and any(isinstance(item, str) and "@" not in item for item in value)
    return False


def _number(text: str, *, integer: bool) -> Any:
    try:
        number = float(text) if not integer or not text.lstrip("+-").isdigit() else int(text)
    except ValueError:
        return text
    if isinstance(number, int):
        return number
    if not math.isfinite(number):
        return text
    if integer:
        return int(number) if number.is_integer() else text
    return number


def _block_for(path: str, known: list[str] | None) -> str:
    segments = [s for s in path.split(".") if s]
    if known is None:  # without the modal's blocks: the path up to its first list index, at most two levels
        head: list[str] = []
        for segment in segments:
            if segment.isdigit():
                break
            head.append(segment)
        return ".".join(head[:2]) or path or "arguments"
    for n in range(len(segments), 0, -1):
        if (candidate := ".".join(segments[:n])) in known:
            return candidate
    inside = next((b for b in known if segments and b.startswith(segments[0] + ".")), None)
    return inside or (known[0] if known else path or "arguments")
