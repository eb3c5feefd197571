"""The audit trail and the rate-limit count, for every ``PlanStore`` backend.

Mixed into a backend's test class beside ``PlanStoreConformance``, whose ``store`` and ``clock`` fixtures it uses.
"""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from planning.store import AuditAction, AuditEntry, PlanStore
from tests.planning.store.conformance import START, THREAD, ManualClock, session

OTHER_THREAD = "slack:T1:C2:1712.99"


def entry(
    action: AuditAction = "approved",
    *,
    at: datetime = START,
    actor: str = "U1",
    requester: str = "U1",
    thread_key: str = THREAD,
    session_id: str = "p1",
    step_id: str | None = "s1",
    tool: str | None = "send_email",
    detail: dict[str, Any] | None = None,
) -> AuditEntry:
    return AuditEntry(
        at=at,
        session_id=session_id,
        thread_key=thread_key,
        actor=actor,
        requester=requester,
        action=action,
        step_id=step_id,
        tool=tool,
        detail={"arguments": {"to": ["ana@example.com"], "subject": "Réunion ☕"}} if detail is None else detail,
    )


class AuditConformance:
    """Every test starts from an empty store at ``START``."""

    # --- append_audit / audit -------------------------------------------------------------------------

    async def test_an_entry_comes_back_exactly(self, store: PlanStore) -> None:
        first = entry(
            "asked",
            step_id=None,
            tool=None,
            detail={"text": "Email Priya 👍🏽", "n": 2**53 + 1, "nested": {"list": [True, None, 0.5], "empty": {}}},
        )
        second = entry("ran", at=START + timedelta(microseconds=1), detail={})
        await store.append_audit(first)
        await store.append_audit(second)
        assert await store.audit() == [first, second]
        [found, _] = await store.audit()
        assert found.at.utcoffset() == timedelta(0)

    async def test_pruning_removes_only_entries_older_than_the_limit(self, store: PlanStore) -> None:
        old, edge, new = entry(at=START), entry(at=START + timedelta(days=1)), entry(at=START + timedelta(days=2))
        for item in (old, edge, new):
            await store.append_audit(item)
        assert await store.prune_audit(START + timedelta(days=1)) == 1
        assert await store.audit() == [edge, new]
        assert await store.prune_audit(START) == 0

    async def test_entries_are_oldest_first_and_ties_keep_the_order_of_appending(self, store: PlanStore) -> None:
        later = entry("ran", at=START + timedelta(seconds=5))
        await store.append_audit(later)
        same = [entry(action, at=START) for action in ("planned", "approved", "edited", "skipped")]
        for one in same:
            await store.append_audit(one)
        assert [e.action for e in await store.audit()] == ["planned", "approved", "edited", "skipped", "ran"]

    async def test_audit_of_a_thread(self, store: PlanStore) -> None:
        await store.append_audit(entry("asked", at=START))
        await store.append_audit(entry("asked", at=START + timedelta(seconds=1), thread_key=OTHER_THREAD))
        await store.append_audit(entry("planned", at=START + timedelta(seconds=2)))
        assert [(e.action, e.thread_key) for e in await store.audit(thread_key=THREAD)] == [
            ("asked", THREAD),
            ("planned", THREAD),
        ]
        assert await store.audit(thread_key="slack:T1:C9:1") == []

    async def test_audit_of_a_user_is_what_they_did_or_asked_for(self, store: PlanStore) -> None:
        await store.append_audit(entry("asked", at=START, actor="U1", requester="U1"))
        await store.append_audit(entry("approved", at=START + timedelta(seconds=1), actor="U2", requester="U1"))
        await store.append_audit(entry("approved", at=START + timedelta(seconds=2), actor="U2", requester="U3"))
        await store.append_audit(entry("asked", at=START + timedelta(seconds=3), actor="U3", requester="U3"))
        assert [(e.actor, e.requester) for e in await store.audit(user="U1")] == [("U1", "U1"), ("U2", "U1")]
        assert [(e.actor, e.requester) for e in await store.audit(user="U2")] == [("U2", "U1"), ("U2", "U3")]
        assert await store.audit(user="U4") == []

    async def test_thread_and_user_together_keep_entries_matching_both(self, store: PlanStore) -> None:
        await store.append_audit(entry("asked", at=START, actor="U1"))
        await store.append_audit(entry("asked", at=START, actor="U1", requester="U1", thread_key=OTHER_THREAD))
        await store.append_audit(entry("approved", at=START, actor="U2", requester="U2"))
        found = await store.audit(thread_key=THREAD, user="U1")
        assert [(e.action, e.thread_key, e.actor) for e in found] == [("asked", THREAD, "U1")]

    async def test_audit_of_one_workspace_by_its_thread_prefix(self, store: PlanStore) -> None:
        await store.append_audit(entry("asked", at=START, thread_key="slack:T1:C1:1"))
        await store.append_audit(entry("asked", at=START, thread_key="slack:T10:C1:1"))  # T1 is not a prefix of it
        await store.append_audit(entry("asked", at=START, thread_key="slack:T2:C1:1", actor="U2", requester="U2"))
        await store.append_audit(entry("asked", at=START, thread_key="terminal:1"))
        assert [e.thread_key for e in await store.audit(thread_prefix="slack:T1:")] == ["slack:T1:C1:1"]
        assert [e.thread_key for e in await store.audit(user="U1", thread_prefix="slack:T2:")] == []
        assert [e.thread_key for e in await store.audit(user="U2", thread_prefix="slack:T2:")] == ["slack:T2:C1:1"]
        assert await store.audit(thread_prefix="slack:%") == []  # a prefix is text, never a pattern

    async def test_a_limit_keeps_the_latest_entries_oldest_first(self, store: PlanStore) -> None:
        for second in (3, 1, 4, 0, 2):
            await store.append_audit(entry("ran", at=START + timedelta(seconds=second), step_id=f"s{second}"))
        assert [e.step_id for e in await store.audit(limit=3)] == ["s2", "s3", "s4"]
        assert [e.step_id for e in await store.audit(limit=1)] == ["s4"]
        assert [e.step_id for e in await store.audit(limit=200)] == ["s0", "s1", "s2", "s3", "s4"]
        with pytest.raises(ValueError):
            await store.audit(limit=0)

    async def test_a_returned_detail_cannot_change_the_store(self, store: PlanStore) -> None:
        given = entry(detail={"steps": [1]})
        await store.append_audit(given)
        [found] = await store.audit()
        found.detail["steps"].append(2)
        given.detail["steps"].append(3)
        assert [e.detail for e in await store.audit()] == [{"steps": [1]}]

    async def test_a_detail_that_is_not_exact_json_is_refused(self, store: PlanStore) -> None:
        unvalidated = entry().model_copy(update={"detail": {"pair": (1, 2)}})  # model_copy skips validation
        with pytest.raises(ValueError):
            await store.append_audit(unvalidated)
        assert await store.audit() == []

    async def test_audit_entries_need_no_stored_session_and_outlive_it(self, store: PlanStore) -> None:
        await store.append_audit(entry("refused", session_id="never-created", step_id=None, tool=None))
        created = await store.create(session())
        await store.save(created.model_copy(update={"open": False}), expected_version=1)
        await store.append_audit(entry("cancelled", session_id="p1"))
        assert [e.session_id for e in await store.audit()] == ["never-created", "p1"]

    # --- count_created_since ---------------------------------------------------------------------------

    async def test_count_created_since_counts_a_requesters_sessions_open_or_closed(
        self, store: PlanStore, clock: ManualClock
    ) -> None:
        await store.create(session("p1", thread_key="terminal:1", requester="U1"))
        clock.advance(60)
        closed = await store.create(session("p2", thread_key="terminal:2", requester="U1"))
        await store.save(closed.model_copy(update={"open": False}), expected_version=1)
        await store.create(session("p3", thread_key="terminal:3", requester="U2"))
        clock.advance(60)
        await store.create(session("p4", thread_key="terminal:4", requester="U1", open=False))
        assert await store.count_created_since("U1", START) == 3
        assert await store.count_created_since("U1", START + timedelta(seconds=60)) == 2  # at the instant counts
        assert await store.count_created_since("U1", START + timedelta(seconds=60, microseconds=1)) == 1
        assert await store.count_created_since("U1", START + timedelta(hours=1)) == 0
        assert await store.count_created_since("U2", START) == 1
        assert await store.count_created_since("U9", START) == 0

    async def test_count_created_since_within_one_workspace_by_its_thread_prefix(self, store: PlanStore) -> None:
        await store.create(session("p1", thread_key="slack:T1:C1:1", requester="U1"))
        await store.create(session("p2", thread_key="slack:T1:C1:2", requester="U1", open=False))
        await store.create(session("p3", thread_key="slack:T2:C1:1", requester="U1"))
        await store.create(session("p4", thread_key="slack:T10:C1:1", requester="U1"))
        assert await store.count_created_since("U1", START, thread_prefix="slack:T1:") == 2
        assert await store.count_created_since("U1", START, thread_prefix="slack:T2:") == 1
        assert await store.count_created_since("U1", START, thread_prefix="slack:T3:") == 0
        assert await store.count_created_since("U1", START, thread_prefix="slack:_1:") == 0
        assert await store.count_created_since("U1", START) == 4

    async def test_count_created_since_reads_any_time_zone_and_refuses_naive_times(self, store: PlanStore) -> None:
        await store.create(session())
        new_york = START.astimezone(ZoneInfo("America/New_York"))
        assert await store.count_created_since("U1", new_york) == 1
        assert await store.count_created_since("U1", new_york + timedelta(microseconds=1)) == 0
        with pytest.raises(ValueError):
            await store.count_created_since("U1", datetime(2026, 3, 2, 14, 0))
