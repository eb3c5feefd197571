"""Payloads of a published view (the Home tab) and its people: a click on one of its buttons, read from what the
fake Slack holds, and a workspace admin (``users.info`` says ``is_admin``).

    home = slack.home_view(user)                      # the Home tab last published for user
    value = view_button(home, "account_disconnect")   # the value of a button on it
    await bot.send(view_actions_body(action_id="account_disconnect", value=value, user_id=user, view=home))
"""

import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from tests.slack.kit.payloads import APP_ID, TEAM_DOMAIN, TEAM_ID, VERIFICATION_TOKEN, SlackUser, next_trigger_id


@dataclass(frozen=True)
class WorkspaceAdmin(SlackUser):
    """A member who administers the workspace (``is_admin``; ``owner``: ``is_owner`` instead)."""

    owner: bool = False

    def as_user_object(self, *, team_id: str = TEAM_ID) -> dict[str, Any]:
        found = super().as_user_object(team_id=team_id)
        found["is_owner" if self.owner else "is_admin"] = True
        return found


def view_buttons(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every button on a view (or message), in order."""
    found: list[dict[str, Any]] = []
    for block in (view or {}).get("blocks") or []:
        if block.get("type") == "actions":
            found += [e for e in block.get("elements", []) if e.get("type") == "button"]
        accessory = block.get("accessory")
        if isinstance(accessory, dict) and accessory.get("type") == "button":
            found.append(accessory)
    return found


def view_button(view: dict[str, Any] | None, action_id: str, value: str | None = None) -> dict[str, Any]:
    """The button with ``action_id`` (and ``value``, when given); AssertionError when there is none."""
    for element in view_buttons(view):
        if element.get("action_id") == action_id and value in (None, element.get("value")):
            return element
    raise AssertionError(f"no {action_id} button ({value}) in {json.dumps(view)[:2000]}")


def view_actions_body(
    *,
    action_id: str,
    value: str,
    user_id: str,
    view: dict[str, Any] | None = None,
    team_id: str = TEAM_ID,
    trigger_id: str | None = None,
) -> str:
    """A click on a button of a published view (``container.type`` "view"), as Slack POSTs it."""
    shown = view or {"id": "V0HOME0001", "type": "home", "blocks": []}
    payload = {
        "type": "block_actions",
        "user": {"id": user_id, "username": user_id.lower(), "name": user_id.lower(), "team_id": team_id},
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "container": {"type": "view", "view_id": shown.get("id", "V0HOME0001")},
        "trigger_id": trigger_id or next_trigger_id(),
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "enterprise": None,
        "is_enterprise_install": False,
        "view": shown,
        "actions": [
            {
                "type": "button",
                "action_id": action_id,
                "block_id": "actions",
                "text": {"type": "plain_text", "text": action_id, "emoji": True},
                "value": value,
                "action_ts": f"{time.time():.6f}",
            }
        ],
    }
    return urlencode({"payload": json.dumps(payload)})
