"""What a signed Slack request body must look like before Bolt parses it.

Events come as a JSON object (``application/json``); slash commands as a form with ``command``; interactivity
as a form whose ``payload`` is a JSON object. :func:`shape_problem` names what is wrong (never the contents),
or returns None. Parsing is bounded: the size by the HTTP layer, the nesting by Python's recursion limit
(caught). Slack's certificate probe is not signed: :func:`is_ssl_check` recognises it alone.
"""

import json
from typing import Any
from urllib.parse import parse_qsl

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
MAX_FORM_FIELDS = 100

# the fields the listeners rely on, by event type / payload type: (dotted path, type)
_EVENT_FIELDS: dict[str, tuple[tuple[str, type], ...]] = {
    "app_mention": (("user", str), ("channel", str), ("ts", str)),
    "message": (("channel", str), ("ts", str)),
    "app_home_opened": (("user", str),),
    "assistant_thread_started": (("assistant_thread.channel_id", str), ("assistant_thread.thread_ts", str)),
}
_PAYLOAD_FIELDS: dict[str, tuple[tuple[str, type], ...]] = {
    "block_actions": (("user.id", str), ("actions", list)),
    "view_submission": (("user.id", str), ("view", dict)),
    "message_action": (("user.id", str), ("channel.id", str), ("message", dict)),
}
_COMMAND_FIELDS = ("command", "user_id", "channel_id")
_SSL_CHECK_FIELDS = frozenset({"ssl_check", "token"})


def is_ssl_check(body: bytes, content_type: str) -> bool:
    """Slack's unsigned certificate probe, ``ssl_check=1&token=...``, and nothing else smuggled in with it."""
    if content_type != FORM or len(body) > 1024:
        return False
    try:
        fields = parse_qsl(body.decode("ascii"), keep_blank_values=True, max_num_fields=len(_SSL_CHECK_FIELDS))
    except (UnicodeDecodeError, ValueError):
        return False
    names = [name for name, _ in fields]
    return dict(fields).get("ssl_check") == "1" and len(names) == len(set(names)) and set(names) <= _SSL_CHECK_FIELDS


def shape_problem(body: bytes, content_type: str) -> str | None:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return "the body is not UTF-8"
    if content_type == JSON:
        return _event_problem(_json_object(text))
    if content_type == FORM:
        return _form_problem(text)
    return f"unexpected content type {content_type[:40]!r}"


def _json_object(text: str) -> dict[str, Any] | str:
    """The parsed object, or what is wrong with it."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return "not JSON"
    except RecursionError:
        return "JSON nested too deep"
    return value if isinstance(value, dict) else f"JSON {type(value).__name__}, not an object"


def _event_problem(body: dict[str, Any] | str) -> str | None:
    if isinstance(body, str):
        return body
    kind = body.get("type")
    if not isinstance(kind, str):
        return "no type"
    if kind == "url_verification":
        return None if isinstance(body.get("challenge"), str) else "url_verification without a challenge"
    if kind != "event_callback":
        return None
    event = body.get("event")
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return "event_callback without an event"
    return _missing(event, _EVENT_FIELDS.get(event["type"], ()), f"event {event['type'][:40]}")


def _form_problem(text: str) -> str | None:
    try:
        fields = dict(parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FORM_FIELDS))
    except ValueError:
        return "too many form fields"
    if "payload" in fields:
        payload = _json_object(fields["payload"])
        if isinstance(payload, str):
            return f"payload: {payload}"
        kind = payload.get("type")
        if not isinstance(kind, str):
            return "payload: no type"
        return _missing(payload, _PAYLOAD_FIELDS.get(kind, ()), f"payload {kind[:40]}")
    if "command" in fields:
        absent = [name for name in _COMMAND_FIELDS if not fields.get(name)]
        return f"command without {', '.join(absent)}" if absent else None
    return "a form with neither payload nor command"


def _missing(value: dict[str, Any], fields: tuple[tuple[str, type], ...], what: str) -> str | None:
    absent = [path for path, kind in fields if not isinstance(_at(value, path), kind)]
    return f"{what} without {', '.join(absent)}" if absent else None


def _at(value: Any, path: str) -> Any:
    for key in path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
    return value
