"""Two replicas (two connectors, each with its own store connection to one plan store) creating deals for the same
new company at the same time, while HubSpot's search cannot see new records yet: one company, both deals on it."""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiohttp
import pytest

from integrations.base.creations import ScopedClaims
from integrations.crm.hubspot import HubSpotCrm, build
from planning.store.creations import SqlCreationClaims, open_creation_claims
from tests.integrations.crm.conftest import hubspot_settings
from tests.integrations.crm.helpers import run
from tests.integrations.crm.hubspot_fake import FakeHubSpot

Fake = tuple[FakeHubSpot, str]
Opener = Callable[[], Awaitable[SqlCreationClaims]]


@pytest.fixture(params=["sqlite", "postgres"])
async def open_claims(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Opener]:
    location = str(tmp_path / "plans.sqlite3") if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    opened: list[SqlCreationClaims] = []

    async def opener() -> SqlCreationClaims:
        opened.append(await open_creation_claims(location))
        return opened[-1]

    yield opener
    for claims in opened:
        await claims.close()


async def replica(session: aiohttp.ClientSession, base_url: str, open_claims: Opener) -> HubSpotCrm:
    return build(session, hubspot_settings(base_url), claims=ScopedClaims(await open_claims(), "hubspot:T1:workspace"))


async def test_two_replicas_creating_the_same_company_at_once_make_one(
    hubspot: Fake, session: aiohttp.ClientSession, open_claims: Opener
) -> None:
    fake, base_url = hubspot
    first, second = await replica(session, base_url, open_claims), await replica(session, base_url, open_claims)
    deals = await asyncio.gather(
        *(
            run(crm, "create_entity", entityType="Deal", fields={"company": name, "name": f"Deal {n}"})
            for n, (crm, name) in enumerate(
                [(first, "Initech Labs"), (second, "initech  labs"), (first, "INITECH LABS")]
            )
        )
    )
    companies = fake.store.search("companies", [])
    assert [" ".join(c.properties["name"].casefold().split()) for c in companies] == ["initech labs"]  # the winner's
    assert [fake.store.associated("deals", deal["id"], "companies") for deal in deals] == [{companies[0].id: [5]}] * 3


async def test_a_replica_asking_after_another_created_it_reuses_it(
    hubspot: Fake, session: aiohttp.ClientSession, open_claims: Opener
) -> None:
    fake, base_url = hubspot
    first, second = await replica(session, base_url, open_claims), await replica(session, base_url, open_claims)
    await run(first, "create_entity", entityType="Deal", fields={"company": "Hooli"})
    await run(second, "create_entity", entityType="Deal", fields={"company": "hooli"})  # the search lags: not found
    assert [c.properties["name"] for c in fake.store.search("companies", [])] == ["Hooli"]


async def test_another_account_makes_its_own_company(
    hubspot: Fake, session: aiohttp.ClientSession, open_claims: Opener
) -> None:
    fake, base_url = hubspot
    shared = await open_claims()
    ours = build(session, hubspot_settings(base_url), claims=ScopedClaims(shared, "hubspot:T1:workspace"))
    theirs = build(session, hubspot_settings(base_url), claims=ScopedClaims(shared, "hubspot:T2:workspace"))
    await run(ours, "create_entity", entityType="Deal", fields={"company": "Hooli"})
    await run(theirs, "create_entity", entityType="Deal", fields={"company": "Hooli"})
    assert len(fake.store.search("companies", [])) == 2  # one portal here, but two accounts as far as planbot knows
