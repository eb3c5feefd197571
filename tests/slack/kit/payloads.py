"""Builders for the request bodies Slack sends an app, in Slack's documented shapes.

- Events API: every ``*_event`` builder returns a whole ``event_callback`` envelope (a dict; send it with
  :func:`json_body`); :func:`url_verification` is the handshake Slack sends when a Request URL is saved.
- Slash commands, ``block_actions`` and ``view_submission`` come as form-encoded strings, exactly as Slack
  POSTs them (interactivity as ``payload=<json>``).
- The test workspace: its ids (``TEAM_ID``, ``BOT_USER_ID`` ...) and people (:data:`DEMO_USERS`, the demo
  contacts of contract §5 as Slack users) are shared with :mod:`tests.slack.kit.fake_web_api`.

Timestamps (``ts``), event ids and trigger ids are unique and increasing within a test run; ``ts`` values
come from one clock shared with the fake Web API, so a reply posted after a mention sorts after it.
"""

import itertools
import json
import re
import secrets
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

TEAM_ID = "T0PLANBOT"
TEAM_DOMAIN = "planbot-test"
APP_ID = "A0PLANBOT"
BOT_ID = "B0PLANBOT"
BOT_USER_ID = "U0PLANBOT"
BOT_NAME = "planbot"
BOT_TOKEN = "xoxb-0000-planbot-test-token"
VERIFICATION_TOKEN = "legacy-verification-token"
CHANNEL_ID = "C0GENERAL"
CHANNEL_NAME = "general"
REQUESTER_ID = "U0PRIYA"

_ts_counter = itertools.count(1)
_event_counter = itertools.count(1)
_TS_ORIGIN_MICROS = 1_700_000_000_000_000


def next_ts() -> str:
    """A fresh message timestamp: ``1700000000.000100``, ``1700000000.000200``, ..."""
    micros = _TS_ORIGIN_MICROS + 100 * next(_ts_counter)
    return f"{micros // 1_000_000}.{micros % 1_000_000:06d}"


def next_trigger_id() -> str:
    """A fresh trigger id in Slack's ``digits.digits.hex`` format."""
    return f"{1_000_000_000 + next(_event_counter)}.738474920.{secrets.token_hex(16)}"


def dm_channel_id(user_id: str) -> str:
    """The id of the bot's direct-message channel with ``user_id`` (the fake's ``conversations.open`` agrees)."""
    return f"D{user_id[1:]}"


@dataclass(frozen=True)
class SlackUser:
    """A member of the test workspace, as ``users.info`` describes them. ``team_id``: the user's own workspace
    (``None``: the workspace asked; another id: someone of another organisation, seen through Slack Connect, as
    ``is_stranger`` says too); ``is_restricted`` / ``is_ultra_restricted``: a multi- / single-channel guest;
    ``deleted``: deactivated."""

    id: str
    name: str
    real_name: str
    email: str
    tz: str = "UTC"
    display_name: str = ""
    is_bot: bool = False
    team_id: str | None = None
    is_restricted: bool = False
    is_ultra_restricted: bool = False
    is_stranger: bool = False
    deleted: bool = False

    def tz_offset(self, at: datetime | None = None) -> int:
        """Seconds east of UTC at ``at`` (now by default), as ``users.info`` reports ``tz_offset``."""
        offset = (at or datetime.now(UTC)).astimezone(ZoneInfo(self.tz)).utcoffset()
        return int(offset.total_seconds()) if offset else 0

    def as_user_object(self, *, team_id: str = TEAM_ID) -> dict[str, Any]:
        display_name = self.display_name or self.real_name.split(" ")[0]
        team_id = self.team_id or team_id
        user: dict[str, Any] = {
            "id": self.id,
            "team_id": team_id,
            "name": self.name,
            "deleted": self.deleted,
            "real_name": self.real_name,
            "tz": self.tz,
            "tz_label": self.tz,
            "tz_offset": self.tz_offset(),
            "is_admin": False,
            "is_owner": False,
            "is_restricted": self.is_restricted or self.is_ultra_restricted,
            "is_ultra_restricted": self.is_ultra_restricted,
            "is_bot": self.is_bot,
            "is_app_user": False,
            "updated": 1_700_000_000,
            "profile": {
                "real_name": self.real_name,
                "real_name_normalized": self.real_name,
                "display_name": display_name,
                "display_name_normalized": display_name,
                "email": self.email,
                "team": team_id,
            },
        }
        if self.is_stranger:
            user["is_stranger"] = True
        return user


DEMO_USERS: tuple[SlackUser, ...] = (
    SlackUser("U0PRIYA", "priya.shah", "Priya Shah", "priya.shah@example.com", "Europe/London"),
    SlackUser("U0JOHN", "john.smith", "John Smith", "john.smith@example.com", "America/New_York"),
    SlackUser("U0SARAH", "sarah.lee", "Sarah Lee", "sarah.lee@example.com", "America/Los_Angeles"),
    SlackUser("U0TOM", "tom.reyes", "Tom Reyes", "tom.reyes@example.com", "America/Chicago"),
    SlackUser("U0MARIA", "maria.garcia", "Maria Garcia", "maria.garcia@example.com", "Europe/Madrid"),
)


def json_body(payload: dict[str, Any]) -> str:
    """The body Slack POSTs for an Events API payload."""
    return json.dumps(payload, separators=(",", ":"))


def url_verification(challenge: str) -> dict[str, Any]:
    return {"token": VERIFICATION_TOKEN, "challenge": challenge, "type": "url_verification"}


def _envelope(event: dict[str, Any], *, team_id: str, event_id: str | None, event_time: int | None) -> dict[str, Any]:
    return {
        "token": VERIFICATION_TOKEN,
        "team_id": team_id,
        "context_team_id": team_id,
        "context_enterprise_id": None,
        "api_app_id": APP_ID,
        "event": event,
        "type": "event_callback",
        "event_id": event_id or f"Ev{next(_event_counter):08d}",
        "event_time": event_time if event_time is not None else int(time.time()),
        "authorizations": [
            {
                "enterprise_id": None,
                "team_id": team_id,
                "user_id": BOT_USER_ID,
                "is_bot": True,
                "is_enterprise_install": False,
            }
        ],
        "is_ext_shared_channel": False,
        "event_context": f"4-{secrets.token_hex(12)}",
    }


_MENTION = re.compile(r"<@([UW][A-Z0-9]+)>")


def _rich_text(text: str) -> list[dict[str, Any]]:
    """The ``rich_text`` block Slack's client attaches to a typed message (mentions become user elements)."""
    elements: list[dict[str, Any]] = []
    position = 0
    for match in _MENTION.finditer(text):
        if match.start() > position:
            elements.append({"type": "text", "text": text[position : match.start()]})
        elements.append({"type": "user", "user_id": match.group(1)})
        position = match.end()
    if position < len(text):
        elements.append({"type": "text", "text": text[position:]})
    section = {"type": "rich_text_section", "elements": elements}
    return [{"type": "rich_text", "block_id": secrets.token_hex(3), "elements": [section]}]


def _user_message(
    *,
    event_type: str,
    text: str,
    user_id: str,
    channel_id: str,
    team_id: str,
    ts: str | None,
    thread_ts: str | None,
) -> dict[str, Any]:
    stamp = ts or next_ts()
    event: dict[str, Any] = {
        "type": event_type,
        "client_msg_id": str(uuid.uuid4()),
        "user": user_id,
        "text": text,
        "blocks": _rich_text(text),
        "team": team_id,
        "channel": channel_id,
        "ts": stamp,
        "event_ts": stamp,
    }
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    return event


def app_mention_event(
    text: str,
    *,
    user_id: str = REQUESTER_ID,
    channel_id: str = CHANNEL_ID,
    ts: str | None = None,
    thread_ts: str | None = None,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
    event_time: int | None = None,
) -> dict[str, Any]:
    """A mention of the bot. ``text`` is what follows the mention; ``<@BOT_USER_ID>`` is put in front unless
    ``text`` already starts with a mention."""
    full_text = text if text.startswith("<@") else f"<@{BOT_USER_ID}> {text}"
    event = _user_message(
        event_type="app_mention",
        text=full_text,
        user_id=user_id,
        channel_id=channel_id,
        team_id=team_id,
        ts=ts,
        thread_ts=thread_ts,
    )
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=event_time)


def im_message_event(
    text: str,
    *,
    user_id: str = REQUESTER_ID,
    channel_id: str | None = None,
    ts: str | None = None,
    thread_ts: str | None = None,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
    event_time: int | None = None,
) -> dict[str, Any]:
    """A message to the bot in its direct-message channel (``message.im``)."""
    event = _user_message(
        event_type="message",
        text=text,
        user_id=user_id,
        channel_id=channel_id or dm_channel_id(user_id),
        team_id=team_id,
        ts=ts,
        thread_ts=thread_ts,
    )
    event["channel_type"] = "im"
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=event_time)


def channel_thread_message_event(
    text: str,
    *,
    thread_ts: str,
    user_id: str = REQUESTER_ID,
    parent_user_id: str | None = None,
    channel_id: str = CHANNEL_ID,
    channel_type: str = "channel",
    ts: str | None = None,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
    event_time: int | None = None,
) -> dict[str, Any]:
    """A reply in a channel thread (``message.channels``; ``channel_type`` "group": a private channel's,
    ``message.groups``; "mpim": a group DM's, ``message.mpim``); the thread's parent was posted by
    ``parent_user_id`` (the replying user by default, as when someone answers under their own mention)."""
    event = _user_message(
        event_type="message",
        text=text,
        user_id=user_id,
        channel_id=channel_id,
        team_id=team_id,
        ts=ts,
        thread_ts=thread_ts,
    )
    event["channel_type"] = channel_type
    event["parent_user_id"] = parent_user_id or user_id
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=event_time)


def message_changed_event(
    original: dict[str, Any], new_text: str, *, team_id: str = TEAM_ID, event_id: str | None = None
) -> dict[str, Any]:
    """The ``message_changed`` Slack sends when the person edits ``original`` (an envelope this kit built)."""
    before = {k: v for k, v in original["event"].items() if k not in ("type", "channel", "channel_type", "event_ts")}
    before = {"type": "message", **before}
    after = {**before, "text": new_text, "blocks": _rich_text(new_text)}
    after["edited"] = {"user": before.get("user"), "ts": next_ts()}
    stamp = next_ts()
    event = {
        "type": "message",
        "subtype": "message_changed",
        "hidden": True,
        "message": after,
        "previous_message": before,
        "channel": original["event"]["channel"],
        "channel_type": original["event"].get("channel_type", "channel"),
        "ts": stamp,
        "event_ts": stamp,
    }
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=None)


def message_deleted_event(
    original: dict[str, Any], *, team_id: str = TEAM_ID, event_id: str | None = None
) -> dict[str, Any]:
    """The ``message_deleted`` Slack sends when the person deletes ``original`` (an envelope this kit built)."""
    before = {k: v for k, v in original["event"].items() if k not in ("type", "channel", "channel_type", "event_ts")}
    stamp = next_ts()
    event = {
        "type": "message",
        "subtype": "message_deleted",
        "hidden": True,
        "deleted_ts": original["event"]["ts"],
        "previous_message": {"type": "message", **before},
        "channel": original["event"]["channel"],
        "channel_type": original["event"].get("channel_type", "channel"),
        "ts": stamp,
        "event_ts": stamp,
    }
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=None)


def bot_message_event(
    text: str,
    *,
    bot_id: str = BOT_ID,
    bot_user_id: str = BOT_USER_ID,
    channel_id: str = CHANNEL_ID,
    channel_type: str = "channel",
    subtype: str | None = "bot_message",
    ts: str | None = None,
    thread_ts: str | None = None,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
    event_time: int | None = None,
) -> dict[str, Any]:
    """A message posted by a bot (by default this app's own bot, which the app must ignore). With
    ``subtype=None`` it has the modern shape: no subtype, ``user`` set to the bot user, plus ``bot_id``."""
    stamp = ts or next_ts()
    event: dict[str, Any] = {
        "type": "message",
        "text": text,
        "bot_id": bot_id,
        "app_id": APP_ID,
        "bot_profile": {"id": bot_id, "app_id": APP_ID, "name": BOT_NAME, "deleted": False, "team_id": team_id},
        "team": team_id,
        "channel": channel_id,
        "channel_type": channel_type,
        "ts": stamp,
        "event_ts": stamp,
    }
    if subtype is None:
        event["user"] = bot_user_id
    else:
        event["subtype"] = subtype
        event["username"] = BOT_NAME
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=event_time)


def app_home_opened_event(
    *,
    user_id: str = REQUESTER_ID,
    tab: str = "home",
    view: dict[str, Any] | None = None,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
    event_time: int | None = None,
) -> dict[str, Any]:
    """The user opened the app's Home (or Messages) tab; ``view`` is the Home view published before, if any."""
    event: dict[str, Any] = {
        "type": "app_home_opened",
        "user": user_id,
        "channel": dm_channel_id(user_id),
        "tab": tab,
        "event_ts": next_ts(),
    }
    if view is not None:
        event["view"] = view
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=event_time)


def assistant_thread_started_event(
    *,
    user_id: str = REQUESTER_ID,
    thread_ts: str | None = None,
    context_channel_id: str | None = CHANNEL_ID,
    team_id: str = TEAM_ID,
    event_id: str | None = None,
) -> dict[str, Any]:
    """The user opened a new thread in the app's assistant panel (in their DM with the bot)."""
    stamp = next_ts()
    event = {
        "type": "assistant_thread_started",
        "assistant_thread": {
            "user_id": user_id,
            "context": {"channel_id": context_channel_id, "team_id": team_id, "enterprise_id": None},
            "channel_id": dm_channel_id(user_id),
            "thread_ts": thread_ts or next_ts(),
        },
        "event_ts": stamp,
    }
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=None)


def user_change_event(user: SlackUser, *, team_id: str = TEAM_ID, event_id: str | None = None) -> dict[str, Any]:
    """A member's profile or account changed (``user_change``): ``user`` as it is now (``deleted``: deactivated)."""
    event = {"type": "user_change", "user": user.as_user_object(team_id=team_id), "cache_ts": int(time.time())}
    event["event_ts"] = next_ts()
    return _envelope(event, team_id=team_id, event_id=event_id, event_time=None)


def _response_url(kind: str, team_id: str) -> str:
    return f"https://hooks.slack.com/{kind}/{team_id}/{next(_event_counter)}/{secrets.token_hex(12)}"


def _user_name(user_id: str) -> str:
    return next((user.name for user in DEMO_USERS if user.id == user_id), user_id.lower())


def slash_command_body(
    *,
    command: str,
    text: str = "",
    user_id: str = REQUESTER_ID,
    channel_id: str = CHANNEL_ID,
    channel_name: str = CHANNEL_NAME,
    team_id: str = TEAM_ID,
    trigger_id: str | None = None,
    response_url: str | None = None,
) -> str:
    """The form-encoded body Slack POSTs when someone runs ``command``."""
    return urlencode(
        {
            "token": VERIFICATION_TOKEN,
            "team_id": team_id,
            "team_domain": TEAM_DOMAIN,
            "channel_id": channel_id,
            "channel_name": channel_name,
            "user_id": user_id,
            "user_name": _user_name(user_id),
            "command": command,
            "text": text,
            "api_app_id": APP_ID,
            "is_enterprise_install": "false",
            "response_url": response_url or _response_url("commands", team_id),
            "trigger_id": trigger_id or next_trigger_id(),
        }
    )


def _interaction_user(user_id: str, team_id: str) -> dict[str, Any]:
    name = _user_name(user_id)
    return {"id": user_id, "username": name, "name": name, "team_id": team_id}


def block_actions_body(
    *,
    action_id: str,
    value: str,
    user_id: str = REQUESTER_ID,
    channel_id: str = CHANNEL_ID,
    message_ts: str,
    thread_ts: str | None = None,
    message: dict[str, Any] | None = None,
    is_ephemeral: bool = False,
    block_id: str = "actions",
    button_text: str | None = None,
    trigger_id: str | None = None,
    response_url: str | None = None,
    team_id: str = TEAM_ID,
) -> str:
    """A click on a button (``block_actions``) in the message ``message_ts``. ``message`` is that message as
    Slack echoes it (text, blocks); a minimal one from the bot is made up when it is not given. Ephemeral
    messages are not echoed."""
    container: dict[str, Any] = {
        "type": "message",
        "message_ts": message_ts,
        "channel_id": channel_id,
        "is_ephemeral": is_ephemeral,
    }
    if thread_ts is not None:
        container["thread_ts"] = thread_ts
    payload: dict[str, Any] = {
        "type": "block_actions",
        "user": _interaction_user(user_id, team_id),
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "container": container,
        "trigger_id": trigger_id or next_trigger_id(),
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "enterprise": None,
        "is_enterprise_install": False,
        "channel": {"id": channel_id, "name": CHANNEL_NAME},
        "state": {"values": {}},
        "response_url": response_url or _response_url("actions", team_id),
        "actions": [
            {
                "type": "button",
                "action_id": action_id,
                "block_id": block_id,
                "text": {"type": "plain_text", "text": button_text or action_id, "emoji": True},
                "value": value,
                "action_ts": f"{time.time():.6f}",
            }
        ],
    }
    if not is_ephemeral:
        echoed = dict(message or {"type": "message", "user": BOT_USER_ID, "bot_id": BOT_ID, "text": "", "blocks": []})
        echoed["ts"] = message_ts
        if thread_ts is not None:
            echoed.setdefault("thread_ts", thread_ts)
        payload["message"] = echoed
    return urlencode({"payload": json.dumps(payload)})


def message_action_body(
    *,
    callback_id: str,
    message: dict[str, Any],
    user_id: str = REQUESTER_ID,
    channel_id: str = CHANNEL_ID,
    team_id: str = TEAM_ID,
    response_url: str | None = None,
    trigger_id: str | None = None,
) -> str:
    """A message shortcut (``message_action``) run on ``message`` (``text``, ``ts``, ``user``, maybe ``thread_ts``)."""
    payload = {
        "type": "message_action",
        "token": VERIFICATION_TOKEN,
        "action_ts": f"{time.time():.6f}",
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "user": _interaction_user(user_id, team_id),
        "channel": {"id": channel_id, "name": CHANNEL_NAME},
        "is_enterprise_install": False,
        "enterprise": None,
        "callback_id": callback_id,
        "trigger_id": trigger_id or next_trigger_id(),
        "response_url": response_url or _response_url("actions", team_id),
        "message_ts": message["ts"],
        "message": {"type": "message", **message},
    }
    return urlencode({"payload": json.dumps(payload)})


def plain_text_value(value: str | None) -> dict[str, Any]:
    """The state Slack reports for a ``plain_text_input`` (``None``: left empty)."""
    return {"type": "plain_text_input", "value": value}


def view_submission_body(
    *,
    callback_id: str,
    private_metadata: str = "",
    values: dict[str, dict[str, dict[str, Any]]],
    user_id: str = REQUESTER_ID,
    team_id: str = TEAM_ID,
    view_id: str = "V0SUBMIT01",
    blocks: list[dict[str, Any]] | None = None,
    trigger_id: str | None = None,
) -> str:
    """A modal's submission: ``values`` maps block_id -> action_id -> the element's state, e.g.
    ``{"email": {"value": plain_text_value("priya.shah@example.com")}}``."""
    view = {
        "id": view_id,
        "team_id": team_id,
        "type": "modal",
        "title": {"type": "plain_text", "text": "Edit step", "emoji": True},
        "submit": {"type": "plain_text", "text": "Save", "emoji": True},
        "close": {"type": "plain_text", "text": "Cancel", "emoji": True},
        "blocks": blocks or [],
        "private_metadata": private_metadata,
        "callback_id": callback_id,
        "state": {"values": values},
        "hash": f"{int(time.time())}.{secrets.token_hex(4)}",
        "clear_on_close": False,
        "notify_on_close": False,
        "previous_view_id": None,
        "root_view_id": view_id,
        "app_id": APP_ID,
        "external_id": "",
        "app_installed_team_id": team_id,
        "bot_id": BOT_ID,
    }
    payload = {
        "type": "view_submission",
        "team": {"id": team_id, "domain": TEAM_DOMAIN},
        "user": _interaction_user(user_id, team_id),
        "api_app_id": APP_ID,
        "token": VERIFICATION_TOKEN,
        "trigger_id": trigger_id or next_trigger_id(),
        "view": view,
        "response_urls": [],
        "is_enterprise_install": False,
        "enterprise": None,
    }
    return urlencode({"payload": json.dumps(payload)})
