"""The ``SlackState`` contract, one suite for every backend.

A backend's test module subclasses ``SlackStateConformance`` and provides ``state_factory``: an async function of
the test's clock (and ``SlackState.open``'s keyword options, e.g. ``redact``) returning a fresh, empty state;
every call on one test returns another handle on the same data (another replica), which is how the concurrency
tests share it.
"""

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from bot.slack.state import ABANDON_AFTER, MAX_ATTEMPTS, RECENT_KEPT, REDACTED_LINE, Received, SlackState, Where
from planning.store import StoreError
from tests.fakes import ManualClock

StateFactory = Callable[..., Awaitable[SlackState]]  # (clock, **options of SlackState.open)
START = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
CHANNEL = Where("T1", "C1", "1712345678.000100", "U1", is_dm=False)
DM = Where("T1", "D1", "1712345678.000200", "U2", is_dm=True)
THREAD = CHANNEL.thread_key


class SlackStateConformance:
    @pytest.fixture
    def clock(self) -> ManualClock:
        return ManualClock(START)

    @pytest.fixture
    async def state(self, state_factory: StateFactory, clock: ManualClock) -> AsyncIterator[SlackState]:
        state = await state_factory(clock)
        yield state
        await state.close()

    @pytest.fixture
    async def replica(self, state_factory: StateFactory, clock: ManualClock) -> AsyncIterator[SlackState]:
        """Another handle on the same data, as a second replica has."""
        replica = await state_factory(clock)
        yield replica
        await replica.close()

    def test_it_is_a_slack_state(self, state: SlackState) -> None:
        assert isinstance(state, SlackState)

    # --- event receipts --------------------------------------------------------------------------------

    async def test_an_event_is_first_seen_once_per_team(self, state: SlackState) -> None:
        assert await state.first_sighting("T1", "Ev1") is True
        assert await state.first_sighting("T1", "Ev1") is False
        assert await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1.0") is False
        assert await state.first_sighting("T2", "Ev1") is True

    async def test_of_replicas_sighting_one_event_at_once_exactly_one_wins(
        self, state: SlackState, replica: SlackState
    ) -> None:
        firsts = await asyncio.gather(
            *(s.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="5.0") for s in [state, replica] * 5)
        )
        assert firsts.count(True) == 1

    # --- ordering within a thread ------------------------------------------------------------------------

    async def test_an_earlier_event_holds_back_later_ones_until_processed(
        self, state: SlackState, replica: SlackState
    ) -> None:
        await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1712345678.000100")
        await replica.first_sighting("T1", "Ev2", thread_key=THREAD, event_ts="1712345679.000001")
        assert await replica.earlier_unprocessed(THREAD, "1712345679.000001") is True
        assert await state.earlier_unprocessed(THREAD, "1712345678.000100") is False  # nothing before the first
        await state.mark_processed("T1", "Ev1")
        assert await replica.earlier_unprocessed(THREAD, "1712345679.000001") is False

    async def test_only_smaller_timestamps_of_the_same_thread_count(self, state: SlackState) -> None:
        await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1000.5")
        await state.first_sighting("T1", "Ev2", thread_key="slack:T1:C2:1.0", event_ts="10.0")
        assert await state.earlier_unprocessed(THREAD, "1000.5") is False  # the same ts is not earlier
        assert await state.earlier_unprocessed(THREAD, "999.9") is False  # only later ones are pending
        assert await state.earlier_unprocessed(THREAD, "1000.500001") is True
        assert await state.earlier_unprocessed(THREAD, "10000.0") is True  # compared as times, not as text
        assert await state.earlier_unprocessed("slack:T1:C3:1.0", "99999.0") is False

    async def test_events_without_a_thread_or_a_timestamp_hold_nothing_back(self, state: SlackState) -> None:
        await state.first_sighting("T1", "Ev1")
        await state.first_sighting("T1", "Ev2", thread_key=THREAD)
        await state.first_sighting("T1", "Ev3", thread_key=THREAD, event_ts="not-a-ts")
        assert await state.earlier_unprocessed(THREAD, "99999.0") is False
        await state.first_sighting("T1", "Ev4", thread_key=THREAD, event_ts="5.0")
        assert await state.earlier_unprocessed(THREAD, "not-a-ts") is False

    async def test_an_event_abandoned_by_a_dead_replica_stops_holding_back(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1.0")
        clock.advance(seconds=ABANDON_AFTER.total_seconds())
        assert await state.earlier_unprocessed(THREAD, "2.0") is True
        clock.advance(seconds=1)
        assert await state.earlier_unprocessed(THREAD, "2.0") is False

    async def test_marking_processed_is_idempotent_and_a_retry_does_not_reopen(self, state: SlackState) -> None:
        await state.mark_processed("T1", "unknown")
        await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1.0")
        await state.mark_processed("T1", "Ev1")
        await state.mark_processed("T1", "Ev1")
        assert await state.first_sighting("T1", "Ev1", thread_key=THREAD, event_ts="1.0") is False
        assert await state.earlier_unprocessed(THREAD, "2.0") is False

    # --- the inbox: requests acknowledged, processed once even when their process stops ---------------------

    async def test_a_request_left_by_a_stopped_process_is_taken_over_with_its_payload(
        self, state: SlackState, replica: SlackState, clock: ManualClock
    ) -> None:
        assert await state.first_sighting(
            "T1", "Ev1", thread_key=THREAD, event_ts="1.0", payload='{"a": 1}', owner="p1"
        )
        assert await replica.take_abandoned("p2", idle_seconds=10) == []  # its owner may still be working on it
        clock.advance(seconds=10)
        assert await replica.take_abandoned("p2", idle_seconds=10) == [Received("T1", "Ev1", '{"a": 1}', 2)]
        assert await state.take_abandoned("p3", idle_seconds=10) == []  # p2 holds it now
        assert await state.renew_receipts("p1", [("T1", "Ev1")]) == 0  # and p1, if alive after all, knows it lost it

    async def test_a_processed_request_or_one_without_payload_is_never_taken(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        await state.first_sighting("T1", "Ev1", payload="{}", owner="p1")
        await state.first_sighting("T1", "Ev2", owner="p1")  # a receipt only (from before the inbox)
        await state.mark_processed("T1", "Ev1")
        clock.advance(seconds=60)
        assert await state.take_abandoned("p2", idle_seconds=10) == []

    async def test_a_renewed_request_stays_with_its_owner(
        self, state: SlackState, replica: SlackState, clock: ManualClock
    ) -> None:
        await state.first_sighting("T1", "Ev1", payload="{}", owner="p1")
        await state.first_sighting("T1", "Ev2", payload="{}", owner="p1")
        clock.advance(seconds=8)
        assert await state.renew_receipts("p1", [("T1", "Ev1"), ("T9", "Ev1")]) == 1
        clock.advance(seconds=8)
        taken = await replica.take_abandoned("p2", idle_seconds=10)
        assert [r.event_id for r in taken] == ["Ev2"]
        assert await state.renew_receipts("p1", []) == 0

    async def test_a_request_is_given_up_after_its_attempts(self, state: SlackState, clock: ManualClock) -> None:
        await state.first_sighting("T1", "Ev1", payload="{}", owner="p1")
        tries = []
        for _ in range(MAX_ATTEMPTS + 2):
            clock.advance(seconds=10)
            tries += [r.attempts for r in await state.take_abandoned("p2", idle_seconds=10)]
        assert tries == list(range(2, MAX_ATTEMPTS + 1))

    async def test_abandoned_requests_come_oldest_first_up_to_the_limit(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        for n in range(5):
            await state.first_sighting("T1", f"Ev{n}", payload=str(n), owner="p1")
            clock.advance(seconds=1)
        clock.advance(seconds=10)
        first = await state.take_abandoned("p2", idle_seconds=10, limit=3)
        assert [r.payload for r in first] == ["0", "1", "2"]
        assert [r.payload for r in await state.take_abandoned("p2", idle_seconds=10)] == ["3", "4"]

    async def test_of_sweepers_taking_at_once_each_request_goes_to_one(
        self, state: SlackState, replica: SlackState, clock: ManualClock
    ) -> None:
        for n in range(20):
            await state.first_sighting("T1", f"Ev{n}", payload="{}", owner="p1")
        clock.advance(seconds=10)
        taken = await asyncio.gather(
            *(s.take_abandoned(f"p{i}", idle_seconds=10, limit=4) for i, s in enumerate([state, replica] * 4))
        )
        ids = [r.event_id for batch in taken for r in batch]
        assert sorted(ids) == sorted(f"Ev{n}" for n in range(20))

    async def test_a_claim_not_posted_is_taken_over_once_stale_by_one(
        self, state: SlackState, replica: SlackState, clock: ManualClock
    ) -> None:
        assert await state.first_sighting("", "posted:T1:Ev1:card", owner="h1")  # claimed, Slack not answered yet
        assert not await replica.take_stale("", "posted:T1:Ev1:card", "h2", idle_seconds=10)  # h1 may be posting
        clock.advance(seconds=8)
        assert await state.renew_receipts("h1", [("", "posted:T1:Ev1:card")]) == 1  # h1 alive, still posting
        clock.advance(seconds=8)
        assert not await replica.take_stale("", "posted:T1:Ev1:card", "h2", idle_seconds=10)
        clock.advance(seconds=10)  # h1 died
        taken = await asyncio.gather(
            *(s.take_stale("", "posted:T1:Ev1:card", "h2", idle_seconds=10) for s in [state, replica])
        )
        assert sorted(taken) == [False, True]
        assert await state.renew_receipts("h1", [("", "posted:T1:Ev1:card")]) == 0  # h1 lost it

    async def test_a_posted_claim_or_an_inbox_entry_is_never_taken_as_stale(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        await state.first_sighting("", "posted:T1:Ev1:card", owner="h1")
        await state.mark_processed("", "posted:T1:Ev1:card")  # Slack has it
        await state.first_sighting("T1", "Ev2", payload="{}", owner="p1")
        clock.advance(seconds=60)
        assert not await state.take_stale("", "posted:T1:Ev1:card", "h2", idle_seconds=10)
        assert not await state.take_stale("T1", "Ev2", "h2", idle_seconds=10)
        assert not await state.take_stale("", "posted:T1:Ev9:card", "h2", idle_seconds=10)

    # --- where plans live -------------------------------------------------------------------------------

    async def test_where_a_plan_lives_comes_back(self, state: SlackState) -> None:
        await state.remember("p1", CHANNEL)
        await state.remember("p2", replace(DM, message_ts="1712345680.000300"))
        assert await state.where("p1") == CHANNEL
        assert await state.where("p2") == Where("T1", "D1", "1712345678.000200", "U2", True, "1712345680.000300")
        assert await state.where("p3") is None

    async def test_remembering_again_changes_only_the_message(self, state: SlackState) -> None:
        await state.remember("p1", CHANNEL)
        await state.remember("p1", Where("T9", "C9", "9.9", "U9", is_dm=True, message_ts="1712345690.000001"))
        assert await state.where("p1") == replace(CHANNEL, message_ts="1712345690.000001")

    async def test_where_thread_finds_the_latest_plan_of_a_thread(self, state: SlackState, replica: SlackState) -> None:
        await state.remember("p1", CHANNEL)
        await state.remember("p2", DM)
        assert await replica.where_thread(THREAD) == CHANNEL
        assert await replica.where_thread("slack:T1:D1:1712345678.000200") == DM
        later = Where("T1", "C1", CHANNEL.thread_ts, "U3", is_dm=False, message_ts="1712345699.000001")
        await state.remember("p3", later)
        await state.remember("p1", CHANNEL)  # an update does not make an older plan the latest
        assert await replica.where_thread(THREAD) == later
        assert await replica.where_thread("slack:T1:C1:1.0") is None

    # --- decisions --------------------------------------------------------------------------------------

    async def test_decisions_accumulate_in_order(self, state: SlackState) -> None:
        await state.remember("p1", CHANNEL)
        assert await state.decisions("p1") == []
        assert await state.decide("p1", "Approved by <@U1>: Email Priya") == ["Approved by <@U1>: Email Priya"]
        assert await state.decide("p1", "Skipped by <@U2>: “Book” ☕") == [
            "Approved by <@U1>: Email Priya",
            "Skipped by <@U2>: “Book” ☕",
        ]
        assert await state.decisions("p1") == ["Approved by <@U1>: Email Priya", "Skipped by <@U2>: “Book” ☕"]

    async def test_a_decision_on_an_unknown_plan_is_shown_but_not_kept(self, state: SlackState) -> None:
        assert await state.decide("ghost", "Cancelled by <@U1>") == ["Cancelled by <@U1>"]
        assert await state.decisions("ghost") == []

    async def test_concurrent_decisions_from_replicas_are_all_kept(
        self, state: SlackState, replica: SlackState
    ) -> None:
        await state.remember("p1", CHANNEL)
        await asyncio.gather(*(s.decide("p1", f"line {i}") for i, s in enumerate([state, replica] * 6)))
        assert sorted(await state.decisions("p1")) == sorted(f"line {i}" for i in range(12))

    # --- recent results ---------------------------------------------------------------------------------

    async def test_recent_results_are_newest_first_per_user(self, state: SlackState, clock: ManualClock) -> None:
        for n in range(3):
            await state.add_recent("U1", f"title {n}", f"line {n}")
            clock.advance(seconds=1)
        await state.add_recent("U2", "other", "theirs")
        assert await state.recent("U1") == [("title 2", "line 2"), ("title 1", "line 1"), ("title 0", "line 0")]
        assert await state.recent("U1", limit=2) == [("title 2", "line 2"), ("title 1", "line 1")]
        assert await state.recent("U2") == [("other", "theirs")]
        assert await state.recent("U3") == []

    async def test_only_the_latest_results_are_kept(self, state: SlackState) -> None:
        for n in range(RECENT_KEPT + 5):
            await state.add_recent("U1", "t", f"line {n}")  # one clock instant: the order of adding decides
        await state.add_recent("U2", "t", "kept")
        kept = await state.recent("U1", limit=100)
        assert [line for _, line in kept] == [f"line {n}" for n in reversed(range(5, RECENT_KEPT + 5))]
        assert await state.recent("U2") == [("t", "kept")]

    async def test_concurrent_results_for_one_user_keep_exactly_the_limit(
        self, state: SlackState, replica: SlackState
    ) -> None:
        """Adds from two handles at once each prune the user's list: none may leave one over the limit (PostgreSQL
        once kept 21 of 20, each prune blind to the other's uncommitted row)."""
        await asyncio.gather(*((state, replica)[n % 2].add_recent("U1", "t", f"line {n}") for n in range(200)))
        assert len(await state.recent("U1", limit=1000)) == RECENT_KEPT

    # --- under load -------------------------------------------------------------------------------------

    @pytest.mark.parametrize("concurrency", [5, 50])
    async def test_mixed_operations_under_load_from_two_handles_all_succeed(
        self, state: SlackState, replica: SlackState, concurrency: int
    ) -> None:
        """2,000 operations of every kind, spread over two handles on the same data (two processes): none fails
        (SQLite once failed 1-5% of them at once with "database is locked")."""
        errors: Counter[str] = Counter()
        firsts: list[bool] = []
        gate = asyncio.Semaphore(concurrency)

        async def operation(n: int) -> None:
            handle, key, plan = (state, replica)[n % 2], f"slack:T1:C1:{n % 40}.0", f"p{n % 60}"
            async with gate:
                try:
                    match n % 8:
                        case 0:
                            firsts.append(
                                await handle.first_sighting("T1", f"Ev{n // 16}", thread_key=key, event_ts=f"{n}.0")
                            )
                        case 1:
                            await handle.mark_processed("T1", f"Ev{n // 16}")
                        case 2:
                            await handle.earlier_unprocessed(key, f"{n}.0")
                        case 3:
                            await handle.remember(plan, replace(CHANNEL, thread_ts=f"{n % 40}.0", message_ts=f"{n}.0"))
                        case 4:
                            await handle.decide(plan, f"line {n}")
                        case 5:
                            await handle.add_recent(f"U{n % 7}", "t", f"line {n}")
                        case 6:
                            await handle.recent(f"U{n % 7}")
                        case _:
                            await handle.where_thread(key)
                except Exception as error:  # counted: the assertion names them
                    errors[f"{type(error).__name__}: {error}"] += 1

        await asyncio.gather(*(operation(n) for n in range(2000)))
        assert errors == Counter()
        assert firsts.count(True) == 125  # 250 sightings of 125 events (each seen twice): each first exactly once
        assert [len(await state.recent(f"U{user}", limit=100)) for user in range(7)] == [RECENT_KEPT] * 7

    # --- retention and redaction ------------------------------------------------------------------------

    async def test_pruning_removes_receipts_plan_records_and_results_older_than_the_limit(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        await state.first_sighting("T1", "old", thread_key=THREAD, event_ts="1.0")
        await state.remember("p-old", CHANNEL)
        await state.add_recent("U1", "t", "old result")
        clock.advance(days=10)
        await state.first_sighting("T1", "new", thread_key=THREAD, event_ts="2.0")
        await state.remember("p-new", DM)
        await state.decide("p-new", "Approved by <@U2>")
        await state.add_recent("U1", "t", "new result")
        clock.advance(days=1)

        assert await state.prune(clock() - timedelta(days=5)) == 3

        assert await state.first_sighting("T1", "new") is False  # kept: still a retry
        assert await state.first_sighting("T1", "old") is True  # gone: its receipt was pruned
        assert await state.where("p-old") is None
        assert await state.where("p-new") == DM
        assert await state.decisions("p-new") == ["Approved by <@U2>"]
        assert await state.recent("U1") == [("t", "new result")]
        assert await state.prune(clock() - timedelta(days=5)) == 0

    async def test_a_plan_record_changed_recently_is_kept_however_old(
        self, state: SlackState, clock: ManualClock
    ) -> None:
        await state.remember("p1", CHANNEL)
        clock.advance(days=10)
        await state.decide("p1", "Approved by <@U1>")
        clock.advance(days=1)
        await state.prune(clock() - timedelta(days=5))
        assert await state.where("p1") == CHANNEL

    async def test_with_redaction_on_recent_results_keep_no_lines(
        self, state_factory: StateFactory, clock: ManualClock
    ) -> None:
        redacting = await state_factory(clock, redact=True)
        try:
            await redacting.add_recent(
                "U1", "Email Priya", "Sent to priya@example.com: the Q3 numbers", tool="send_email"
            )
            assert await redacting.recent("U1") == [("Send an email", REDACTED_LINE)]
        finally:
            await redacting.close()

    async def test_with_redaction_on_a_steps_title_is_kept_as_its_tools_name(
        self, state_factory: StateFactory, clock: ManualClock
    ) -> None:
        title = "Email Priya: the Q3 numbers"
        redacting = await state_factory(clock, redact=True)
        try:
            await redacting.add_recent("U1", title, "Sent", tool="send_email")
            assert await redacting.recent("U1") == [("Send an email", REDACTED_LINE)]
            await redacting.remember("p1", CHANNEL)
            assert await redacting.decide("p1", "Approved by <@U1>", title=title, tool="send_email") == [
                "Approved by <@U1>: Send an email"
            ]
            await redacting.decide("p1", "Cancelled by <@U1>")
            assert await redacting.decisions("p1") == ["Approved by <@U1>: Send an email", "Cancelled by <@U1>"]
        finally:
            await redacting.close()

    async def test_without_redaction_a_steps_title_is_kept_as_shown(self, state: SlackState) -> None:
        await state.add_recent("U1", "Email Priya: the Q3 numbers", "Sent", tool="send_email")
        assert await state.recent("U1") == [("Email Priya: the Q3 numbers", "Sent")]
        await state.remember("p1", CHANNEL)
        await state.decide("p1", "Approved by <@U1>", title="Email Priya: the Q3 numbers", tool="send_email")
        assert await state.decisions("p1") == ["Approved by <@U1>: Email Priya: the Q3 numbers"]

    # --- told once ---------------------------------------------------------------------------------------

    async def test_a_telling_is_taken_once_per_person_and_workspace(self, state: SlackState) -> None:
        assert await state.claim_telling("T1", "U1", "default_zone") is True
        assert await state.claim_telling("T1", "U1", "default_zone") is False
        assert await state.claim_telling("T2", "U1", "default_zone") is True  # the same id in another workspace
        assert await state.claim_telling("T1", "U2", "default_zone") is True
        assert await state.claim_telling("T1", "U1", "another_notice") is True

    async def test_a_telling_given_back_is_taken_again(self, state: SlackState) -> None:
        assert await state.claim_telling("T1", "U1", "default_zone") is True
        await state.untold("T1", "U1", "default_zone")
        assert await state.claim_telling("T1", "U1", "default_zone") is True

    async def test_concurrent_tellings_go_to_one_caller(self, state: SlackState) -> None:
        taken = await asyncio.gather(*(state.claim_telling("T1", "U1", "default_zone") for _ in range(20)))
        assert taken.count(True) == 1

    async def test_a_telling_outlives_pruning(self, state: SlackState, clock: ManualClock) -> None:
        await state.claim_telling("T1", "U1", "default_zone")
        clock.advance(days=400)
        await state.prune(clock() - timedelta(days=5))
        assert await state.claim_telling("T1", "U1", "default_zone") is False

    # --- close ------------------------------------------------------------------------------------------

    async def test_a_closed_state_refuses_work_and_closes_twice_quietly(
        self, state_factory: StateFactory, clock: ManualClock
    ) -> None:
        state = await state_factory(clock)
        await state.close()
        await state.close()
        with pytest.raises(StoreError):
            await state.first_sighting("T1", "Ev1")
        with pytest.raises(StoreError):
            await state.where("p1")
