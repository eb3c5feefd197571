"""A reply at an approval card read into several commands, all applied (issue 24): changes and the approval in one
message, people added or taken off by name, a change of mind, and a reply not understood that changes nothing."""

from typing import Any

import pytest

from tests.planning.engine.conftest import Harness, approval, said

PEOPLE = {
    "priya": {"id": "c1", "name": "Priya Shah", "email": "priya.shah@example.com", "company": "Acme"},
    "dana": {"id": "c4", "name": "Dana Whitfield", "email": "dana.whitfield@acme.com", "company": "Acme"},
    "omar": {"id": "c5", "name": "Omar Haddad", "email": "omar.haddad@example.com", "company": "Initech"},
}


def _directory(args: dict[str, Any]) -> list[dict[str, Any]]:
    name = str(args.get("filters", {}).get("name", "")).lower().split()[0]
    return [PEOPLE[name]] if name in PEOPLE else []


@pytest.fixture
def people(harness: Harness) -> Harness:
    harness.connector.responses["fetch_entity"] = _directory
    return harness


async def test_a_new_time_and_someone_pulled_in_change_the_card_and_wait(people):
    shown = approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    replies = await people.say("sorry, push it to 1:30 and bring Omar along")
    again = approval(replies)
    assert again.arguments["startTime"] == "2026-03-05T13:30:00-05:00"
    assert again.arguments["attendees"] == ["priya.shah@example.com", "omar.haddad@example.com"]
    assert again.args_hash != shown.args_hash
    assert sum(1 for r in replies if r.kind == "approval") == 1  # the card once, with both changes
    assert people.connector.called("create_calendar_event") == []
    await people.say("looks fine")
    made = people.connector.called("create_calendar_event")
    assert [m["startTime"] for m in made] == ["2026-03-05T13:30:00-05:00"]
    assert "omar.haddad@example.com" in made[0]["attendees"]


async def test_a_change_and_the_approval_in_one_reply_run_the_changed_step(people):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    await people.say("go with 45 minutes and book it")
    made = people.connector.called("create_calendar_event")
    assert len(made) == 1 and made[0]["durationMinutes"] == 45


async def test_someone_taken_off_the_card_by_name(people):
    approval(await people.say("set up a sync with Priya and Dana on Thursday at 10am"))
    again = approval(await people.say("actually drop dana from it"))
    assert again.arguments["attendees"] == ["priya.shah@example.com"]


@pytest.mark.parametrize("words", ["nah, hold off on that for now", "wait, don't book it", "scratch that"])
async def test_a_change_of_mind_at_the_card_does_nothing(people, words):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    replies = await people.say(words)
    assert people.connector.called("create_calendar_event") == []
    await people.say("yes")  # nothing is waiting any more: a "yes" afterwards books nothing
    assert people.connector.called("create_calendar_event") == []
    assert "ancel" in said(replies)


async def test_a_reply_not_understood_in_part_changes_nothing_and_says_so(people):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    for words in ("hmm could we maybe do the thing with the other room", "make it 11 and ask the whole floor along"):
        replies = await people.say(words)
        assert "nothing changed" in said(replies) and "What should I change?" in said(replies)
    assert people.connector.called("create_calendar_event") == []
    again = approval(await people.say("make it 11"))
    assert again.arguments["startTime"] == "2026-03-05T11:00:00-05:00"


async def test_a_failed_change_stops_the_approval_said_with_it(people):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    replies = await people.say("loop in zed too, then send it")
    assert people.connector.called("create_calendar_event") == []
    assert "nothing was approved" in said(replies)


async def test_a_day_corrected_in_the_text_of_a_message(people):
    shown = approval(await people.say("email Priya saying the figures will be ready on thursday"))
    assert "thursday" in shown.arguments["body"]
    again = approval(await people.say("make that friday actually"))
    assert "friday" in again.arguments["body"] and "thursday" not in again.arguments["body"]


async def test_the_text_of_a_message_named_and_replaced_then_sent(people):
    approval(await people.say("email Priya saying the figures are late"))
    await people.say("wait - change the wording to: the figures are in, see the shared folder and send it")
    sent = people.connector.called("send_email")
    assert len(sent) == 1 and sent[0]["body"].startswith("the figures are in")


async def test_a_change_of_mind_with_a_request_of_its_own_ends_the_plan_and_starts_the_request(people):
    approval(await people.say("email Priya saying the figures are late"))
    replies = await people.say("scratch that, email Omar saying the figures are late instead")
    assert people.connector.called("send_email") == []
    card = approval(replies)
    assert card.arguments["to"] == ["omar.haddad@example.com"]


async def test_a_change_of_mind_with_a_reason_sends_nothing(people):
    approval(await people.say("email Priya saying the figures are late"))
    await people.say("don't send it, she already knows")
    await people.say("ok")
    assert people.connector.called("send_email") == []


async def test_an_hour_in_another_zone_with_a_reason(people):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    again = approval(await people.say("actually make it 1 denver time, she is there that week"))
    assert again.arguments["startTime"] == "2026-03-05T15:00:00-05:00"


async def test_a_length_joined_to_what_came_before(people):
    approval(await people.say("set up a sync with Priya on Thursday at 10am"))
    again = approval(await people.say("and make it 50 minutes while you're at it"))
    assert again.arguments["durationMinutes"] == 50
