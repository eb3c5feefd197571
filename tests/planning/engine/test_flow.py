"""The conversation engine over a scripted connector and a real SQLite store."""

import asyncio

from planning.engine.replies import AskApproval, ShowPlan, StepOutcome
from tests.planning.engine.conftest import JOHNS, approval, question, said


async def test_write_step_waits_for_approval_and_runs_after_it(harness):
    replies = await harness.say("Email Priya the Q3 deck")
    assert question(replies).text == "What text of the email should I use for “Email Priya: Q3 deck”?"
    assert harness.connector.called("send_email") == []
    replies = await harness.say("Here is the deck, see you Thursday.")
    ask = approval(replies)
    assert ask.arguments == {
        "to": ["priya.shah@example.com"],
        "subject": "Q3 deck",
        "body": "Here is the deck, see you Thursday.",
    }
    assert harness.connector.called("send_email") == []
    replies = await harness.approve(replies)
    assert harness.connector.called("send_email") == [ask.arguments]
    assert "Finished" in said(replies)


async def test_double_approval_runs_the_step_once(harness):
    replies = await harness.say("email priya saying the deck is ready")
    first = await harness.approve(replies)
    second = await harness.approve(replies)
    assert len(harness.connector.called("send_email")) == 1
    assert "already" in said(second) or "moved on" in said(second)
    assert "Finished" in said(first)


async def test_skipped_step_never_runs(harness):
    replies = await harness.say("email priya saying the deck is ready")
    replies = await harness.approve(replies, decision="skip")
    assert harness.connector.called("send_email") == []
    assert "Skipped" in said(replies)


async def test_invalid_answers_are_reasked_then_cancel_is_offered(harness):
    replies = await harness.say("schedule a sync with Priya")
    assert "start time" in question(replies).text
    for _attempt in range(3):
        replies = await harness.say("whenever")
        ask = question(replies)
        assert ask.problem and "could not read a date" in ask.problem
    assert "cancel" in ask.text
    replies = await harness.say("cancel")
    assert "Cancelled" in said(replies)
    assert harness.connector.called("create_calendar_event") == []


async def test_correction_changes_an_earlier_answer_and_needs_approval_again(harness):
    replies = await harness.say("schedule a sync with Priya")
    replies = await harness.say("tomorrow at 3pm")
    assert approval(replies).arguments["startTime"] == "2026-03-03T15:00:00-05:00"
    replies = await harness.say("actually make it 4pm")
    ask = approval(replies)
    assert ask.arguments["startTime"] == "2026-03-03T16:00:00-05:00"
    await harness.approve(replies)
    [created] = harness.connector.called("create_calendar_event")
    assert created["startTime"] == "2026-03-03T16:00:00-05:00"


async def test_edit_needs_approval_again_and_old_approval_is_refused(harness):
    replies = await harness.say("email priya saying the deck is ready")
    old = approval(replies)
    edited = await harness.engine.edit(
        session_id=old.session_id, step_id=old.step_id, user="alice", arguments={**old.arguments, "subject": "Deck"}
    )
    new = approval(edited)
    assert new.args_hash != old.args_hash
    stale = await harness.approve(replies)
    assert harness.connector.called("send_email") == []
    assert "changed since you saw it" in said(stale)
    await harness.approve(edited)
    assert harness.connector.called("send_email")[0]["subject"] == "Deck"


async def test_invalid_edit_changes_nothing(harness):
    replies = await harness.say("email priya saying the deck is ready")
    old = approval(replies)
    result = await harness.engine.edit(
        session_id=old.session_id,
        step_id=old.step_id,
        user="alice",
        arguments={**old.arguments, "to": ["not an address"]},
    )
    assert "not valid" in said(result)
    await harness.approve(replies)
    assert harness.connector.called("send_email")[0]["to"] == ["priya.shah@example.com"]


async def test_expired_approval_cannot_be_used(harness):
    replies = await harness.say("email priya saying the deck is ready")
    harness.clock.advance(hours=2)
    late = await harness.approve(replies)
    assert harness.connector.called("send_email") == []
    assert "expired" in said(late)
    await harness.approve(late)  # the re-issued request works
    assert len(harness.connector.called("send_email")) == 1


async def test_only_the_requester_may_approve(harness):
    replies = await harness.say("email priya saying the deck is ready")
    refused = await harness.approve(replies, user="mallory")
    assert harness.connector.called("send_email") == []
    assert any(getattr(r, "private", False) for r in refused)


async def test_several_candidates_are_picked_before_use(harness):
    harness.connector.responses["fetch_entity"] = JOHNS
    replies = await harness.say("email John saying hello")
    ask = question(replies)
    assert ask.options[:2] == ["John Smith · john.smith@example.com", "John Park · john.park@globex.com"]
    replies = await harness.say("2")
    assert approval(replies).arguments["to"] == ["john.park@globex.com"]


async def test_lookup_that_finds_nothing_tries_broader_then_asks(harness):
    harness.connector.responses["fetch_entity"] = []
    replies = await harness.say("email Zed Quux saying hello")
    lookups = harness.connector.called("fetch_entity")
    assert [c["filters"] for c in lookups] == [{"name": "Zed Quux"}, {"name": "Zed Quux"}, {"name": "Zed"}]
    assert "could not find" in question(replies).text
    replies = await harness.say("zed@example.com")
    assert approval(replies).arguments["to"] == ["zed@example.com"]


async def test_reads_run_at_once_and_results_are_private(harness):
    harness.connector.responses["fetch_emails"] = [{"id": "m1", "from": "john.smith@example.com", "subject": "Hi"}]
    replies = await harness.say("show me emails from John")
    [outcome] = [r for r in replies if isinstance(r, StepOutcome)]
    assert outcome.private and outcome.data[0]["id"] == "m1"
    assert not [r for r in replies if isinstance(r, AskApproval)]
    assert isinstance(replies[-1], ShowPlan) and replies[-1].view.state == "done"


async def test_independent_reads_run_concurrently(harness):
    arrived: list[str] = []
    both = asyncio.Event()

    async def lookup(args):
        arrived.append(args["filters"]["name"])
        if len(arrived) == 2:
            both.set()
        await asyncio.wait_for(both.wait(), timeout=5)  # a runner that waits for one before the other times out
        return [{"id": args["filters"]["name"], "name": args["filters"]["name"], "email": "x@example.com"}]

    harness.connector.responses["fetch_entity"] = lookup
    replies = await harness.say("find time with Sarah and Tom next week")
    assert sorted(arrived) == ["Sarah", "Tom"]
    assert [tool for tool, _ in harness.connector.calls] == ["fetch_entity", "fetch_entity", "find_free_slots"]
    assert not [r for r in replies if isinstance(r, AskApproval)]


async def test_a_recipient_named_by_person_is_looked_up(harness):
    replies = await harness.say("send an email about the launch")
    assert "recipient" in question(replies).text
    replies = await harness.say("Priya")
    replies = await harness.say("We launch on Monday.")
    assert approval(replies).arguments["to"] == ["priya.shah@example.com"]
    assert harness.connector.called("fetch_entity") == [{"entityType": "Contact", "filters": {"name": "Priya"}}]


async def test_an_update_that_names_no_change_asks_for_the_new_time(harness):
    harness.connector.responses["fetch_calendar_events"] = [{"id": "e1", "title": "Planning", "attendees": []}]
    replies = await harness.say("update the planning meeting")
    assert "start time" in question(replies).text and not question(replies).can_skip
    replies = await harness.say("Friday at 3pm")
    assert approval(replies).arguments == {"eventId": "e1", "startTime": "2026-03-06T15:00:00-05:00"}


async def test_reads_can_be_configured_to_need_approval(harness):
    from planning.engine.settings import EngineSettings

    harness.settings = EngineSettings(approve_reads=True)
    harness.engine = harness.build()
    harness.connector.responses["fetch_emails"] = []
    replies = await harness.say("check my inbox")
    assert approval(replies).tool == "fetch_emails"
    assert harness.connector.calls == []


async def test_recovery_attempts_are_recorded_in_the_plan(harness):
    harness.connector.responses["fetch_entity"] = []
    replies = await harness.say("email Zed Quux saying hello")
    [record] = await harness.store.list_open()
    assert [r["strategy"] for r in record.data["recoveries"]] == ["as a lead; first name only"]
    assert "could not find" in question(replies).text


async def test_an_untouched_plan_expires(harness):
    await harness.say("Email Priya the Q3 deck")
    harness.clock.advance(hours=25)
    replies = await harness.say("here is the text")
    assert "expired" in said(replies)
    assert harness.connector.called("send_email") == []
    assert await harness.store.list_open() == []


async def test_someone_else_in_the_thread_cannot_answer_for_the_requester(harness):
    await harness.say("Email Priya the Q3 deck")
    replies = await harness.say("sabotage", user="mallory")
    assert "Only the person who asked" in said(replies)


class RecordingMemory:
    def __init__(self) -> None:
        self.remembered: list[tuple[str, list[str], str, str]] = []

    def remember(self, text, parse, plan, *, scope, requester=""):
        self.remembered.append((text, [s.tool for s in plan.steps], scope, requester))


async def test_an_approved_plan_that_ran_is_remembered_once(harness):
    from planning.engine.conversation import Conversation

    memory = RecordingMemory()
    harness.engine = Conversation(store=harness.store, runner=harness.runner(), clock=harness.clock, memory=memory)
    replies = await harness.say("email priya saying the deck is ready")
    await harness.approve(replies)
    assert memory.remembered == [
        ("email priya saying the deck is ready", ["fetch_entity", "send_email"], "default", "alice")
    ]
    await harness.say("check my inbox")  # reads only: nothing approved, nothing remembered
    assert len(memory.remembered) == 1
