"""Approval cards say what changes in words: the thing acted on and each field before → after, in the user's zone."""

from tests.planning.engine.conftest import approval

REVIEW = {
    "id": "e7",
    "title": "Globex pricing review",
    "startTime": "2026-03-04T15:00:00-05:00",
    "endTime": "2026-03-04T16:00:00-05:00",
    "attendees": ["john.park@globex.com", "john.smith@example.com"],
}
DEAL = {"id": "d3", "name": "Initech deal", "company": "Initech", "stage": "qualification", "amount": 125000}


async def test_an_event_change_names_the_event_its_time_and_everyone_on_it(harness):
    harness.connector.responses["fetch_calendar_events"] = [REVIEW]
    ask = approval(await harness.say("push the Globex pricing review back an hour"))
    assert ask.target is not None and ask.target.kind == "event" and ask.target.name == "Globex pricing review"
    assert ask.target.facts[0] == "Wed 4 Mar, 15:00–16:00 EST"
    assert "john.park@globex.com" in ask.target.facts[1] and "john.smith@example.com" in ask.target.facts[1]
    [change] = ask.target.changes
    assert (change.before, change.after) == ("Wed 4 Mar, 15:00–16:00 EST", "Wed 4 Mar, 16:00–17:00 EST")


async def test_a_record_change_shows_each_field_before_and_after_and_formats_amounts(harness):
    harness.connector.responses["fetch_entity"] = [DEAL]
    ask = approval(await harness.say("move the Initech deal to negotiation"))
    assert ask.target is not None and ask.target.name == "Initech deal"
    assert "amount $125,000" in ask.target.facts
    assert [(c.field, c.before, c.after) for c in ask.target.changes] == [("Stage", "Qualification", "Negotiation")]


async def test_a_new_thing_says_what_it_will_be(harness):
    ask = approval(await harness.say("schedule a sync with Priya tomorrow at 3pm"))
    assert ask.target is not None and ask.target.line() == "New event: “Sync with Priya”"
    assert [(c.field, c.after) for c in ask.target.changes][:2] == [
        ("When", "Tue 3 Mar, 15:00–15:30 EST"),
        ("Length", "30 min"),
    ]
