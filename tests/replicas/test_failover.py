"""Two real `planbot serve` replicas on PostgreSQL; the one running a write is SIGKILLed while the service holds
the request. The survivor must not answer "I'm working on this plan" for ever: once the dead replica's claim lease
has run out, it asks whether the write went through, and the plan finishes without running it again."""

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from tests.integrations.crm.hubspot_fake import FakeHubSpot, running
from tests.replicas.harness import Replica, environment, replicas
from tests.replicas.test_two_replicas import JOHN, approve_button, click, plan_ts, wait_text
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import DEMO_USERS, app_mention_event, channel_thread_message_event

LEASE_SECONDS = 3
PATIENCE = 60.0


class StallingHubSpot(FakeHubSpot):
    """HubSpot that receives a create and holds its answer until told to let go (a slow service)."""

    def __init__(self) -> None:
        super().__init__()
        self.arrived = asyncio.Event()
        self.release = asyncio.Event()

    async def create(self, request: web.Request) -> web.Response:
        self.arrived.set()
        await self.release.wait()
        return await super().create(request)

    def creates(self) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["method"] == "POST" and r["path"] == "/crm/objects/2026-09/contacts"]


@pytest.fixture
async def cluster(
    postgres_url: str, tmp_path: Path
) -> AsyncIterator[tuple[FakeSlackWebApi, StallingHubSpot, list[Replica]]]:
    hubspot = StallingHubSpot()
    async with FakeSlackWebApi(users=DEMO_USERS) as slack, running(hubspot) as hubspot_url:
        env = environment(
            postgres_url,
            tmp_path / "data",
            slack.base_url,
            PLANBOT_CRM="hubspot",
            PLANBOT_HUBSPOT_ACCESS_TOKEN="pat-test",
            PLANBOT_WORKSPACE_CRM_WRITES="true",  # everyone changes records through the CRM configured here
            PLANBOT_HUBSPOT_BASE_URL=hubspot_url,
            PLANBOT_HUBSPOT_TIMEOUT_SECONDS="600",
            PLANBOT_CONNECTOR_TIMEOUT_SECONDS="600",
            PLANBOT_CLAIM_LEASE_SECONDS=str(LEASE_SECONDS),
        )
        try:
            async with replicas(2, env, tmp_path) as started:
                yield slack, hubspot, started
        finally:
            hubspot.release.set()


async def test_the_survivor_asks_about_the_dead_replicas_write_and_the_plan_finishes(cluster):
    slack, hubspot, (a, b) = cluster
    mention = app_mention_event("create a contact Zed Quinn with email zed.quinn@example.com", user_id=JOHN)
    root = mention["event"]["ts"]
    await a.send(mention)
    ts = await plan_ts(slack, root)
    value = await approve_button(slack, ts)
    clicked = asyncio.create_task(a.send(click(value, ts)))
    await asyncio.wait_for(hubspot.arrived.wait(), PATIENCE)  # replica a is inside the write
    a.kill()
    await asyncio.gather(clicked, return_exceptions=True)
    await b.send(channel_thread_message_event("did it go through?", thread_ts=root, user_id=JOHN))
    await wait_text(slack, root, "cannot tell whether it went through", timeout=PATIENCE)
    await b.send(channel_thread_message_event("it went through", thread_ts=root, user_id=JOHN))
    await wait_text(slack, root, "Finished", timeout=PATIENCE)
    assert len(hubspot.creates()) == 1
