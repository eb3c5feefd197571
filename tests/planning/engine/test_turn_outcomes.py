"""What a turn came to is a value (done, refused with its reason, asked, nothing to do), never read from prose."""

from datetime import UTC, datetime

from planning.engine import texts
from planning.engine.replies import AskApproval, Refused, Say
from planning.engine.settings import EngineSettings
from planning.engine.turns import Asked, Done, NothingToDo, Turn
from planning.types import OutOfScope
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.engine.conftest import THREAD

NOW = datetime(2026, 3, 2, 14, tzinfo=UTC)


async def test_a_request_that_waits_for_approval_is_asked(harness):
    turn = await harness.say("email Priya saying the deck is ready")
    assert isinstance(turn, Turn)
    assert isinstance(turn.outcome, Asked) and isinstance(turn.outcome.question, AskApproval)


async def test_an_approval_that_runs_is_done(harness):
    turn = await harness.approve(await harness.say("email Priya saying the deck is ready"))
    assert isinstance(turn.outcome, Done)


async def test_a_decision_by_someone_else_is_refused_as_not_theirs(harness):
    turn = await harness.approve(await harness.say("email Priya saying the deck is ready"), user="mallory")
    assert isinstance(turn.outcome, Refused) and turn.outcome.reason == "not_yours"
    assert turn.refusals == [turn.outcome]


async def test_a_second_click_on_a_step_already_decided_is_refused_as_moved_on(harness):
    asked = await harness.say("email Priya saying the deck is ready and book 30 minutes with her tomorrow at 3pm")
    await harness.approve(asked)
    again = await harness.approve(asked)
    # the card listed the booking, so its approval approved both and the plan is over ("over")
    assert isinstance(again.outcome, Refused) and again.outcome.reason in ("moved_on", "changed", "over")


async def test_a_file_alone_is_nothing_to_do(harness):
    turn = await harness.engine.message(thread_key=THREAD, user="alice", text="  ", tz="UTC")
    assert isinstance(turn.outcome, NothingToDo) and turn == []


async def test_someone_not_allowed_is_refused_with_that_reason(harness):
    harness.settings = EngineSettings(allowed_users=frozenset({"alice"}))
    harness.engine = harness.build()
    turn = await harness.say("email Priya saying hi", user="eve")
    assert isinstance(turn.outcome, Refused) and turn.outcome.reason == "not_allowed" and turn.outcome.private


async def test_an_action_planbot_does_not_take_is_refused_by_what_the_understanding_typed(harness):
    turn = await harness.say("delete every email from John")
    assert isinstance(turn.outcome, Refused) and turn.outcome.reason == "out_of_scope"
    assert "I can't delete emails" in turn.outcome.text and not turn.outcome.private


async def test_a_request_about_something_else_is_refused_as_out_of_scope(harness):
    turn = await harness.say("what's the weather like tomorrow")
    assert isinstance(turn.outcome, Refused) and turn.outcome.reason == "out_of_scope"
    assert turn.outcome.text == texts.CANT_DO


def test_the_understanding_types_why_a_request_is_none_of_ours():
    parser = GoalUnderstandingService(rules_only=True)
    [action] = parser.parse("delete all emails from John", NOW).goals
    assert action.outside == OutOfScope(said="delete", action="delete", things="emails")
    [weather] = parser.parse("what's the weather like tomorrow", NOW).goals
    assert weather.outside is not None and weather.outside.topic == "weather"
    [ours] = parser.parse("email Priya saying hi", NOW).goals
    assert ours.outside is None


def test_the_refusal_names_the_action_from_the_typed_value_not_the_explanation():
    refused = texts.cant_do(OutOfScope(said="unsend", action="delete", things="emails"))
    assert refused.startswith("I can't unsend emails")
    assert texts.cant_do(OutOfScope(said="weather", topic="weather")) == texts.CANT_DO


async def test_a_refusal_is_a_say_every_front_end_already_renders(harness):
    turn = await harness.approve(await harness.say("email Priya saying the deck is ready"), user="mallory")
    [refusal] = turn.refusals
    assert isinstance(refusal, Say) and refusal.tone == "refusal"
