"""Malformed, oversized and unsigned requests to the HTTP endpoint: refused with a status, one log line at most,
never a traceback; a signed but too long request is refused politely and reaches neither the channel nor the
engine."""

import asyncio
import hashlib
import hmac
import json
import logging
import time
from urllib.parse import quote

import pytest

from bot.settings import Settings
from bot.slack.declared import EVENTS_PATH
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    BOT_USER_ID,
    CHANNEL_ID,
    app_mention_event,
    dm_channel_id,
    im_message_event,
    json_body,
    slash_command_body,
)
from tests.slack.kit.signing import FORM, JSON, SIGNING_SECRET, forged_headers

JOHN = "U0JOHN"
EVENT = json_body(app_mention_event("what's on my calendar tomorrow", user_id=JOHN))
DEEP = 100_000

SIGNED_BUT_MALFORMED: dict[str, tuple[bytes, str]] = {
    "truncated JSON": (EVENT[: len(EVENT) // 2].encode(), JSON),
    "a JSON array": (b'[{"type": "event_callback"}]', JSON),
    "a JSON string": (b'"event_callback"', JSON),
    "an object without a type": (b'{"event": {}}', JSON),
    "an event that is not an object": (b'{"type": "event_callback", "event": [1]}', JSON),
    "a mention without a channel": (
        json.dumps({"type": "event_callback", "event": {"type": "app_mention", "user": JOHN, "ts": "1.2"}}).encode(),
        JSON,
    ),
    "invalid UTF-8": (b'{"type": "event_callback", "text": "\xff\xfe"}', JSON),
    "deeply nested arrays": (b"[" * DEEP + b"]" * DEEP, JSON),
    "deeply nested objects": (
        b'{"type": "event_callback", "event": ' + b'{"a": ' * DEEP + b"1" + b"}" * (DEEP + 1),
        JSON,
    ),
    "an empty body": (b"", JSON),
    "a form with a garbage payload": (b"payload=%7Bnot-json", FORM),
    "a form whose payload is an array": (b"payload=" + quote("[1, 2]").encode(), FORM),
    "a form whose payload is deeply nested": (b"payload=" + b"%5B" * DEEP + b"%5D" * DEEP, FORM),
    "a form with neither payload nor command": (b"token=x&team_id=T1", FORM),
    "a command without a user": (b"command=%2Fplan&text=hi&channel_id=C1", FORM),
    "an action without a user": (
        b"payload=" + quote(json.dumps({"type": "block_actions", "actions": []})).encode(),
        FORM,
    ),
    "an event sent as text/plain": (EVENT.encode(), "text/plain"),
    "an event sent as form data": (EVENT.encode(), FORM),
    "a form sent as JSON": (slash_command_body(command="/plan", text="hi", user_id=JOHN).encode(), JSON),
    "no content type": (EVENT.encode(), ""),
}


def sign(body: bytes, *, secret: str = SIGNING_SECRET, timestamp: str | None = None) -> dict[str, str]:
    """Slack's v0 signature over the raw bytes (so that bodies which are not UTF-8 can be signed too)."""
    stamp = timestamp or str(int(time.time()))
    digest = hmac.new(secret.encode(), b"v0:" + stamp.encode() + b":" + body, hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": stamp, "X-Slack-Signature": f"v0={digest}"}


async def post(bot: Bot, body: bytes, headers: dict[str, str], content_type: str) -> int:
    headers = {**headers, "Content-Type": content_type}  # "" sends no usable content type
    async with bot.http.post(bot.url + EVENTS_PATH, data=body, headers=headers) as response:
        await response.read()
        return response.status


def assert_quiet(caplog: pytest.LogCaptureFixture, requests: int) -> None:
    records = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert [r for r in records if r.exc_info or r.exc_text] == []
    assert len(records) <= requests, [r.getMessage() for r in records]


@pytest.mark.parametrize("case", SIGNED_BUT_MALFORMED)
async def test_a_signed_malformed_body_gets_400_and_one_log_line(
    bot: Bot, caplog: pytest.LogCaptureFixture, case: str
) -> None:
    body, content_type = SIGNED_BUT_MALFORMED[case]
    caplog.set_level(logging.DEBUG)
    assert await post(bot, body, sign(body), content_type) == 400
    await asyncio.sleep(0.05)
    assert_quiet(caplog, 1)


@pytest.mark.parametrize("case", SIGNED_BUT_MALFORMED)
async def test_a_malformed_body_with_a_bad_signature_gets_401(
    bot: Bot, caplog: pytest.LogCaptureFixture, case: str
) -> None:
    body, content_type = SIGNED_BUT_MALFORMED[case]
    caplog.set_level(logging.DEBUG)
    forged = sign(body, secret="not-the-secret")
    missing: dict[str, str] = {}
    garbled = sign(body, timestamp="yesterday")
    stale = sign(body, timestamp=str(int(time.time()) - 3600))
    non_ascii = {**sign(body), "X-Slack-Signature": "v0=\u00e9"}
    statuses = [await post(bot, body, h, content_type) for h in (forged, missing, garbled, stale, non_ascii)]
    assert statuses == [401] * 5
    assert_quiet(caplog, 5)


async def test_nothing_happens_after_bad_requests(bot: Bot) -> None:
    for body, content_type in SIGNED_BUT_MALFORMED.values():
        await post(bot, body, sign(body), content_type)
    await asyncio.sleep(0.2)
    assert [c.method for c in bot.slack.calls if c.method != "auth.test"] == []


async def test_a_body_over_the_size_cap_gets_413(bot: Bot, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    cap = Settings().max_body_bytes
    body = json_body(app_mention_event("x" * cap, user_id=JOHN)).encode()
    assert await post(bot, body, sign(body), JSON) == 413
    assert await post(bot, body, forged_headers(SIGNING_SECRET, body.decode()), JSON) == 413
    assert_quiet(caplog, 2)


async def test_slacks_unsigned_certificate_probe_is_answered_and_nothing_rides_on_it(bot: Bot) -> None:
    assert await post(bot, b"ssl_check=1&token=legacy", {}, FORM) == 200
    command = slash_command_body(command="/plan", text="email Priya saying hi", user_id=JOHN)
    for smuggled in (f"ssl_check=1&{command}", f"ssl_check=0&{command}", "ssl_check=1&ssl_check=1&payload=%7B%7D"):
        assert await post(bot, smuggled.encode(), {}, FORM) == 401
    await asyncio.sleep(0.2)
    assert [c.method for c in bot.slack.calls if c.method != "auth.test"] == []


async def test_good_requests_still_work_after_bad_ones(bot: Bot) -> None:
    bad, content_type = SIGNED_BUT_MALFORMED["deeply nested objects"]
    assert await post(bot, bad, sign(bad), content_type) == 400
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    status, _ = await bot.send(mention)
    assert status == 200
    await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == mention["event"]["ts"] and "Finished" in str(c.args.get("text")),
    )
    bad, content_type = SIGNED_BUT_MALFORMED["a form with a garbage payload"]
    assert await post(bot, bad, sign(bad), content_type) == 400
    status, _ = await bot.send(
        slash_command_body(command="/plans", user_id=JOHN, response_url=bot.slack.response_url())
    )
    assert status == 200
    [listing] = await bot.slack.wait_for("response_url")
    assert listing.args.get("response_type") == "ephemeral"


# --- too long ------------------------------------------------------------------------------------------------

MEGABYTE = 1_000_000


def echoed(bot: Bot, fragment: str) -> list[str]:
    return [c.method for c in bot.slack.calls if fragment in json.dumps(c.args)]


async def test_a_megabyte_mention_is_refused_privately_and_never_reaches_the_engine(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    text = "email Priya saying " + "zebra" * (MEGABYTE // 5)
    mention = app_mention_event(text, user_id=JOHN)
    status, _ = await bot.send(mention)
    assert status == 200
    [refusal] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == JOHN)
    assert refusal.args["channel"] == CHANNEL_ID and refusal.args.get("thread_ts") == mention["event"]["ts"]
    shown = str(refusal.args["text"])
    assert "too long" in shown and f"{len(mention['event']['text']):,} characters" in shown and "4,000" in shown
    await asyncio.sleep(0.2)
    assert bot.slack.calls_to("chat.postMessage") == []
    assert echoed(bot, "zebrazebra") == []
    assert await bot.service.app.conversation.open_plans(JOHN) == []
    assert_quiet(caplog, 1)


async def test_a_megabyte_direct_message_is_refused_privately(bot: Bot) -> None:
    status, _ = await bot.send(im_message_event("zebra" * (MEGABYTE // 5), user_id=JOHN))
    assert status == 200
    [refusal] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == JOHN)
    assert refusal.args["channel"] == dm_channel_id(JOHN) and "too long" in str(refusal.args["text"])
    await asyncio.sleep(0.2)
    assert bot.slack.calls_to("chat.postMessage") == [] and echoed(bot, "zebrazebra") == []
    assert await bot.service.app.conversation.open_plans(JOHN) == []


async def test_a_megabyte_slash_plan_is_refused_and_not_echoed_into_the_channel(bot: Bot) -> None:
    text = "email Priya saying " + "zebra" * (MEGABYTE // 5)
    refusal = await bot.command(command="/plan", text=text, user_id=JOHN)
    assert refusal["response_type"] == "ephemeral"
    assert refusal["text"] == f"That request is too long ({len(text):,} characters); the limit is 4,000."
    await asyncio.sleep(0.2)
    # who asked is looked up (may they use the bot?), nothing else
    assert [c.method for c in bot.slack.calls if c.method not in ("auth.test", "users.info", "response_url")] == []
    assert await bot.service.app.conversation.open_plans(JOHN) == []


async def test_a_request_at_the_limit_is_planned(bot: Bot) -> None:
    limit = Settings().max_request_chars
    prefix = f"<@{BOT_USER_ID}> email Priya saying "
    mention = app_mention_event(prefix + "z" * (limit - len(prefix)), user_id=JOHN)
    assert len(mention["event"]["text"]) == limit
    await bot.send(mention)
    await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("thread_ts") == mention["event"]["ts"])
    assert not any("too long" in str(c.args.get("text")) for c in bot.slack.calls_to("chat.postEphemeral"))


def test_the_limits_are_settings_with_sane_defaults() -> None:
    settings = Settings()
    assert settings.max_request_chars == 4000
    assert settings.max_body_bytes >= 1024 * 1024
    assert Settings(PLANBOT_MAX_REQUEST_CHARS=200).max_request_chars == 200  # type: ignore[call-arg]
