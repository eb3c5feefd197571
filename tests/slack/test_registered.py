"""The app registers listeners for exactly what declared.py (and so the manifest) declares."""

import json

from bot.slack.declared import ACTION_IDS, BOT_EVENTS, EDIT_CALLBACK_ID, MESSAGE_SHORTCUTS, SLASH_COMMANDS
from tests.slack.conftest import Bot
from tests.slack.kit.fake_installs import TEST_WORKSPACE, app_uninstalled_event, tokens_revoked_event
from tests.slack.kit.payloads import (
    DEMO_USERS,
    app_home_opened_event,
    app_mention_event,
    assistant_thread_started_event,
    block_actions_body,
    channel_thread_message_event,
    im_message_event,
    message_action_body,
    slash_command_body,
    user_change_event,
    view_submission_body,
)

EVENT_SAMPLES = {
    "app_mention": lambda: app_mention_event("hello"),
    "message.im": lambda: im_message_event("hello"),
    "message.channels": lambda: channel_thread_message_event("hello", thread_ts="1700000000.000001"),
    "message.groups": lambda: channel_thread_message_event(
        "hello", thread_ts="1700000000.000001", channel_id="G0PRIVATE", channel_type="group"
    ),
    "message.mpim": lambda: channel_thread_message_event(
        "hello", thread_ts="1700000000.000001", channel_id="C0GROUPDM", channel_type="mpim"
    ),
    "app_home_opened": lambda: app_home_opened_event(),
    "assistant_thread_started": lambda: assistant_thread_started_event(),
    "user_change": lambda: user_change_event(DEMO_USERS[0]),
    "app_uninstalled": lambda: app_uninstalled_event(TEST_WORKSPACE),
    "tokens_revoked": lambda: tokens_revoked_event(TEST_WORKSPACE, oauth=["U0NOBODY"]),
}


async def test_every_declared_event_has_a_listener(bot: Bot):
    assert set(EVENT_SAMPLES) == set(BOT_EVENTS)
    for name, sample in EVENT_SAMPLES.items():
        status, _ = await bot.send(sample())
        assert status == 200, name


async def test_an_undeclared_event_has_no_listener(bot: Bot):
    envelope = app_home_opened_event()
    envelope["event"] = {"type": "reaction_added", "user": "U0JOHN", "reaction": "tada", "event_ts": "1.2"}
    status, _ = await bot.send(envelope)
    assert status == 404


async def test_every_declared_command_has_a_listener_and_no_other(bot: Bot):
    for command in SLASH_COMMANDS:
        status, _ = await bot.send(slash_command_body(command=command, text="", response_url=bot.slack.response_url()))
        assert status == 200, command
    status, _ = await bot.send(slash_command_body(command="/undeclared", text=""))
    assert status == 404


async def test_every_declared_action_and_view_has_a_listener(bot: Bot):
    for action_id in ACTION_IDS.values():
        value = json.dumps({"s": "nope", "t": "nope", "h": "nope"})
        status, _ = await bot.send(block_actions_body(action_id=action_id, value=value, message_ts="1.1"))
        assert status == 200, action_id
    status, _ = await bot.send(block_actions_body(action_id="undeclared", value="{}", message_ts="1.1"))
    assert status == 404
    status, _ = await bot.send(view_submission_body(callback_id=EDIT_CALLBACK_ID, values={}, private_metadata="{}"))
    assert status == 200


async def test_every_declared_shortcut_has_a_listener_and_no_other(bot: Bot):
    message = {"text": "", "ts": "1700000000.000001", "user": "U0TOM"}
    for callback_id in MESSAGE_SHORTCUTS:
        body = message_action_body(callback_id=callback_id, message=message, response_url=bot.slack.response_url())
        status, _ = await bot.send(body)
        assert status == 200, callback_id
    status, _ = await bot.send(message_action_body(callback_id="undeclared", message=message))
    assert status == 404
