"""Retention of sessions, for every ``PlanStore`` backend: closed sessions last saved before the limit go with their
step claims; newer closed ones and open ones of any age stay.

Mixed into a backend's test class beside ``PlanStoreConformance``, whose ``store`` and ``clock`` fixtures it uses.
"""

from datetime import timedelta

from planning.store import PlanStore, SessionRecord
from tests.planning.store.conformance import START, ManualClock, session

DAY = 24 * 3600.0


async def close(store: PlanStore, record: SessionRecord, state: str = "done") -> SessionRecord:
    return await store.save(record.model_copy(update={"state": state, "open": False}), expected_version=record.version)


class RetentionConformance:
    async def test_closed_sessions_older_than_the_limit_go_with_their_claims(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        old = await store.create(session("old", thread_key="t-old"))
        await store.claim_step("old", "s1", args_hash="h")
        await store.finish_step("old", "s1", outcome="done", result={"to": "ana@example.com"})
        await close(store, old)
        forgotten = await store.create(session("forgotten", thread_key="t-forgotten"))  # open, never touched again
        clock.advance(10 * DAY)
        recent = await close(store, await store.create(session("recent", thread_key="t-recent")), "cancelled")
        await store.claim_step("forgotten", "s1", args_hash="h")
        clock.advance(DAY)

        assert await store.prune_sessions(clock() - timedelta(days=5)) == 1

        assert await store.get("old") is None
        assert await store.get_claim("old", "s1") is None
        assert await store.get("recent") == recent
        assert await store.get("forgotten") == forgotten
        assert await store.get_claim("forgotten", "s1") is not None
        assert [s.id for s in await store.list_open()] == ["forgotten"]
        assert await store.prune_sessions(clock() - timedelta(days=5)) == 0

    async def test_an_open_session_is_never_pruned_however_old(self, store: PlanStore, clock: ManualClock) -> None:
        created = await store.create(session())
        clock.advance(400 * DAY)
        assert await store.prune_sessions(clock()) == 0
        assert await store.get("p1") == created

    async def test_a_pruned_thread_can_start_a_new_session(self, store: PlanStore, clock: ManualClock) -> None:
        await close(store, await store.create(session("p1")))
        clock.advance(DAY)
        assert await store.prune_sessions(clock()) == 1
        assert (await store.create(session("p2"))).created_at == START + timedelta(days=1)
