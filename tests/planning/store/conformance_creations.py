"""The ``CreationClaims`` contract, one suite for every backend: a backend's test class provides ``claims_factory``
(a store on the test's clock; called twice, two stores on the same file or database: two replicas)."""

import asyncio
from collections.abc import Awaitable, Callable

from integrations.base.creations import Claim, CreationClaims
from tests.fakes import ManualClock

ClaimsFactory = Callable[[ManualClock], Awaitable[CreationClaims]]
KEY = "hubspot\x1fcompanies\x1finitech labs"


class CreationClaimsConformance:
    async def test_the_first_claimer_creates_and_later_ones_get_its_id(self, claims_factory: ClaimsFactory) -> None:
        clock = ManualClock()
        first, second = await claims_factory(clock), await claims_factory(clock)
        assert await first.claim(KEY, owner="a", hold_seconds=30) == Claim(mine=True)
        assert await second.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=False)  # still creating: wait
        await first.settle(KEY, owner="a", record_id="1001", keep_seconds=120)
        assert await second.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=False, record_id="1001")
        clock.advance(seconds=119)
        assert await second.claim(KEY, owner="c", hold_seconds=30) == Claim(mine=False, record_id="1001")

    async def test_a_remembered_id_lapses_after_its_time(self, claims_factory: ClaimsFactory) -> None:
        clock = ManualClock()
        claims = await claims_factory(clock)
        await claims.claim(KEY, owner="a", hold_seconds=30)
        await claims.settle(KEY, owner="a", record_id="1001", keep_seconds=120)
        clock.advance(seconds=120)
        assert await claims.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=True)  # the search finds it now

    async def test_a_claimer_that_stopped_is_taken_over_after_its_hold(self, claims_factory: ClaimsFactory) -> None:
        clock = ManualClock()
        claims = await claims_factory(clock)
        await claims.claim(KEY, owner="a", hold_seconds=30)
        clock.advance(seconds=29)
        assert await claims.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=False)
        clock.advance(seconds=1)
        assert await claims.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=True)
        await claims.settle(KEY, owner="a", record_id="late", keep_seconds=120)  # no longer a's: changes nothing
        await claims.settle(KEY, owner="b", record_id="1002", keep_seconds=120)
        assert await claims.claim(KEY, owner="c", hold_seconds=30) == Claim(mine=False, record_id="1002")

    async def test_a_released_claim_is_free_and_another_holders_stays(self, claims_factory: ClaimsFactory) -> None:
        claims = await claims_factory(ManualClock())
        await claims.claim(KEY, owner="a", hold_seconds=30)
        await claims.release(KEY, owner="b")  # not b's
        assert await claims.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=False)
        await claims.release(KEY, owner="a")
        assert await claims.claim(KEY, owner="b", hold_seconds=30) == Claim(mine=True)

    async def test_claiming_again_keeps_the_claim_and_its_id(self, claims_factory: ClaimsFactory) -> None:
        claims = await claims_factory(ManualClock())
        assert await claims.claim(KEY, owner="a", hold_seconds=30) == Claim(mine=True)
        assert await claims.claim(KEY, owner="a", hold_seconds=30) == Claim(mine=True)
        await claims.settle(KEY, owner="a", record_id="1001", keep_seconds=120)
        assert await claims.claim(KEY, owner="a", hold_seconds=30) == Claim(mine=True, record_id="1001")

    async def test_keys_are_separate(self, claims_factory: ClaimsFactory) -> None:
        claims = await claims_factory(ManualClock())
        await claims.claim(KEY, owner="a", hold_seconds=30)
        assert await claims.claim(KEY + " inc", owner="b", hold_seconds=30) == Claim(mine=True)

    async def test_of_concurrent_claimers_on_two_stores_exactly_one_gets_the_key(
        self, claims_factory: ClaimsFactory
    ) -> None:
        clock = ManualClock()
        stores = [await claims_factory(clock), await claims_factory(clock)]
        found = await asyncio.gather(*(stores[n % 2].claim(KEY, owner=f"o{n}", hold_seconds=30) for n in range(20)))
        assert [claim.mine for claim in found].count(True) == 1
