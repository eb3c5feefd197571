"""The engine on v2 plans (contract §2.6–2.8): one approval for every item, items removed first, conditions both
ways, a value extract could not find asked for, answers in words."""

from typing import Any

from planning.engine.replies import StepOutcome
from tests.fakes import sequence
from tests.planning.engine.conftest import approval, question, said

THURSDAY = [
    {"id": "e1", "title": "1:1 with Priya", "startTime": "2026-03-05T14:00:00-05:00", "attendees": []},
    {"id": "e2", "title": "Acme review", "startTime": "2026-03-05T16:00:00-05:00", "attendees": []},
    {"id": "e3", "title": "Launch prep", "startTime": "2026-03-05T17:00:00-05:00", "attendees": []},
]


def outcomes(replies: list[Any]) -> list[StepOutcome]:
    return [r for r in replies if isinstance(r, StepOutcome)]


async def test_one_approval_lists_every_item_and_removed_items_never_run(harness):
    harness.connector.responses["fetch_calendar_events"] = THURSDAY
    replies = await harness.say("delete all my meetings on Thursday")
    ask = approval(replies)
    assert [(item.index, item.arguments) for item in ask.items] == [
        (1, {"eventId": "e1"}),
        (2, {"eventId": "e2"}),
        (3, {"eventId": "e3"}),
    ]
    assert "1:1 with Priya" in ask.items[0].label
    replies = await harness.say("remove 2")
    ask = approval(replies)
    assert [item.index for item in ask.items] == [1, 3]
    replies = await harness.approve(replies)
    assert harness.connector.called("delete_calendar_event") == [{"eventId": "e1"}, {"eventId": "e3"}]
    assert "Finished" in said(replies)


async def test_removing_every_item_skips_the_step(harness):
    harness.connector.responses["fetch_calendar_events"] = THURSDAY[:1]
    await harness.say("decline all my meetings on Thursday")
    replies = await harness.say("r 1")
    assert harness.connector.called("respond_to_event") == []
    assert "Finished" in said(replies)


async def test_an_approval_for_items_is_bound_to_the_items_shown(harness):
    harness.connector.responses["fetch_calendar_events"] = THURSDAY
    shown = await harness.say("delete all my meetings on Thursday")
    await harness.say("remove 1")
    replies = await harness.approve(shown)  # a click on the card shown before the removal
    assert harness.connector.called("delete_calendar_event") == []
    assert [item.index for item in approval(replies).items] == [2, 3]


async def test_nothing_found_means_nothing_to_do(harness):
    harness.connector.responses["fetch_calendar_events"] = []
    replies = await harness.say("delete all my meetings on Sunday")
    assert "Nothing to do" in said(replies)
    assert harness.connector.called("delete_calendar_event") == []


async def test_a_failed_item_does_not_stop_the_others(harness):
    from integrations.base import PermanentError

    harness.connector.responses["fetch_calendar_events"] = THURSDAY[:2]
    harness.connector.responses["delete_calendar_event"] = sequence(PermanentError("gone", service="x"), {"id": "e2"})
    replies = await harness.approve(await harness.say("delete all my meetings on Thursday"))
    assert len(harness.connector.called("delete_calendar_event")) == 2
    [result] = [o for o in outcomes(replies) if o.tool == "delete_calendar_event"]
    assert result.data == [{"id": "e2"}]
    assert not result.ok and "gone" in (result.error or "")  # a failure after approval is said, with its reason
    assert "Finished with problems" in said(replies)


async def test_a_condition_that_holds_runs_the_step(harness):
    harness.connector.responses["fetch_calendar_events"] = []
    replies = await harness.say("if I'm free Thursday at 11am, set up a meeting with Priya")
    ask = approval(replies)
    assert ask.arguments["startTime"] == "2026-03-05T11:00:00-05:00"
    await harness.approve(replies)
    assert len(harness.connector.called("create_calendar_event")) == 1


async def test_a_condition_that_does_not_hold_skips_the_step_and_says_why(harness):
    harness.connector.responses["fetch_calendar_events"] = THURSDAY[:1]
    replies = await harness.say("if I'm free Thursday at 2pm, set up a meeting with Priya")
    assert "you have 1:1 with Priya at 14:00" in said(replies)
    assert harness.connector.called("create_calendar_event") == []
    assert not [r for r in replies if type(r).__name__ == "AskApproval"]


async def test_the_fallback_time_is_used_only_when_the_first_is_taken(harness):
    harness.connector.responses["fetch_calendar_events"] = sequence(THURSDAY[:1], [])
    replies = await harness.say("book a meeting with Priya on Thursday at 2pm, or at 3pm if 2 is taken")
    assert "Not doing" in said(replies)
    assert approval(replies).arguments["startTime"] == "2026-03-05T15:00:00-05:00"


async def test_a_value_extract_could_not_find_is_asked_for(harness):
    harness.connector.responses["fetch_emails"] = [{"id": "m1", "subject": "Partner summit", "body": "See you soon"}]
    harness.connector.responses["extract"] = {"startTime": None, "location": None}  # every field asked
    replies = await harness.say("put the partner summit from the emails on my calendar")
    ask = question(replies)
    assert "start time" in ask.text and ask.problem and "could not find" in ask.problem
    replies = await harness.say("Thursday 12 March at 10am")
    assert approval(replies).arguments["startTime"] == "2026-03-12T10:00:00-04:00"


async def test_a_value_extract_found_is_used_without_asking(harness):
    harness.connector.responses["fetch_emails"] = [{"id": "m1", "subject": "Partner summit", "body": "12 March 10:00"}]
    harness.connector.responses["extract"] = {"startTime": "2026-03-12T10:00:00-04:00", "location": None}
    replies = await harness.say("put the partner summit from the emails on my calendar")
    assert approval(replies).arguments["startTime"] == "2026-03-12T10:00:00-04:00"


async def test_a_read_that_finds_nothing_says_what_was_searched(harness):
    harness.connector.responses["fetch_calendar_events"] = []
    replies = await harness.say("what's on my calendar on Sunday?")
    [answer] = [o.answer for o in outcomes(replies)]
    assert answer == "No events on Sunday 8 March."


async def test_a_question_about_a_field_answers_with_the_field(harness):
    harness.connector.responses["fetch_entity"] = [{"id": "c9", "name": "Maria Garcia", "phone": "+1 212 555 0105"}]
    replies = await harness.say("what's Maria's phone number?")
    [answer] = [o.answer for o in outcomes(replies)]
    assert answer == "Maria Garcia's phone number is +1 212 555 0105."


async def test_am_i_free_is_answered_yes_or_no(harness):
    harness.connector.responses["find_free_slots"] = []
    replies = await harness.say("am I free Thursday at 2pm?")
    [answer] = [o.answer for o in outcomes(replies)]
    assert answer.startswith("No, you are not free at Thu 5 Mar, 14:00 EST")
