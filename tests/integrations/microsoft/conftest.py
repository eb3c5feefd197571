"""The Graph stand-in served on 127.0.0.1 for each test, with the mail and calendar connectors built as ``connect``
builds them; after the test, every request the stand-in saw must have fitted Graph's description (``problems``)
and Graph's per-mailbox limits (``throttled``)."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from integrations.microsoft import MicrosoftSettings, OutlookCalendar, OutlookMail, calendar_from, mail_from
from tests.integrations.microsoft.fake_calendar import FakeCalendar
from tests.integrations.microsoft.fake_graph import CLIENT, REFRESH_TOKEN, TENANT, FakeGraph, serving
from tests.integrations.microsoft.fake_mail import FakeMailbox

NEW_YORK = "America/New_York"


@dataclass
class GraphRig:
    graph: FakeGraph
    mailbox: FakeMailbox
    calendar: FakeCalendar
    base_url: str
    session: aiohttp.ClientSession

    def settings(self, **overrides: Any) -> MicrosoftSettings:
        values: dict[str, Any] = {
            "client_id": CLIENT[0],
            "client_secret": CLIENT[1],
            "refresh_token": REFRESH_TOKEN,
            "tenant": TENANT,
            "api_url": f"{self.base_url}/v1.0",
            "token_url": f"{self.base_url}/{TENANT}/oauth2/v2.0/token",
            "time_zone": NEW_YORK,
            "working_hours": "09:00-17:00",
            "working_days": "mon-fri",
            "timeout_seconds": 5,
        }
        return MicrosoftSettings(_env_file=None, **{**values, **overrides})  # type: ignore[call-arg]

    def mail(self, **overrides: Any) -> OutlookMail:
        return mail_from(self.settings(**overrides), self.session)

    def calendar_connector(self, **overrides: Any) -> OutlookCalendar:
        return calendar_from(self.settings(**overrides), self.session)


@pytest.fixture
async def microsoft() -> AsyncIterator[GraphRig]:
    graph = FakeGraph()
    mailbox, calendar = FakeMailbox(graph), FakeCalendar(graph)
    async with serving(graph) as base_url, aiohttp.ClientSession() as session:
        yield GraphRig(graph, mailbox, calendar, base_url, session)
    assert graph.problems == []
    assert graph.throttled == []  # never over Graph's per-mailbox concurrency, never before a Retry-After ended
