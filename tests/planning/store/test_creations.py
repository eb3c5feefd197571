"""Creation claims on every backend (the shared suite), and ``create_once`` over them."""

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from integrations.base.creations import CreationClaims, create_once
from integrations.base.errors import PermanentError, TransientError
from planning.store.creations import InMemoryCreationClaims, open_creation_claims
from tests.fakes import ManualClock
from tests.planning.store.conformance_creations import CreationClaimsConformance

Factory = Callable[[ManualClock], Awaitable[CreationClaims]]


class TestInMemoryCreationClaims(CreationClaimsConformance):
    @pytest.fixture
    def claims_factory(self) -> Factory:
        shared: dict[int, InMemoryCreationClaims] = {}

        async def factory(clock: ManualClock) -> CreationClaims:
            return shared.setdefault(id(clock), InMemoryCreationClaims(clock=clock))  # one process: one store

        return factory


class TestSqliteCreationClaims(CreationClaimsConformance):
    @pytest.fixture
    async def claims_factory(self, tmp_path: Path) -> AsyncIterator[Factory]:
        opened = []

        async def factory(clock: ManualClock) -> CreationClaims:
            claims = await open_creation_claims(tmp_path / "plans.sqlite3", clock=clock)
            opened.append(claims)
            return claims

        yield factory
        for claims in opened:
            await claims.close()


class TestPostgresCreationClaims(CreationClaimsConformance):
    @pytest.fixture
    async def claims_factory(self, postgres_url: str) -> AsyncIterator[Factory]:
        opened = []

        async def factory(clock: ManualClock) -> CreationClaims:
            claims = await open_creation_claims(postgres_url, clock=clock)
            opened.append(claims)
            return claims

        yield factory
        for claims in opened:
            await claims.close()


async def test_a_failed_creation_gives_the_claim_back() -> None:
    claims = InMemoryCreationClaims(clock=ManualClock())

    async def refused() -> str:
        raise PermanentError("HubSpot refused it", service="hubspot")

    with pytest.raises(PermanentError):
        await create_once(claims, "k", refused, keep_seconds=120, service="hubspot")
    assert await create_once(claims, "k", lambda: _id("1001"), keep_seconds=120, service="hubspot") == "1001"
    assert await create_once(claims, "k", lambda: _id("1002"), keep_seconds=120, service="hubspot") == "1001"


async def test_a_claim_another_caller_holds_too_long_is_a_transient_failure() -> None:
    claims = InMemoryCreationClaims(clock=ManualClock())
    await claims.claim("k", owner="elsewhere", hold_seconds=30)
    ticks = iter(range(100))
    created: list[str] = []

    async def create() -> str:
        created.append("x")
        return "x"

    with pytest.raises(TransientError):
        await create_once(
            claims, "k", create, keep_seconds=120, service="hubspot", wait_seconds=3, poll_seconds=0,
            monotonic=lambda: float(next(ticks)),
        )  # fmt: skip
    assert created == []


async def _id(value: str) -> str:
    return value
