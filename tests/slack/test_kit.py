"""The Slack test kit speaks Slack's wire format: slack_sdk's client and Bolt's AsyncApp work against it."""

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import parse_qs

import aiohttp
import pytest
from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.signature import SignatureVerifier

from bot.slack.declared import ACTION_IDS, EDIT_CALLBACK_ID, EVENTS_PATH
from tests.slack.kit.fake_web_api import FakeSlackWebApi, serve_locally
from tests.slack.kit.payloads import (
    BOT_USER_ID,
    CHANNEL_ID,
    DEMO_USERS,
    REQUESTER_ID,
    app_home_opened_event,
    app_mention_event,
    block_actions_body,
    bot_message_event,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
    json_body,
    next_trigger_id,
    plain_text_value,
    slash_command_body,
    url_verification,
    view_submission_body,
)
from tests.slack.kit.signing import (
    SIGNING_SECRET,
    forged_headers,
    post_signed,
    signed_headers,
    stale_headers,
)

MODAL = {"type": "modal", "title": {"type": "plain_text", "text": "Edit step"}, "blocks": []}


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlackWebApi]:
    async with FakeSlackWebApi(users=DEMO_USERS) as fake:
        yield fake


async def _error_of(call: Any) -> str:
    with pytest.raises(SlackApiError) as raised:
        await call
    return str(raised.value.response["error"])


# -- the Web API fake ---------------------------------------------------------------------------------------


async def test_client_posts_and_updates_a_message(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    posted = await client.chat_postMessage(channel=CHANNEL_ID, text="Plan: 2 steps", thread_ts="1700000000.000001")
    assert posted["ok"] and posted["channel"] == CHANNEL_ID
    assert posted["message"]["thread_ts"] == "1700000000.000001"

    updated = await client.chat_update(channel=CHANNEL_ID, ts=posted["ts"], text="Plan: done")

    assert updated["ts"] == posted["ts"]
    message = slack.message(CHANNEL_ID, posted["ts"])
    assert message is not None and message["text"] == "Plan: done"
    assert message["thread_ts"] == "1700000000.000001"
    [call] = slack.calls_to("chat.update")
    assert call.ok and call.args["text"] == "Plan: done" and call.token == slack.token


async def test_message_timestamps_are_unique_and_increasing(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    stamps = [(await client.chat_postMessage(channel=CHANNEL_ID, text=str(n)))["ts"] for n in range(3)]
    assert len(set(stamps)) == 3
    assert [float(ts) for ts in stamps] == sorted(float(ts) for ts in stamps)
    assert all(len(ts.split(".")[1]) == 6 for ts in stamps)


async def test_blocks_sent_as_form_or_json_are_recorded_alike(slack: FakeSlackWebApi) -> None:
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": "*Step 1*"}}]
    await slack.client().chat_postMessage(channel=CHANNEL_ID, text="t", blocks=blocks)
    await slack.client().api_call("chat.postMessage", params={"channel": CHANNEL_ID, "blocks": json.dumps(blocks)})

    assert [call.args["blocks"] for call in slack.calls_to("chat.postMessage")] == [blocks, blocks]


async def test_update_of_an_unknown_message_is_message_not_found(slack: FakeSlackWebApi) -> None:
    error = await _error_of(slack.client().chat_update(channel=CHANNEL_ID, ts="1.000000", text="x"))
    assert error == "message_not_found"


async def test_missing_required_arguments_come_back_as_slack_errors(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    assert await _error_of(client.api_call("chat.postMessage", json={"channel": CHANNEL_ID})) == "no_text"
    assert await _error_of(client.api_call("chat.postMessage", json={"text": "hi"})) == "channel_not_found"
    assert await _error_of(client.chat_postEphemeral(channel=CHANNEL_ID, user="", text="x")) == "user_not_found"
    assert await _error_of(client.users_info(user="U0NOBODY")) == "user_not_found"
    assert await _error_of(client.api_call("views.open", json={"view": MODAL})) == "invalid_arguments"
    assert await _error_of(client.api_call("views.publish", json={"view": MODAL})) == "invalid_arguments"
    assert await _error_of(client.api_call("conversations.open", params={})) == "users_list_not_supplied"
    assert await _error_of(client.api_call("chat.unknownThing")) == "unknown_method"
    assert [call.ok for call in slack.calls] == [False] * 8


async def test_block_kit_limits_are_enforced(slack: FakeSlackWebApi) -> None:
    too_many = [{"type": "divider"}] * 51
    long_section = [{"type": "section", "text": {"type": "mrkdwn", "text": "x" * 3001}}]
    client = slack.client()
    assert await _error_of(client.chat_postMessage(channel=CHANNEL_ID, text="t", blocks=too_many)) == "invalid_blocks"
    error = await _error_of(client.chat_postMessage(channel=CHANNEL_ID, text="t", blocks=long_section))
    assert error == "invalid_blocks"


async def test_unknown_channels_are_refused_when_channels_are_declared() -> None:
    async with FakeSlackWebApi(users=DEMO_USERS, channels=[CHANNEL_ID]) as slack:
        client = slack.client()
        assert await _error_of(client.chat_postMessage(channel="C0NOPE", text="x")) == "channel_not_found"
        to_user = await client.chat_postMessage(channel=REQUESTER_ID, text="hello")
        assert to_user["channel"] == dm_channel_id(REQUESTER_ID)


async def test_ephemeral_messages_cannot_be_updated(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    sent = await client.chat_postEphemeral(channel=CHANNEL_ID, user="U0JOHN", text="Only Priya can approve this.")
    assert sent["message_ts"]
    assert slack.ephemeral[0]["user"] == "U0JOHN"
    error = await _error_of(client.chat_update(channel=CHANNEL_ID, ts=sent["message_ts"], text="x"))
    assert error == "message_not_found"


async def test_users_info_reports_time_zone_and_email(slack: FakeSlackWebApi) -> None:
    user = (await slack.client().users_info(user="U0JOHN"))["user"]
    assert user["real_name"] == "John Smith"
    assert user["tz"] == "America/New_York"
    assert user["tz_offset"] in (-5 * 3600, -4 * 3600)
    assert user["profile"]["email"] == "john.smith@example.com"
    assert user["profile"]["display_name"] == "John"


async def test_auth_test_names_the_bot(slack: FakeSlackWebApi) -> None:
    identity = await slack.client().auth_test()
    assert identity["user_id"] == BOT_USER_ID and identity["bot_id"] and identity["team_id"]


async def test_conversations_open_gives_the_dm_channel(slack: FakeSlackWebApi) -> None:
    opened = await slack.client().conversations_open(users=["U0SARAH"])
    assert opened["channel"]["id"] == dm_channel_id("U0SARAH")


async def test_views_open_update_and_publish(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    trigger_id = next_trigger_id()
    opened = await client.views_open(trigger_id=trigger_id, view={**MODAL, "private_metadata": "step-1"})
    view = opened["view"]
    assert view["id"] and view["private_metadata"] == "step-1" and view["hash"]

    updated = await client.views_update(view_id=view["id"], view={**MODAL, "private_metadata": "step-2"})
    assert updated["view"]["id"] == view["id"]
    assert await _error_of(client.views_update(view_id=view["id"], hash="stale", view=MODAL)) == "hash_conflict"
    assert await _error_of(client.views_open(trigger_id=trigger_id, view=MODAL)) == "exchanged_trigger_id"
    assert await _error_of(client.views_open(trigger_id="not-a-trigger", view=MODAL)) == "invalid_trigger_id"

    home = {"type": "home", "blocks": [{"type": "section", "text": {"type": "mrkdwn", "text": "Open plans"}}]}
    first = await client.views_publish(user_id=REQUESTER_ID, view=home)
    again = await client.views_publish(user_id=REQUESTER_ID, view=home)
    assert first["view"]["id"] == again["view"]["id"]
    assert slack.home_view(REQUESTER_ID) == again["view"]


async def test_a_wrong_or_missing_token_is_refused(slack: FakeSlackWebApi) -> None:
    assert await _error_of(slack.client(token="xoxb-wrong").auth_test()) == "invalid_auth"
    assert await _error_of(slack.client(token="").auth_test()) == "not_authed"


async def test_injected_failures_are_answered_then_cleared(slack: FakeSlackWebApi) -> None:
    slack.fail("chat.postMessage", "channel_is_archived")
    client = slack.client()
    assert await _error_of(client.chat_postMessage(channel=CHANNEL_ID, text="x")) == "channel_is_archived"
    assert (await client.chat_postMessage(channel=CHANNEL_ID, text="x"))["ok"]


async def test_rate_limit_answers_429_with_retry_after(slack: FakeSlackWebApi) -> None:
    slack.rate_limit("chat.postMessage", retry_after=7)
    with pytest.raises(SlackApiError) as raised:
        await slack.client().chat_postMessage(channel=CHANNEL_ID, text="x")
    assert raised.value.response.status_code == 429
    assert raised.value.response.headers["Retry-After"] == "7"
    assert raised.value.response["error"] == "ratelimited"


async def test_server_errors_are_answered_with_their_status(slack: FakeSlackWebApi) -> None:
    slack.server_error("users.info", status=503)
    with pytest.raises(SlackApiError) as raised:
        await slack.client().users_info(user="U0JOHN")
    assert raised.value.response.status_code == 503
    assert (await slack.client().users_info(user="U0JOHN"))["ok"]


async def test_slack_sdk_retry_handler_waits_out_a_rate_limit(slack: FakeSlackWebApi) -> None:
    slack.rate_limit("chat.postMessage", times=1, retry_after=1)
    client = slack.client(retry_handlers=[AsyncRateLimitErrorRetryHandler(max_retry_count=1)])

    posted = await client.chat_postMessage(channel=CHANNEL_ID, text="after the limit")

    assert posted["ok"]
    limited, succeeded = slack.calls_to("chat.postMessage")
    assert (limited.status, succeeded.status) == (429, 200)
    assert succeeded.time - limited.time >= 1.0


async def test_wait_for_returns_matching_calls_and_fails_after_its_timeout(slack: FakeSlackWebApi) -> None:
    client = slack.client()
    await client.chat_postMessage(channel=CHANNEL_ID, text="one")
    await client.chat_postMessage(channel=CHANNEL_ID, text="two")

    calls = await slack.wait_for("chat.postMessage", lambda call: call.args["text"] == "two")

    assert [call.args["text"] for call in calls] == ["two"]
    with pytest.raises(AssertionError, match="expected 3 call"):
        await slack.wait_for("chat.postMessage", count=3, timeout=0.1)


async def test_response_urls_record_posts_and_allow_five_uses(slack: FakeSlackWebApi) -> None:
    url = slack.response_url()
    async with aiohttp.ClientSession() as session:
        statuses = []
        for n in range(6):
            async with session.post(url, json={"text": f"reply {n}", "response_type": "ephemeral"}) as response:
                statuses.append(response.status)
    assert statuses == [200] * 5 + [404]
    assert slack.calls_to("response_url")[0].args["text"] == "reply 0"


# -- payloads and signatures --------------------------------------------------------------------------------


def test_kit_signatures_verify_and_forged_or_stale_ones_do_not() -> None:
    body = json_body(app_mention_event("hello"))
    verifier = SignatureVerifier(SIGNING_SECRET)

    def verifies(headers: dict[str, str]) -> bool:
        return verifier.is_valid_request(body, headers)

    assert verifies(signed_headers(SIGNING_SECRET, body))
    assert not verifies(forged_headers(SIGNING_SECRET, body))
    assert not verifies(stale_headers(SIGNING_SECRET, body))
    assert signed_headers(SIGNING_SECRET, body)["Content-Type"] == "application/json"
    assert signed_headers(SIGNING_SECRET, slash_command_body(command="/plan"))["Content-Type"].startswith(
        "application/x-www-form-urlencoded"
    )


def test_event_envelopes_have_slacks_shape() -> None:
    envelopes = [
        app_mention_event("email Priya"),
        im_message_event("hi"),
        channel_thread_message_event("4pm", thread_ts="1700000000.000100"),
        bot_message_event("Plan: 2 steps"),
        app_home_opened_event(),
    ]
    keys = {"token", "team_id", "api_app_id", "event", "type", "event_id", "event_time", "authorizations"}
    for envelope in envelopes:
        assert keys <= envelope.keys() and envelope["type"] == "event_callback"
        assert envelope["authorizations"][0]["user_id"] == BOT_USER_ID
    assert len({envelope["event_id"] for envelope in envelopes}) == len(envelopes)
    mention, im, reply, bot, home = (envelope["event"] for envelope in envelopes)
    assert mention["text"] == f"<@{BOT_USER_ID}> email Priya" and mention["type"] == "app_mention"
    assert im["channel_type"] == "im" and im["channel"].startswith("D")
    assert reply["thread_ts"] == "1700000000.000100" and reply["channel_type"] == "channel"
    assert bot["subtype"] == "bot_message" and bot["bot_id"]
    assert home["type"] == "app_home_opened" and home["tab"] == "home"


def test_interactivity_bodies_are_form_encoded_payloads() -> None:
    body = block_actions_body(action_id=ACTION_IDS["approve"], value="plan-1:step-1", message_ts="1700000000.000100")
    payload = json.loads(parse_qs(body)["payload"][0])
    assert payload["type"] == "block_actions"
    assert payload["actions"][0]["action_id"] == "step_approve"
    assert payload["container"]["message_ts"] == "1700000000.000100"

    command = parse_qs(slash_command_body(command="/plan", text="email Priya", trigger_id="1.2.ab"))
    assert command["command"] == ["/plan"] and command["text"] == ["email Priya"]
    assert command["trigger_id"] == ["1.2.ab"]


# -- a bare Bolt app served over HTTP, backed by the fake -----------------------------------------------------


@pytest.fixture
async def bolt(slack: FakeSlackWebApi) -> AsyncIterator[tuple[AsyncApp, str]]:
    app = AsyncApp(client=slack.client(), signing_secret=SIGNING_SECRET)
    async with serve_locally(app.web_app(path=EVENTS_PATH)) as root:
        yield app, f"{root}{EVENTS_PATH}"


async def test_bolt_answers_url_verification(bolt: tuple[AsyncApp, str]) -> None:
    _, url = bolt
    async with aiohttp.ClientSession() as session:
        status, text = await post_signed(session, url, SIGNING_SECRET, json_body(url_verification("xyzzy")))
    assert status == 200
    assert json.loads(text)["challenge"] == "xyzzy"


async def test_bolt_refuses_forged_and_stale_signatures(bolt: tuple[AsyncApp, str], slack: FakeSlackWebApi) -> None:
    _, url = bolt
    body = json_body(app_mention_event("hello"))
    async with aiohttp.ClientSession() as session:
        for headers in (forged_headers(SIGNING_SECRET, body), stale_headers(SIGNING_SECRET, body)):
            async with session.post(url, data=body, headers=headers) as response:
                assert response.status == 401
    assert slack.calls == []


async def test_bolt_runs_a_mention_listener_that_replies_in_thread(
    bolt: tuple[AsyncApp, str], slack: FakeSlackWebApi
) -> None:
    app, url = bolt

    @app.event("app_mention")
    async def reply(event: dict[str, Any], say: Any) -> None:
        await say(text="On it.", thread_ts=event["ts"])

    envelope = app_mention_event("email Priya the Q3 deck")
    async with aiohttp.ClientSession() as session:
        status, _ = await post_signed(session, url, SIGNING_SECRET, json_body(envelope))
    assert status == 200

    [call] = await slack.wait_for("chat.postMessage")
    assert call.args["channel"] == CHANNEL_ID
    assert call.args["thread_ts"] == envelope["event"]["ts"]
    assert call.args["text"] == "On it."


async def test_bolt_parses_commands_actions_and_submissions(bolt: tuple[AsyncApp, str], slack: FakeSlackWebApi) -> None:
    app, url = bolt
    seen: dict[str, Any] = {}

    @app.command("/plan")
    async def plan(ack: Any, command: dict[str, Any], respond: Any) -> None:
        await ack()
        seen["command"] = command["text"]
        await respond(text="Planning…", response_type="ephemeral")

    @app.action(ACTION_IDS["approve"])
    async def approve(ack: Any, body: dict[str, Any], action: dict[str, Any], client: Any) -> None:
        await ack()
        seen["action"] = (action["value"], body["user"]["id"])
        await client.chat_update(channel=body["channel"]["id"], ts=body["message"]["ts"], text="Approved")

    @app.view(EDIT_CALLBACK_ID)
    async def edit(ack: Any, view: dict[str, Any]) -> None:
        await ack()
        seen["view"] = (view["private_metadata"], view["state"]["values"]["to"]["value"]["value"])

    posted = await slack.client().chat_postMessage(channel=CHANNEL_ID, text="Plan")
    bodies = [
        slash_command_body(command="/plan", text="email Priya", response_url=slack.response_url()),
        block_actions_body(action_id=ACTION_IDS["approve"], value="step-1", message_ts=posted["ts"]),
        view_submission_body(
            callback_id=EDIT_CALLBACK_ID,
            private_metadata="step-1",
            values={"to": {"value": plain_text_value("priya.shah@example.com")}},
        ),
    ]
    async with aiohttp.ClientSession() as session:
        for body in bodies:
            status, _ = await post_signed(session, url, SIGNING_SECRET, body)
            assert status == 200

    [response] = await slack.wait_for("response_url")
    await slack.wait_for("chat.update")
    assert response.args["text"] == "Planning…"
    message = slack.message(CHANNEL_ID, posted["ts"])
    assert message is not None and message["text"] == "Approved"
    assert seen == {
        "command": "email Priya",
        "action": ("step-1", REQUESTER_ID),
        "view": ("step-1", "priya.shah@example.com"),
    }


async def test_bolt_ignores_its_own_bot_messages(bolt: tuple[AsyncApp, str]) -> None:
    app, url = bolt
    heard: list[str] = []
    done = asyncio.Event()

    @app.event("message")
    async def on_message(event: dict[str, Any]) -> None:
        heard.append(event["text"])
        done.set()

    async with aiohttp.ClientSession() as session:
        for envelope in (bot_message_event("Plan", subtype=None), im_message_event("hello bot")):
            status, _ = await post_signed(session, url, SIGNING_SECRET, json_body(envelope))
            assert status == 200
    await asyncio.wait_for(done.wait(), timeout=5)
    assert heard == ["hello bot"]
