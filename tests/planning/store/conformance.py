"""The ``PlanStore`` contract, one suite for every backend.

A backend's test module subclasses ``PlanStoreConformance`` and provides one fixture, ``store_factory``: an async
function that takes the test's clock and returns a fresh, empty store. Nothing here knows which backend runs.
"""

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from planning.store import (
    Clock,
    PlanStore,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    StoreError,
    VersionConflict,
)

StoreFactory = Callable[[Clock], Awaitable[PlanStore]]
START = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
THREAD = "slack:T1:C1:1712.33"
DOCUMENT: dict[str, Any] = {
    "goal": {"intent": "send", "entity": "email", "to": ["ana@example.com"]},
    "steps": [{"id": "s1", "args": {"subject": "Réunion ☕ — 会議", "body": 'line 1\nline 2\t"quoted"'}}],
    "numbers": {"int": 2**53 + 1, "negative": -7, "float": 0.1, "exp": 1.5e-300},
    "flags": [True, False, None],
    "empty": {"list": [], "dict": {}, "text": ""},
    "emoji": "👍🏽",
}


class ManualClock:
    """A clock that moves only when the test says so."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now


def session(
    session_id: str = "p1",
    *,
    thread_key: str = THREAD,
    requester: str = "U1",
    state: str = "awaiting_approval",
    open: bool = True,
    data: dict[str, Any] | None = None,
    expires_at: datetime | None = None,
) -> SessionRecord:
    return SessionRecord(
        id=session_id,
        thread_key=thread_key,
        requester=requester,
        state=state,
        open=open,
        data=DOCUMENT if data is None else data,
        expires_at=expires_at,
    )


class PlanStoreConformance:
    """Run with a ``store_factory`` fixture; every test starts from an empty store at ``START``."""

    @pytest.fixture
    def clock(self) -> ManualClock:
        return ManualClock(START)

    @pytest.fixture
    async def store(self, store_factory: StoreFactory, clock: ManualClock) -> AsyncIterator[PlanStore]:
        store = await store_factory(clock)
        yield store
        await store.close()

    # --- create / get ------------------------------------------------------------------------------

    async def test_create_stamps_version_one_and_the_store_clock(self, store: PlanStore) -> None:
        given = session().model_copy(update={"version": 7, "created_at": START - timedelta(days=3)})
        created = await store.create(given)
        assert created == session().model_copy(update={"version": 1, "created_at": START, "updated_at": START})

    async def test_get_returns_the_document_exactly(self, store: PlanStore) -> None:
        expires = datetime(2026, 3, 3, 9, 30, 15, 123456, tzinfo=ZoneInfo("America/New_York"))
        created = await store.create(session(expires_at=expires))
        fetched = await store.get("p1")
        assert fetched == created
        assert fetched is not None
        assert fetched.data == DOCUMENT
        assert fetched.expires_at == datetime(2026, 3, 3, 14, 30, 15, 123456, tzinfo=UTC)
        assert fetched.expires_at.utcoffset() == timedelta(0)
        assert fetched.created_at.utcoffset() == timedelta(0)

    async def test_changing_a_returned_document_does_not_change_the_store(self, store: PlanStore) -> None:
        created = await store.create(session(data={"steps": [1]}))
        created.data["steps"].append(2)
        fetched = await store.get("p1")
        assert fetched is not None
        fetched.data["steps"].append(3)
        assert (await store.get("p1")) == session(data={"steps": [1]}).model_copy(
            update={"created_at": START, "updated_at": START}
        )

    async def test_get_unknown_session_returns_none(self, store: PlanStore) -> None:
        assert await store.get("nope") is None

    async def test_a_taken_id_raises_session_exists(self, store: PlanStore) -> None:
        await store.create(session("p1", thread_key="terminal:1", open=False))
        with pytest.raises(SessionExists):
            await store.create(session("p1", thread_key="terminal:2"))
        assert await store.open_for_thread("terminal:2") is None

    # --- one open session per thread -----------------------------------------------------------------

    async def test_a_thread_has_at_most_one_open_session(self, store: PlanStore) -> None:
        first = await store.create(session("p1"))
        with pytest.raises(SessionExists):
            await store.create(session("p2"))
        assert await store.open_for_thread(THREAD) == first
        assert await store.get("p2") is None

    async def test_a_closed_session_does_not_block_a_new_one(self, store: PlanStore) -> None:
        first = await store.create(session("p1"))
        await store.save(first.model_copy(update={"open": False, "state": "done"}), expected_version=1)
        second = await store.create(session("p2"))
        assert await store.open_for_thread(THREAD) == second
        assert await store.create(session("p3", open=False)) == session("p3", open=False).model_copy(
            update={"created_at": START, "updated_at": START}
        )

    async def test_open_for_thread_ignores_other_and_closed_threads(self, store: PlanStore) -> None:
        await store.create(session("p1", thread_key="terminal:1", open=False))
        await store.create(session("p2", thread_key="terminal:2"))
        assert await store.open_for_thread("terminal:1") is None
        assert await store.open_for_thread("terminal:3") is None

    async def test_latest_for_thread_is_the_requesters_last_updated_session(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        first = await store.create(session("p1", requester="U1"))
        clock.advance(10)
        await store.save(first.model_copy(update={"open": False, "state": "done"}), expected_version=1)
        clock.advance(10)
        await store.create(session("p2", requester="U2"))
        latest = await store.latest_for_thread(THREAD, requester="U1")
        assert latest is not None and latest.id == "p1" and not latest.open
        other = await store.latest_for_thread(THREAD, requester="U2")
        assert other is not None and other.id == "p2"
        assert await store.latest_for_thread("terminal:9", requester="U1") is None

    async def test_reopening_on_a_thread_with_another_open_session_raises(self, store: PlanStore) -> None:
        old = await store.create(session("p1", open=False))
        await store.create(session("p2"))
        with pytest.raises(SessionExists):
            await store.save(old.model_copy(update={"open": True}), expected_version=1)
        assert (await store.get("p1")) == old

    # --- save ----------------------------------------------------------------------------------------

    async def test_save_bumps_the_version_and_stamps_updated_at(self, store: PlanStore, clock: ManualClock) -> None:
        created = await store.create(session())
        clock.advance(90)
        change = {"state": "running", "data": {"step": 2}, "expires_at": START + timedelta(hours=1)}
        saved = await store.save(created.model_copy(update=change), expected_version=1)
        assert saved == created.model_copy(update={**change, "version": 2, "updated_at": START + timedelta(seconds=90)})
        assert await store.get("p1") == saved
        clock.advance(10)
        again = await store.save(saved.model_copy(update={"open": False}), expected_version=2)
        assert (again.version, again.open, again.updated_at) == (3, False, START + timedelta(seconds=100))

    async def test_save_keeps_id_thread_requester_and_created_at(self, store: PlanStore, clock: ManualClock) -> None:
        created = await store.create(session())
        clock.advance(5)
        other = {"thread_key": "terminal:9", "requester": "U2", "created_at": START + timedelta(days=1)}
        saved = await store.save(created.model_copy(update=other), expected_version=1)
        assert (saved.thread_key, saved.requester, saved.created_at) == (THREAD, "U1", START)
        assert await store.open_for_thread(THREAD) == saved

    async def test_a_stale_save_raises_version_conflict(self, store: PlanStore) -> None:
        created = await store.create(session())
        saved = await store.save(created.model_copy(update={"state": "mine"}), expected_version=1)
        with pytest.raises(VersionConflict) as raised:
            await store.save(created.model_copy(update={"state": "theirs"}), expected_version=1)
        assert (raised.value.expected, raised.value.actual) == (1, 2)
        assert await store.get("p1") == saved

    async def test_of_two_concurrent_saves_exactly_one_wins(self, store: PlanStore) -> None:
        created = await store.create(session())
        outcomes = await asyncio.gather(
            store.save(created.model_copy(update={"state": "a"}), expected_version=1),
            store.save(created.model_copy(update={"state": "b"}), expected_version=1),
            return_exceptions=True,
        )
        winners = [o for o in outcomes if isinstance(o, SessionRecord)]
        assert len(winners) == 1
        assert [type(o) for o in outcomes if not isinstance(o, SessionRecord)] == [VersionConflict]
        assert winners[0].version == 2
        assert await store.get("p1") == winners[0]

    async def test_save_of_an_unknown_session_raises_not_found(self, store: PlanStore) -> None:
        with pytest.raises(SessionNotFound):
            await store.save(session("ghost"), expected_version=1)
        assert await store.get("ghost") is None

    async def test_save_refuses_a_document_that_is_not_exact_json(self, store: PlanStore) -> None:
        created = await store.create(session())
        with pytest.raises(ValueError):
            await store.save(created.model_copy(update={"data": {"pair": (1, 2)}}), expected_version=1)
        assert await store.get("p1") == created

    # --- list_open -----------------------------------------------------------------------------------

    async def test_list_open_is_oldest_first_without_closed_sessions(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        await store.create(session("c", thread_key="terminal:1"))
        clock.advance(1)
        closing = await store.create(session("a", thread_key="terminal:2"))
        clock.advance(1)
        await store.create(session("b", thread_key="terminal:3", requester="U2"))
        await store.create(session("0", thread_key="terminal:4", requester="U2"))  # same time as b: id decides
        clock.advance(1)
        await store.save(closing.model_copy(update={"open": False}), expected_version=1)
        assert [s.id for s in await store.list_open()] == ["c", "0", "b"]

    async def test_list_open_filters_by_requester(self, store: PlanStore, clock: ManualClock) -> None:
        await store.create(session("p1", thread_key="terminal:1", requester="U1"))
        clock.advance(1)
        await store.create(session("p2", thread_key="terminal:2", requester="U2"))
        clock.advance(1)
        await store.create(session("p3", thread_key="terminal:3", requester="U1"))
        await store.create(session("p4", thread_key="terminal:4", requester="U1", open=False))
        assert [s.id for s in await store.list_open(requester="U1")] == ["p1", "p3"]
        assert [s.id for s in await store.list_open(requester="U2")] == ["p2"]
        assert await store.list_open(requester="U3") == []

    # --- step claims ---------------------------------------------------------------------------------

    async def test_a_step_is_claimed_once_whatever_the_hash(self, store: PlanStore) -> None:
        await store.create(session())
        assert await store.claim_step("p1", "s1", args_hash="h1") is True
        assert await store.claim_step("p1", "s1", args_hash="h1") is False
        assert await store.claim_step("p1", "s1", args_hash="h2") is False
        claim = await store.get_claim("p1", "s1")
        assert claim == StepClaim(session_id="p1", step_id="s1", args_hash="h1", claimed_at=START)
        assert claim.outcome == "running"

    async def test_of_ten_concurrent_claims_exactly_one_wins(self, store: PlanStore) -> None:
        await store.create(session())
        won = await asyncio.gather(*(store.claim_step("p1", "s1", args_hash=f"h{i}") for i in range(10)))
        assert won.count(True) == 1
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        assert claim.args_hash == f"h{won.index(True)}"

    async def test_claims_are_per_session_and_step(self, store: PlanStore) -> None:
        await store.create(session("p1", thread_key="terminal:1"))
        await store.create(session("p2", thread_key="terminal:2"))
        assert await store.claim_step("p1", "s1", args_hash="h") is True
        assert await store.claim_step("p1", "s2", args_hash="h") is True
        assert await store.claim_step("p2", "s1", args_hash="h") is True

    async def test_claiming_for_an_unknown_session_raises_not_found(self, store: PlanStore) -> None:
        with pytest.raises(SessionNotFound):
            await store.claim_step("ghost", "s1", args_hash="h")
        assert await store.get_claim("ghost", "s1") is None

    async def test_finish_step_records_a_result(self, store: PlanStore, clock: ManualClock) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1")
        clock.advance(3)
        await store.finish_step("p1", "s1", outcome="done", result={"id": "msg-1", "to": ["ana@example.com"]})
        assert await store.get_claim("p1", "s1") == StepClaim(
            session_id="p1",
            step_id="s1",
            args_hash="h1",
            claimed_at=START,
            outcome="done",
            result={"id": "msg-1", "to": ["ana@example.com"]},
            finished_at=START + timedelta(seconds=3),
        )

    async def test_finish_step_records_a_failure(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1")
        await store.finish_step("p1", "s1", outcome="failed", error="CRM said 503")
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        assert (claim.outcome, claim.result, claim.error, claim.finished_at) == ("failed", None, "CRM said 503", START)

    async def test_a_result_comes_back_in_its_json_form(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1")
        await store.finish_step("p1", "s1", outcome="done", result=("a", 1, {"k": (2,)}))
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        assert claim.result == ["a", 1, {"k": [2]}]

    async def test_finishing_an_unclaimed_step_raises(self, store: PlanStore) -> None:
        await store.create(session())
        with pytest.raises(StepNotRunning):
            await store.finish_step("p1", "s1", outcome="done")
        with pytest.raises(StepNotRunning):
            await store.finish_step("ghost", "s1", outcome="done")
        assert await store.get_claim("p1", "s1") is None

    async def test_finishing_a_finished_step_raises_and_keeps_the_first_outcome(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1")
        await store.finish_step("p1", "s1", outcome="done", result=1)
        with pytest.raises(StepNotRunning):
            await store.finish_step("p1", "s1", outcome="failed", error="late")
        claim = await store.get_claim("p1", "s1")
        assert claim is not None
        assert (claim.outcome, claim.result, claim.error) == ("done", 1, None)

    async def test_a_bad_finish_leaves_the_claim_running(self, store: PlanStore) -> None:
        await store.create(session())
        await store.claim_step("p1", "s1", args_hash="h1")
        with pytest.raises(ValueError):
            await store.finish_step("p1", "s1", outcome="done", result=object())
        with pytest.raises(ValueError):
            await store.finish_step("p1", "s1", outcome="running")  # type: ignore[arg-type]
        assert await store.get_claim("p1", "s1") == StepClaim(
            session_id="p1", step_id="s1", args_hash="h1", claimed_at=START
        )

    # --- close ---------------------------------------------------------------------------------------

    async def test_a_closed_store_refuses_work_and_closes_twice_quietly(
        self, store_factory: StoreFactory, clock: ManualClock
    ) -> None:
        store = await store_factory(clock)
        await store.close()
        await store.close()
        with pytest.raises(StoreError):
            await store.get("p1")
        with pytest.raises(StoreError):
            await store.create(session())
