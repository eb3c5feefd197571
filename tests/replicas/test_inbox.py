"""Real `planbot serve --http` processes, SIGKILLed after answering Slack 200: the request (or the click) they
acknowledged is processed by the next start, once, and a second delivery of it changes nothing. On SQLite and on
PostgreSQL."""

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import aiohttp
import pytest

from bot.slack.state import SlackState, thread_key
from planning.store import open_store
from tests.replicas.harness import environment, start
from tests.replicas.test_two_replicas import JOHN, approve_button, click, plan_ts, sent_emails, wait_text
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import CHANNEL_ID, DEMO_USERS, TEAM_ID, app_mention_event

LEASE_SECONDS = "1"  # the inbox lease: a stopped process's requests are taken over this long after its last word


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> Iterator[str]:
    yield "" if request.param == "sqlite" else request.getfixturevalue("postgres_url")


@pytest.fixture
async def setting(database: str, tmp_path: Path) -> AsyncIterator[tuple[FakeSlackWebApi, dict[str, str]]]:
    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        env = environment(database, tmp_path / "data", slack.base_url, PLANBOT_CLAIM_LEASE_SECONDS=LEASE_SECONDS)
        yield slack, env


async def slack_state(env: dict[str, str]) -> SlackState:
    return await SlackState.open(env["PLANBOT_DATABASE_URL"] or Path(env["PLANBOT_DATA_DIR"]) / "slack.sqlite3")


async def plans(env: dict[str, str], code: str) -> int:
    """How many plans were made for requests carrying ``code``."""
    store = await open_store(env["PLANBOT_DATABASE_URL"] or Path(env["PLANBOT_DATA_DIR"]) / "plans.sqlite3")
    try:
        found = [record for record in await store.list_open() if code in json.dumps(record.data)]
        closed = [e for e in await store.audit(limit=1000) if e.action == "asked" and code in json.dumps(e.detail)]
        return max(len(found), len(closed))
    finally:
        await store.close()


def plan_posts(slack: FakeSlackWebApi, root: str) -> int:
    return sum(
        1
        for call in slack.calls
        if call.method == "chat.postMessage"
        and call.args.get("thread_ts") == root
        and str(call.args.get("text", "")).startswith("Plan")
    )


async def test_a_request_acknowledged_then_killed_is_processed_by_the_next_start_once(setting, tmp_path):
    slack, env = setting
    mention = app_mention_event("email priya.shah@example.com saying inboxcode1 the launch moved", user_id=JOHN)
    root = str(mention["event"]["ts"])
    async with aiohttp.ClientSession() as http:
        first = await start("first", env, http, tmp_path)
        # an earlier message of the thread, received by a replica that has not processed it yet: after its ack,
        # the request waits for it (up to a few seconds), which is when this process is killed
        state = await slack_state(env)
        earlier = f"{float(root) - 1:.6f}"
        await state.first_sighting(
            TEAM_ID, "EvEarlier", thread_key=thread_key(TEAM_ID, CHANNEL_ID, root, False), event_ts=earlier
        )
        await state.close()
        status, _ = await first.send(mention)
        assert status == 200
        first.kill()
        assert plan_posts(slack, root) == 0  # killed before it acted: the request exists only in the inbox
        second = await start("second", env, http, tmp_path)
        try:
            await plan_ts(slack, root)  # the next start made the plan and showed it
            status, _ = await second.send(mention)  # Slack, or a proxy, delivers it once more
            assert status == 200
        finally:
            second.stop()  # a graceful stop lets the work in progress finish: all of it is counted below
    assert plan_posts(slack, root) == 1
    assert await plans(env, "inboxcode1") == 1


def click_body(form: str) -> dict[str, Any]:
    """What Bolt reads from a click's form body: its JSON ``payload``."""
    return dict(json.loads(parse_qs(form)["payload"][0]))


async def test_a_click_acknowledged_then_killed_is_processed_by_the_next_start_once(setting, tmp_path):
    slack, env = setting
    mention = app_mention_event("email priya.shah@example.com saying inboxcode2 the launch moved", user_id=JOHN)
    root = str(mention["event"]["ts"])
    async with aiohttp.ClientSession() as http:
        first = await start("first", env, http, tmp_path)
        await first.send(mention)
        ts = await plan_ts(slack, root)
        approve = click(await approve_button(slack, ts), ts)
        first.kill()
        # the click as a process leaves it when it is killed right after answering Slack 200: recorded, not acted on
        body = click_body(approve)
        state = await slack_state(env)
        await state.first_sighting(
            TEAM_ID, f"click:{body['trigger_id']}", payload=json.dumps(body), owner="killed-process"
        )
        await state.close()
        assert await sent_emails(env, "inboxcode2") == []
        second = await start("second", env, http, tmp_path)
        try:
            await wait_text(slack, root, "Finished")
            status, _ = await second.send(approve)  # the same click delivered again
            assert status == 200
        finally:
            second.stop()
    assert len(await sent_emails(env, "inboxcode2")) == 1
