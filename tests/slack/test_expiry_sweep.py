"""Plans nobody answers expire by the sweep (not only when someone writes in their thread), and the requester is
told once in the plan's thread, even when two replicas sweep at the same moment, and even when the process that
closed the plan stopped before telling (the inbox's sweep tells). On SQLite and PostgreSQL."""

import asyncio
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.serve import build_service, expire_in_slack
from bot.settings import Settings
from planning.engine.texts import SESSION_EXPIRED
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import BOT_TOKEN, app_mention_event
from tests.slack.kit.signing import SIGNING_SECRET
from tests.slack.test_scenarios import JOHN, wait_text

LEASE_SECONDS = 0.001  # a stopped process's work may be taken over at once


def told(bot: Bot, root: str) -> int:
    """How many times the plan's thread was told that it expired."""
    return sum(
        1
        for call in bot.slack.calls_to("chat.postMessage")
        if call.args.get("thread_ts") == root and SESSION_EXPIRED in str(call.args.get("text", ""))
    )


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> Iterator[str | None]:
    yield None if request.param == "sqlite" else request.getfixturevalue("postgres_url")


async def test_an_abandoned_plan_is_expired_by_the_sweep_and_told_once_with_two_sweepers(
    tmp_path: Path, database: str | None
) -> None:
    options = {"database_url": database, "session_ttl_hours": 2}
    async with running_bot(tmp_path, **options) as bot:
        mention = app_mention_event("email priya.shah@example.com saying the launch moved", user_id=JOHN)
        root = str(mention["event"]["ts"])
        await bot.send(mention)
        await wait_text(bot, root, "Plan")
        await expire_in_slack(bot.service)
        assert await bot.service.app.conversation.open_plans() != []  # not past its lifetime yet
        settings = Settings(
            data_dir=tmp_path,
            slack_bot_token=SecretStr(BOT_TOKEN),
            slack_signing_secret=SecretStr(SIGNING_SECRET),
            slack_api_url=bot.slack.base_url,
            **options,  # type: ignore[arg-type]
        )
        other = await build_service(settings, "http", "America/New_York", bot.clock)  # another replica
        try:
            bot.clock.advance(hours=3)
            await asyncio.gather(expire_in_slack(bot.service), expire_in_slack(other))
        finally:
            await other.close()
        told = [
            call
            for call in bot.slack.calls
            if call.method == "chat.postMessage"
            and call.args.get("thread_ts") == root
            and SESSION_EXPIRED in str(call.args.get("text", ""))
        ]
        assert len(told) == 1
        assert await bot.service.app.conversation.open_plans() == []
        await expire_in_slack(bot.service)
        assert len([c for c in bot.slack.calls if SESSION_EXPIRED in str(c.args.get("text", ""))]) == 1


async def test_a_plan_closed_by_a_process_that_stopped_before_telling_is_told_by_the_sweep_once(
    tmp_path: Path, database: str | None
) -> None:
    options = {"database_url": database, "session_ttl_hours": 2, "claim_lease_seconds": LEASE_SECONDS}
    async with running_bot(tmp_path, **options) as bot:
        mention = app_mention_event("email priya.shah@example.com saying the launch moved", user_id=JOHN)
        root = str(mention["event"]["ts"])
        await bot.send(mention)
        await wait_text(bot, root, "Plan")
        await bot.service.inflight.drain(30)
        bot.clock.advance(hours=3)
        released = bot.slack.hold("chat.postMessage", when=lambda args: SESSION_EXPIRED in str(args.get("text")))
        sweeping = asyncio.create_task(expire_in_slack(bot.service))
        await bot.slack.wait_held("chat.postMessage")  # closed, telling: Slack does not answer before the stop
        sweeping.cancel()  # the process stops
        with suppress(asyncio.CancelledError):
            await sweeping
        released.set()
        assert await bot.service.app.conversation.open_plans() == []  # the plan is closed ...
        assert told(bot, root) == 0  # ... and its requester not told
        await expire_in_slack(bot.service)  # nothing open to expire: the next expiry sweep cannot tell
        assert told(bot, root) == 0
        inbox = bot.service.inbox
        assert inbox is not None
        await asyncio.sleep(LEASE_SECONDS * 20)  # the closing's heartbeat is older than the lease
        assert await inbox.sweep(bot.service.slack) == 1  # the closing, taken over: told
        assert told(bot, root) == 1
        await asyncio.sleep(LEASE_SECONDS * 20)
        assert await inbox.sweep(bot.service.slack) == 0  # told: done with
        await expire_in_slack(bot.service)
        assert told(bot, root) == 1
