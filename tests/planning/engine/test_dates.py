"""Dates in the conversation: a date that does not exist is asked for, a start already past is confirmed.

The engine runs over a scripted connector and a real SQLite store; the clock is Monday 2 March 2026, 09:00
in New York.
"""

from planning.engine.replies import AskApproval
from tests.planning.engine.conftest import approval, question

PAST_QUESTION = "8:00 today has already passed. Book it anyway, or give another time?"


# --- dates that do not exist ---------------------------------------------------------------------------


async def test_a_request_for_an_impossible_date_asks_for_the_start_naming_the_date(harness):
    replies = await harness.say("book a meeting with Priya on February 30 at 3pm")
    ask = question(replies)
    assert ask.problem == "there is no 30 February"
    assert "start time" in ask.text
    assert not any(isinstance(r, AskApproval) for r in replies)
    replies = await harness.say("March 3 at 3pm")
    assert approval(replies).arguments["startTime"] == "2026-03-03T15:00:00-05:00"


async def test_an_impossible_date_as_an_answer_is_asked_again_as_a_failed_try(harness):
    replies = await harness.say("schedule a sync with Priya")
    assert question(replies).problem is None
    for attempt in range(3):
        replies = await harness.say("Feb 30th at 3pm")
        ask = question(replies)
        assert ask.problem == "there is no 30 February"
        assert ("cancel" in ask.text) == (attempt == 2)  # the third failed try offers to stop
    assert harness.connector.called("create_calendar_event") == []


# --- start times already past --------------------------------------------------------------------------


async def test_a_start_already_past_is_confirmed_before_the_approval_card(harness):
    replies = await harness.say("book a meeting today at 8am")
    assert question(replies).text == PAST_QUESTION
    assert not any(isinstance(r, AskApproval) for r in replies)
    replies = await harness.say("yes")
    ask = approval(replies)
    assert ask.arguments["startTime"] == "2026-03-02T08:00:00-05:00"  # kept as said, not moved
    await harness.approve(replies)
    [created] = harness.connector.called("create_calendar_event")
    assert created["startTime"] == "2026-03-02T08:00:00-05:00"


async def test_another_time_replaces_a_past_start(harness):
    replies = await harness.say("book a meeting with Priya yesterday at 3")
    assert question(replies).text == "15:00 yesterday has already passed. Book it anyway, or give another time?"
    replies = await harness.say("tomorrow at 10am")
    assert approval(replies).arguments["startTime"] == "2026-03-03T10:00:00-05:00"


async def test_no_then_a_time_replaces_a_past_start(harness):
    await harness.say("book a meeting today at 8am")
    replies = await harness.say("no")
    assert question(replies).text == "Which time should I use instead?"
    replies = await harness.say("11am")
    assert approval(replies).arguments["startTime"] == "2026-03-02T11:00:00-05:00"


async def test_an_answer_already_past_is_confirmed_too(harness):
    replies = await harness.say("schedule a sync with Priya")
    replies = await harness.say("Monday 2 March 8:00")
    assert question(replies).text == PAST_QUESTION
    replies = await harness.say("an hour from now")
    ask = approval(replies)
    assert ask.arguments["startTime"] == "2026-03-02T10:00:00-05:00"
    replies = await harness.say("actually make it today at 8am")  # a correction into the past: checked again
    assert question(replies).text == PAST_QUESTION


async def test_moving_an_event_into_the_past_is_confirmed(harness):
    harness.connector.responses["fetch_calendar_events"] = [
        {"id": "e1", "title": "1:1 with Priya", "startTime": "2026-03-04T10:00:00-05:00"}
    ]
    replies = await harness.say("move my 1:1 with Priya to today at 8am")
    assert question(replies).text == PAST_QUESTION
    replies = await harness.say("yes")
    assert approval(replies).arguments["startTime"] == "2026-03-02T08:00:00-05:00"


async def test_reads_over_the_past_are_not_confirmed_but_a_booking_is(harness):
    harness.connector.responses["fetch_calendar_events"] = []
    replies = await harness.say("what was on my calendar yesterday")
    assert not [r for r in replies if getattr(r, "kind", "") == "ask"]
    [read] = harness.connector.called("fetch_calendar_events")
    assert read["start"].startswith("2026-03-01T00:00:00")
    replies = await harness.say("book a meeting yesterday at 3pm")  # a new plan in the same thread
    assert question(replies).text == "15:00 yesterday has already passed. Book it anyway, or give another time?"
