"""Unsure → choices, not a guess: the likeliest readings are offered, numbered; the number picked plans the request
as that reading."""

from planning.engine.replies import ShowPlan
from tests.planning.engine.conftest import question


async def test_an_unsure_request_offers_numbered_readings_and_a_number_picks_one(harness):
    replies = await harness.say("anniversary dinner friday")
    asked = question(replies)
    assert len(asked.options) >= 2 and "number" in asked.text
    wanted = next(i for i, option in enumerate(asked.options, 1) if "put something on your calendar" in option)
    replies = await harness.say(str(wanted))
    [plan] = [r for r in replies if isinstance(r, ShowPlan)][-1:]
    assert plan.view.understood == "create/event"
    assert "you chose" in plan.view.explanation


async def test_words_instead_of_a_number_are_a_new_request(harness):
    await harness.say("anniversary dinner friday")
    replies = await harness.say("what's on my calendar tomorrow?")
    [plan] = [r for r in replies if isinstance(r, ShowPlan)][-1:]
    assert plan.view.understood == "find/event"
