"""Step claims with leases, for every ``PlanStore`` backend: a claim moves together with its session, its owner
keeps it alive, and a claim whose owner went quiet ends as ``unknown`` for exactly one finder.

Mixed into a backend's test class beside ``PlanStoreConformance``, whose ``store`` and ``clock`` fixtures it uses.
"""

import asyncio
from datetime import timedelta

import pytest

from planning.store import (
    PlanStore,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    VersionConflict,
)
from tests.planning.store.conformance import START, ManualClock, session

LEASE = 60.0


async def running(_store: PlanStore, record: SessionRecord) -> SessionRecord:
    """The session as the engine saves it with a claim: its step running."""
    return record.model_copy(update={"state": "running", "data": {"steps": [{"id": "s1", "state": "running"}]}})


class ClaimConformance:
    # --- owner and heartbeat -----------------------------------------------------------------------------

    async def test_a_claim_records_its_owner_and_starts_its_heartbeat(self, store: PlanStore) -> None:
        await store.create(session())
        assert await store.claim_step("p1", "s1", args_hash="h1", owner="replica-a") is True
        assert await store.get_claim("p1", "s1") == StepClaim(
            session_id="p1", step_id="s1", args_hash="h1", claimed_at=START, owner="replica-a", heartbeat_at=START
        )

    async def test_claim_keys_are_opaque_per_step_item_and_attempt(self, store: PlanStore) -> None:
        await store.create(session())
        keys = ["send", "send#1", "send[0]", "send[3]", "send[3]#1"]
        assert [await store.claim_step("p1", key, args_hash="h") for key in keys] == [True] * 5
        assert [await store.claim_step("p1", key, args_hash="h") for key in keys] == [False] * 5

    async def test_the_owner_renews_the_heartbeat_and_no_one_else_can(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="replica-a")
        clock.advance(20)
        assert await store.renew_claim("p1", "s1", owner="replica-a") is True
        clock.advance(20)
        assert await store.renew_claim("p1", "s1", owner="replica-b") is False
        assert await store.renew_claim("p1", "s2", owner="replica-a") is False
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        renewed = START + timedelta(seconds=20)
        assert (claim.owner, claim.heartbeat_at, claim.claimed_at) == ("replica-a", renewed, START)

    async def test_a_finished_claim_cannot_be_renewed(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="replica-a")
        await store.finish_step("p1", "s1", outcome="done", result={"id": "m1"})
        assert await store.renew_claim("p1", "s1", owner="replica-a") is False

    # --- claim and save together ---------------------------------------------------------------------------

    async def test_claim_and_save_writes_the_session_and_the_claim(self, store: PlanStore, clock: ManualClock) -> None:
        created = await store.create(session())
        clock.advance(5)
        change = await running(store, created)
        saved = await store.claim_and_save(change, expected_version=1, step_id="s1", args_hash="h1", owner="a")
        assert saved == change.model_copy(update={"version": 2, "updated_at": START + timedelta(seconds=5)})
        assert await store.get("p1") == saved
        now = START + timedelta(seconds=5)
        assert await store.get_claim("p1", "s1") == StepClaim(
            session_id="p1", step_id="s1", args_hash="h1", claimed_at=now, owner="a", heartbeat_at=now
        )

    async def test_claim_and_save_of_a_claimed_step_writes_nothing(self, store: PlanStore) -> None:
        created = await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h0", owner="a")
        change = await running(store, created)
        assert await store.claim_and_save(change, expected_version=1, step_id="s1", args_hash="h1", owner="b") is None
        assert await store.get("p1") == created
        claim = await store.get_claim("p1", "s1")
        assert claim is not None and (claim.args_hash, claim.owner) == ("h0", "a")

    async def test_claim_and_save_on_a_stale_version_claims_nothing(self, store: PlanStore) -> None:
        created = await store.create(session())
        saved = await store.save(created.model_copy(update={"state": "elsewhere"}), expected_version=1)
        with pytest.raises(VersionConflict):
            await store.claim_and_save(
                await running(store, created), expected_version=1, step_id="s1", args_hash="h1", owner="a"
            )
        assert await store.get_claim("p1", "s1") is None
        assert await store.get("p1") == saved

    async def test_claim_and_save_for_an_unknown_session_raises_not_found(self, store: PlanStore) -> None:
        with pytest.raises(SessionNotFound):
            await store.claim_and_save(session("ghost"), expected_version=1, step_id="s1", args_hash="h", owner="a")
        assert await store.get_claim("ghost", "s1") is None

    async def test_claim_and_save_reopening_on_a_taken_thread_claims_nothing(self, store: PlanStore) -> None:
        old = await store.create(session("p1", open=False))
        await store.create(session("p2"))
        with pytest.raises(SessionExists):
            await store.claim_and_save(
                old.model_copy(update={"open": True}), expected_version=1, step_id="s1", args_hash="h", owner="a"
            )
        assert await store.get_claim("p1", "s1") is None
        assert await store.get("p1") == old

    async def test_claim_and_save_refuses_a_bad_document_and_claims_nothing(self, store: PlanStore) -> None:
        created = await store.create(session())
        with pytest.raises(ValueError):
            await store.claim_and_save(
                created.model_copy(update={"data": {"pair": (1, 2)}}),
                expected_version=1,
                step_id="s1",
                args_hash="h",
                owner="a",
            )
        assert await store.get_claim("p1", "s1") is None
        assert await store.get("p1") == created

    async def test_of_ten_concurrent_claim_and_saves_exactly_one_wins(self, store: PlanStore) -> None:
        created = await store.create(session())
        change = await running(store, created)
        outcomes = await asyncio.gather(
            *(
                store.claim_and_save(change, expected_version=1, step_id="s1", args_hash=f"h{n}", owner=f"o{n}")
                for n in range(10)
            ),
            return_exceptions=True,
        )
        winners = [o for o in outcomes if isinstance(o, SessionRecord)]
        assert len(winners) == 1
        assert all(o is None or isinstance(o, SessionRecord | VersionConflict) for o in outcomes), outcomes
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        assert claim.owner == f"o{outcomes.index(winners[0])}"
        assert await store.get("p1") == winners[0]

    async def test_the_transaction_leaves_the_store_usable(self, store: PlanStore) -> None:
        created = await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h0")
        assert await store.claim_and_save(created, expected_version=1, step_id="s1", args_hash="h", owner="a") is None
        with pytest.raises(VersionConflict):
            await store.claim_and_save(created, expected_version=5, step_id="s2", args_hash="h", owner="a")
        saved = await store.claim_and_save(created, expected_version=1, step_id="s2", args_hash="h", owner="a")
        assert saved is not None and saved.version == 2
        assert await store.claim_step("p1", "s3", args_hash="h") is True
        assert (await store.save(saved, expected_version=2)).version == 3

    # --- leases --------------------------------------------------------------------------------------------

    async def test_a_live_claim_is_not_expired(self, store: PlanStore, clock: ManualClock) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        clock.advance(LEASE - 1)
        assert await store.expire_claim("p1", "s1", idle_seconds=LEASE) is None
        await store.renew_claim("p1", "s1", owner="a")
        clock.advance(LEASE - 1)
        assert await store.expire_claim("p1", "s1", idle_seconds=LEASE) is None
        assert await store.stale_claims(idle_seconds=LEASE + 1) == []
        claim = await store.get_claim("p1", "s1")
        assert claim is not None and claim.outcome == "running"

    async def test_a_claim_idle_for_the_lease_ends_as_unknown(self, store: PlanStore, clock: ManualClock) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        clock.advance(LEASE)
        ended = await store.expire_claim("p1", "s1", idle_seconds=LEASE)
        expected = StepClaim(
            session_id="p1",
            step_id="s1",
            args_hash="h1",
            claimed_at=START,
            outcome="unknown",
            finished_at=START + timedelta(seconds=LEASE),
            owner="a",
            heartbeat_at=START,
        )
        assert ended == expected
        assert await store.get_claim("p1", "s1") == expected
        assert await store.expire_claim("p1", "s1", idle_seconds=LEASE) is None
        assert await store.renew_claim("p1", "s1", owner="a") is False
        with pytest.raises(StepNotRunning):  # its owner comes back too late: the first outcome stands
            await store.finish_step("p1", "s1", outcome="done", result={"id": "m1"})
        assert await store.get_claim("p1", "s1") == expected

    async def test_a_lease_of_zero_expires_a_running_claim_now(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        ended = await store.expire_claim("p1", "s1", idle_seconds=0)
        assert ended is not None and ended.outcome == "unknown"
        with pytest.raises(ValueError):
            await store.expire_claim("p1", "s1", idle_seconds=-1)

    async def test_finished_and_missing_claims_do_not_expire(self, store: PlanStore, clock: ManualClock) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        await store.finish_step("p1", "s1", outcome="failed", error="CRM said 400")
        clock.advance(LEASE * 10)
        assert await store.expire_claim("p1", "s1", idle_seconds=LEASE) is None
        assert await store.expire_claim("p1", "s2", idle_seconds=LEASE) is None
        claim = await store.get_claim("p1", "s1")
        assert claim is not None and (claim.outcome, claim.error) == ("failed", "CRM said 400")

    async def test_of_concurrent_finders_of_a_stale_claim_one_ends_it(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        clock.advance(LEASE + 1)
        found = await asyncio.gather(*(store.expire_claim("p1", "s1", idle_seconds=LEASE) for _ in range(8)))
        assert len([claim for claim in found if claim is not None]) == 1

    async def test_a_step_can_finish_as_unknown(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1", owner="a")
        await store.finish_step("p1", "s1", outcome="unknown", error="the service did not answer")
        claim = await store.get_claim("p1", "s1")
        assert claim is not None and (claim.outcome, claim.error) == ("unknown", "the service did not answer")

    async def test_stale_claims_lists_idle_running_claims_oldest_first(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        await store.create(session("p1", thread_key="terminal:1"))
        await store.create(session("p2", thread_key="terminal:2"))
        await store.claim_step("p2", "s1", args_hash="h", owner="a")
        clock.advance(1)
        await store.claim_step("p1", "s1", args_hash="h", owner="b")
        await store.claim_step("p1", "s2", args_hash="h", owner="b")
        await store.claim_step("p1", "s3", args_hash="h", owner="b")
        await store.finish_step("p1", "s3", outcome="done")
        clock.advance(LEASE - 1)
        await store.claim_step("p1", "s4", args_hash="h", owner="b")  # fresh
        await store.renew_claim("p1", "s2", owner="b")  # alive again
        stale = await store.stale_claims(idle_seconds=LEASE - 1)
        assert [(c.session_id, c.step_id) for c in stale] == [("p2", "s1"), ("p1", "s1")]
        assert [c.step_id for c in await store.stale_claims(idle_seconds=LEASE - 1, limit=1)] == ["s1"]
        assert all(c.outcome == "running" for c in stale)
        assert await store.stale_claims(idle_seconds=LEASE + 1) == []
