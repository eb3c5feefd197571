"""The Slack app manifest follows Slack's manifest format (v1) and declares exactly what bot/slack/declared.py
says the app uses."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
from slack_sdk.errors import SlackApiError

from bot.accounts.slack_sign_in import CALLBACK_PATH as SIGN_IN_CALLBACK
from bot.accounts.slack_sign_in import SCOPES as SIGN_IN_SCOPES
from bot.slack.declared import BOT_EVENTS, BOT_SCOPES, EVENTS_PATH, MESSAGE_SHORTCUTS, SLASH_COMMANDS
from tests.slack.kit.fake_web_api import METHOD_SCOPES as STAND_IN_SCOPES
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import DEMO_USERS

MANIFEST_PATH = Path(__file__).resolve().parents[2] / "infra" / "slack-app-manifest.json"
REQUEST_URL = f"https://YOUR-HOST{EVENTS_PATH}"
TOP_LEVEL_KEYS = {"_metadata", "display_information", "features", "oauth_config", "settings", "functions"}
# the scope each subscribed event needs (Slack refuses a manifest whose events lack their scope)
EVENT_SCOPES = {
    "app_mention": "app_mentions:read",
    "message.im": "im:history",
    "message.channels": "channels:history",
    "message.groups": "groups:history",
    "message.mpim": "mpim:history",
    "assistant_thread_started": "assistant:write",
    "user_change": "users:read",
}
# the scopes each Web API method the bot calls needs (slack_sdk's method name; an empty set: none)
METHOD_SCOPES: dict[str, set[str]] = {
    "auth_test": set(),
    "chat_postMessage": {"chat:write"},
    "chat_update": {"chat:write"},
    "chat_postEphemeral": {"chat:write"},
    "users_info": {"users:read", "users:read.email"},
    "usergroups_list": {"usergroups:read"},
    "usergroups_users_list": {"usergroups:read"},
    "conversations_open": {"im:write"},
    "conversations_info": {"channels:read", "groups:read", "mpim:read"},  # by the kind of channel
    "chat_getPermalink": set(),
    "chat_delete": {"chat:write"},
    "files_info": {"files:read"},
    "views_open": set(),
    "views_publish": set(),
    "views_update": set(),
    "files_upload_v2": {"files:write"},
    "assistant_threads_setStatus": {"assistant:write"},
    "assistant_threads_setSuggestedPrompts": {"assistant:write"},
    "assistant_threads_setTitle": {"assistant:write"},  # files.getUploadURLExternal, files.completeUploadExternal
}
# the scopes something the bot does needs besides its Web API calls and its events
OTHER_SCOPES = {"commands"}
SOURCE = Path(__file__).resolve().parents[2] / "bot"
_APIS = "chat|users|usergroups|conversations|views|files|assistant|auth|reactions|team|bots|apps|pins"
_CALL = re.compile(rf"\.((?:{_APIS})_\w+)\(")


def web_api_calls() -> set[str]:
    """Every Web API method the bot's source calls through a slack_sdk client."""
    return {match for path in SOURCE.rglob("*.py") for match in _CALL.findall(path.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    loaded = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _bounded_text(value: Any, *, most: int, least: int = 1) -> bool:
    return isinstance(value, str) and least <= len(value) <= most


def test_manifest_has_the_top_level_shape_of_format_v1(manifest: dict[str, Any]) -> None:
    assert set(manifest) <= TOP_LEVEL_KEYS
    assert {"display_information", "features", "oauth_config", "settings"} <= set(manifest)
    assert manifest["_metadata"]["major_version"] == 1
    assert all(isinstance(manifest[key], dict) for key in manifest)


def test_display_information_fits_slacks_limits(manifest: dict[str, Any]) -> None:
    display = manifest["display_information"]
    assert display["name"] == "planbot"
    assert _bounded_text(display["name"], most=35)
    assert _bounded_text(display["description"], most=140)
    if "long_description" in display:
        assert _bounded_text(display["long_description"], least=174, most=4000)
    if "background_color" in display:
        assert display["background_color"].startswith("#") and len(display["background_color"]) in (4, 7)


def test_bot_user_and_app_home(manifest: dict[str, Any]) -> None:
    features = manifest["features"]
    assert features["bot_user"] == {"display_name": "planbot", "always_online": True}
    assert _bounded_text(features["bot_user"]["display_name"], most=80)
    assert features["app_home"]["home_tab_enabled"] is True
    assert features["app_home"]["messages_tab_enabled"] is True


def test_slash_commands_are_well_formed(manifest: dict[str, Any]) -> None:
    commands = manifest["features"]["slash_commands"]
    assert isinstance(commands, list) and commands
    for command in commands:
        assert {"command", "description", "url"} <= set(command)
        assert set(command) <= {"command", "description", "url", "usage_hint", "should_escape"}
        assert command["command"].startswith("/") and _bounded_text(command["command"], most=32)
        assert " " not in command["command"]
        assert _bounded_text(command["description"], most=2000)
        assert _bounded_text(command.get("usage_hint", "-"), most=1000)
        assert command["url"] == REQUEST_URL
        assert isinstance(command.get("should_escape", False), bool)


def test_slash_commands_are_exactly_the_declared_ones(manifest: dict[str, Any]) -> None:
    commands = manifest["features"]["slash_commands"]
    assert {command["command"]: command["description"] for command in commands} == SLASH_COMMANDS
    assert len(commands) == len(SLASH_COMMANDS)


def test_message_shortcuts_are_exactly_the_declared_ones(manifest: dict[str, Any]) -> None:
    shortcuts = manifest["features"]["shortcuts"]
    assert {s["callback_id"]: s["name"] for s in shortcuts if s["type"] == "message"} == MESSAGE_SHORTCUTS
    for shortcut in shortcuts:
        assert set(shortcut) == {"name", "type", "callback_id", "description"}
        assert _bounded_text(shortcut["name"], most=24) and _bounded_text(shortcut["description"], most=150)
    assert "commands" in manifest["oauth_config"]["scopes"]["bot"]  # shortcuts need it
    assert manifest["settings"]["interactivity"]["is_enabled"] is True


def test_the_assistant_panel_is_declared(manifest: dict[str, Any]) -> None:
    view = manifest["features"]["assistant_view"]
    assert _bounded_text(view["assistant_description"], most=200)
    assert "assistant_thread_started" in manifest["settings"]["event_subscriptions"]["bot_events"]


def test_commands_get_people_and_links_as_slack_markup(manifest: dict[str, Any]) -> None:
    """With ``should_escape`` a "@Priya" typed after /plan arrives as ``<@U…|priya>``: a person, not a word."""
    assert all(command.get("should_escape") is True for command in manifest["features"]["slash_commands"])


def test_bot_events_are_exactly_the_declared_ones(manifest: dict[str, Any]) -> None:
    subscriptions = manifest["settings"]["event_subscriptions"]
    assert subscriptions["request_url"] == REQUEST_URL
    assert set(subscriptions["bot_events"]) == set(BOT_EVENTS)
    assert len(subscriptions["bot_events"]) == len(BOT_EVENTS)


def test_bot_scopes_are_exactly_the_declared_ones(manifest: dict[str, Any]) -> None:
    scopes = manifest["oauth_config"]["scopes"]["bot"]
    assert set(scopes) == set(BOT_SCOPES)
    assert len(scopes) == len(BOT_SCOPES)


def test_every_web_api_call_has_its_scopes(manifest: dict[str, Any]) -> None:
    scopes = set(manifest["oauth_config"]["scopes"]["bot"])
    called = web_api_calls()
    assert called <= set(METHOD_SCOPES), f"no scope known for {called - set(METHOD_SCOPES)}"
    for method in called:
        assert METHOD_SCOPES[method] <= scopes, method


def test_no_scope_is_declared_that_nothing_uses(manifest: dict[str, Any]) -> None:
    events = manifest["settings"]["event_subscriptions"]["bot_events"]
    used = {EVENT_SCOPES[event] for event in events if event in EVENT_SCOPES} | OTHER_SCOPES
    used |= {scope for method in web_api_calls() for scope in METHOD_SCOPES[method]}
    assert set(manifest["oauth_config"]["scopes"]["bot"]) == used


def test_every_event_and_command_has_its_scope(manifest: dict[str, Any]) -> None:
    scopes = set(manifest["oauth_config"]["scopes"]["bot"])
    events = manifest["settings"]["event_subscriptions"]["bot_events"]
    assert {EVENT_SCOPES[event] for event in events if event in EVENT_SCOPES} <= scopes
    assert "commands" in scopes


def test_sign_in_with_slack_has_its_redirect_url_and_only_the_openid_scopes(manifest: dict[str, Any]) -> None:
    oauth = manifest["oauth_config"]
    # the install flow's (several workspaces; first: Slack's default), then Sign in with Slack's, before a Connect
    assert oauth["redirect_urls"] == ["https://YOUR-HOST/slack/oauth_redirect", f"https://YOUR-HOST{SIGN_IN_CALLBACK}"]
    assert oauth["scopes"]["user"] == list(SIGN_IN_SCOPES) == ["openid", "profile", "email"]


def test_settings_use_http_mode_on_one_endpoint(manifest: dict[str, Any]) -> None:
    settings = manifest["settings"]
    assert settings["interactivity"] == {"is_enabled": True, "request_url": REQUEST_URL}
    assert settings["socket_mode_enabled"] is False
    assert settings["org_deploy_enabled"] is False
    assert settings["token_rotation_enabled"] is False


async def test_the_stand_in_refuses_a_call_without_its_scope_as_slack_does() -> None:
    async with FakeSlackWebApi(users=DEMO_USERS, scopes=("chat:write",)) as slack:
        client = slack.client()
        await client.chat_postMessage(channel="C0GENERAL", text="hi")
        with pytest.raises(SlackApiError) as refused:
            await client.conversations_open(users=["U0JOHN"])
        assert refused.value.response["error"] == "missing_scope" and refused.value.response["needed"] == "im:write"


def test_every_scope_the_stand_in_knows_a_method_needs_is_one_slack_has() -> None:
    assert {scope for needed in STAND_IN_SCOPES.values() for scope in needed} <= set(BOT_SCOPES) | {"mpim:write"}
