"""A shutdown right after Slack's acks lets the requests in progress finish before the stores close."""

import logging
from pathlib import Path

import pytest

from tests.slack.conftest import running_bot
from tests.slack.kit.payloads import app_mention_event


async def test_requests_acked_just_before_a_shutdown_are_still_answered(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    async with running_bot(tmp_path) as bot:
        mentions = [app_mention_event(f"Email Priya the Q{n} deck", user_id="U0JOHN") for n in range(1, 9)]
        for mention in mentions:
            status, _ = await bot.send(mention)
            assert status == 200
        slack = bot.slack
        assert bot.service.inflight.running > 0  # acked, still working: the shutdown starts now
    answered = {
        call.args.get("thread_ts")
        for call in slack.calls_to("chat.postMessage")
        if str(call.args.get("text", "")).startswith("Plan")
    }
    assert answered == {mention["event"]["ts"] for mention in mentions}
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR or "closed" in r.getMessage()]
    assert failures == []


async def test_a_request_that_outlasts_the_grace_period_is_stopped_cleanly(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as bot:
        await bot.send(app_mention_event("Email Priya the Q3 deck", user_id="U0JOHN"))
        assert bot.service.inflight.running == 1
        cut = await bot.service.inflight.drain(0)
        assert cut == 1
        assert bot.service.inflight.running == 0
