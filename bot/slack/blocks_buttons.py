"""Buttons and what they carry: a compact JSON value naming the plan, the step and the arguments shown."""

import json
from typing import Any, Literal

from bot.slack.blocks_text import MAX_BUTTON_TEXT, MAX_BUTTON_VALUE, plain
from bot.slack.declared import ACTION_IDS

CANCEL_CONFIRM: dict[str, Any] = {
    "title": plain("Cancel this plan?", 100),
    "text": plain("Nothing else in it will run. Steps already done stay done.", 300),
    "confirm": plain("Cancel plan", 30),
    "deny": plain("Keep it", 30),
    "style": "danger",
}


def button_value(session_id: str, step_id: str | None = None, args_hash: str | None = None) -> str:
    """``{"s": session, "t": step, "h": hash}`` as compact JSON; raises ``ValueError`` past Slack's 2,000
    characters (ids are ours and short: a longer one is a bug, not something to cut)."""
    data = {"s": session_id}
    if step_id is not None:
        data["t"] = step_id
    if args_hash is not None:
        data["h"] = args_hash
    value = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if len(value) > MAX_BUTTON_VALUE:
        raise ValueError(f"button value of {len(value)} characters is over Slack's {MAX_BUTTON_VALUE}")
    return value


def read_button_value(raw: object) -> dict[str, str]:
    """The ids a button carried (``{"s", "t", "h"}``, each present only when sent); ``{}`` for anything else."""
    if not isinstance(raw, str):
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if key in ("s", "t", "h") and isinstance(value, str)}


def button(
    text: str,
    action: str,
    value: str,
    *,
    style: Literal["primary", "danger"] | None = None,
    confirm: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A button whose ``action_id`` is one of ``declared.ACTION_IDS`` (named by its key: approve, skip...)."""
    element: dict[str, Any] = {
        "type": "button",
        "action_id": ACTION_IDS[action],
        "text": plain(text, MAX_BUTTON_TEXT),
        "value": value,
    }
    if style is not None:
        element["style"] = style
    if confirm is not None:
        element["confirm"] = confirm
    return element


def cancel_plan_button(session_id: str) -> dict[str, Any]:
    """Cancel for a whole plan (``/plans``, App Home): carries only the session id."""
    return button("Cancel", "cancel", button_value(session_id), style="danger", confirm=CANCEL_CONFIRM)
