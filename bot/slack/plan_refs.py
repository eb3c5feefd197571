"""The plans a click or a form submission names: the ``s`` (session id) of each clicked button's or chosen
option's value, and of a submitted view's ``private_metadata`` (``bot.slack.blocks_buttons``, ``blocks_edit``,
``edits``). Other interactions (Connect, Home tab paging) name none."""

import json
from typing import Any


def plans_named(body: dict[str, Any]) -> set[str]:
    kind = body.get("type")
    if kind == "block_actions":
        values = []
        for action in body.get("actions") or []:
            if isinstance(action, dict):
                values.append(action.get("value"))
                values.append((action.get("selected_option") or {}).get("value"))
        return {found for value in values if (found := _session_of(value))}
    if kind == "view_submission":
        found = _session_of((body.get("view") or {}).get("private_metadata"))
        return {found} if found else set()
    return set()


def _session_of(text: object) -> str | None:
    if not isinstance(text, str) or not text.startswith("{"):
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    session = data.get("s") if isinstance(data, dict) else None
    return session if isinstance(session, str) and session else None
