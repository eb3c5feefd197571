"""Booking or moving onto a busy time: the approval card names what is there (the requester's own events by name,
attendees by free/busy) in the requester's zone, and offers the next free slot, which changes the step and asks
again."""

from typing import Any

from planning.engine.replies import AskApproval, Reply, Say
from tests.fakes import ScriptedConnector
from tests.planning.engine.calendar_stand_in import StandInCalendar
from tests.planning.engine.conftest import PRIYA, Harness, approval

ACME_CALL = {
    "id": "ev-acme",
    "title": "Acme call",
    "startTime": "2026-03-03T11:00:00-05:00",
    "endTime": "2026-03-03T11:45:00-05:00",
    "attendees": ["laura.chen@acme.com"],
}
PIPELINE = {
    "id": "ev-pipe",
    "title": "Pipeline review",
    "startTime": "2026-03-05T14:00:00-05:00",
    "endTime": "2026-03-05T15:00:00-05:00",
    "attendees": [],
}


def on(harness: Harness, calendar: StandInCalendar) -> None:
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()


def lines(ask: AskApproval) -> list[str]:
    assert ask.checks is not None, "no checks on the card"
    return [line for notice in ask.checks.notices for line in [notice.title, *notice.lines]]


async def choose(harness: Harness, replies: list[Reply], choice: str) -> list[Reply]:
    ask = approval(replies)
    return await harness.engine.choose(
        session_id=ask.session_id, step_id=ask.step_id, choice=choice, user="alice", args_hash=ask.args_hash
    )


async def test_an_attendee_busy_then_is_named_and_the_next_free_slot_is_booked_instead(harness: Harness):
    calendar = StandInCalendar(
        others_busy={PRIYA["email"]: [("2026-03-05T14:00:00-05:00", "2026-03-05T15:00:00-05:00")]}
    )
    on(harness, calendar)
    ask = approval(await harness.say("set up a call with Priya on Thursday at 2pm"))
    assert lines(ask) == ["Not free at Thu 5 Mar, 14:00–14:30 EST", "Priya Shah is busy 14:00–15:00"]
    assert ask.checks is not None and [c.label for c in ask.checks.choices] == ["Book 15:00–15:30 instead"]
    assert harness.connector.called("create_calendar_event") == []

    replies = await choose(harness, [ask], "free_slot")
    again = approval(replies)
    assert again.arguments["startTime"] == "2026-03-05T15:00:00-05:00"
    assert again.checks is None or not again.checks.notices  # free for everyone now
    await harness.approve(replies)
    [created] = harness.connector.called("create_calendar_event")
    assert (created["startTime"], created["attendees"]) == ("2026-03-05T15:00:00-05:00", [PRIYA["email"]])


async def test_own_events_are_named_and_a_free_attendee_is_not(harness: Harness):
    on(harness, StandInCalendar(events=[PIPELINE]))
    ask = approval(await harness.say("set up a call with Priya on Thursday at 2pm"))
    assert lines(ask) == ["Not free at Thu 5 Mar, 14:00–14:30 EST", "You have “Pipeline review” 14:00–15:00"]
    assert ask.checks is not None and ask.checks.choices[0].label == "Book 15:00–15:30 instead"


async def test_the_choice_can_be_typed_at_the_approval(harness: Harness):
    on(harness, StandInCalendar(events=[PIPELINE]))
    await harness.say("set up a call with Priya on Thursday at 2pm")
    replies = await harness.say("book 15:00 instead")
    assert "Changed" in "\n".join(r.text for r in replies if isinstance(r, Say))
    assert approval(replies).arguments["startTime"] == "2026-03-05T15:00:00-05:00"


async def test_another_time_typed_at_the_approval_is_not_taken_for_the_offered_slot(harness: Harness):
    on(harness, StandInCalendar(events=[PIPELINE]))
    await harness.say("set up a call with Priya on Thursday at 2pm")
    replies = await harness.say("book 17:00 instead")
    # Read as a correction of the start (1904946, 4ea9c67): a new card at 17:00, nothing booked yet.
    assert approval(replies).arguments["startTime"] == "2026-03-05T17:00:00-05:00"
    assert harness.connector.called("create_calendar_event") == []
    await harness.approve(replies)
    [created] = harness.connector.called("create_calendar_event")
    assert created["startTime"] == "2026-03-05T17:00:00-05:00"


async def test_approving_a_busy_time_books_it_anyway(harness: Harness):
    on(harness, StandInCalendar(events=[PIPELINE]))
    await harness.approve(await harness.say("set up a call with Priya on Thursday at 2pm"))
    [created] = harness.connector.called("create_calendar_event")
    assert created["startTime"] == "2026-03-05T14:00:00-05:00"


async def test_a_moved_event_does_not_conflict_with_itself_or_its_own_attendees(harness: Harness):
    calendar = StandInCalendar(
        events=[ACME_CALL],
        others_busy={"laura.chen@acme.com": [(ACME_CALL["startTime"], ACME_CALL["endTime"])]},  # the call itself
    )
    on(harness, calendar)
    ask = approval(await harness.say("push the Acme call back 15 minutes"))
    assert ask.tool == "update_calendar_event"
    assert ask.checks is None or not ask.checks.notices


async def test_moving_onto_an_attendees_busy_time_offers_a_move_instead(harness: Harness):
    calendar = StandInCalendar(
        events=[ACME_CALL],
        others_busy={"laura.chen@acme.com": [("2026-03-03T13:00:00-05:00", "2026-03-03T14:00:00-05:00")]},
    )
    on(harness, calendar)
    ask = approval(await harness.say("push the Acme call back 2 hours"))
    assert lines(ask)[1:] == ["laura.chen@acme.com is busy 13:00–14:00"]
    assert ask.checks is not None and ask.checks.choices[0].label == "Move to 14:00–14:45 instead"
    await harness.approve(await choose(harness, [ask], "free_slot"))
    [moved] = harness.connector.called("update_calendar_event")
    assert moved["startTime"] == "2026-03-03T14:00:00-05:00" and "shiftMinutes" not in moved


async def test_a_calendar_that_cannot_answer_leaves_the_card_as_it_was(harness: Harness):
    def broken(_: dict[str, Any]) -> Any:
        from integrations.base import PermanentError

        raise PermanentError("free/busy is not offered here")

    harness.connector = ScriptedConnector(
        {"fetch_entity": [PRIYA], "fetch_calendar_events": [], "find_free_slots": broken}
    )
    harness.engine = harness.build()
    ask = approval(await harness.say("set up a call with Priya on Thursday at 2pm"))
    assert ask.checks is None
    await harness.approve([ask])
    assert len(harness.connector.called("create_calendar_event")) == 1
