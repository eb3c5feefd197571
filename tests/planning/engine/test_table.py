"""The table of what happens next: every row is reachable, and one case per row through the conversation."""

from pathlib import Path

from planning.engine import table
from planning.understanding.commands import (
    Answer,
    BookBeside,
    CannotHandle,
    Correct,
    Decide,
    EventChange,
    MailFollowUp,
    NewRequest,
    Pick,
    RecordChange,
    RequestAgain,
    Thanks,
    Undo,
)
from tests.planning.engine.conftest import JOHNS, approval, question, said

ROWS = {
    ("value", Decide("cancel")): "cancel",
    ("approval", Decide("cancel", target="email")): "cancel_named",
    ("offer", Pick(key="new")): "take_offer",
    ("offer", Pick(key="answer")): "keep_offer",
    ("offer", CannotHandle("neither “new” nor an answer")): "offer_again",
    ("approval", Correct("4pm")): "correct",
    ("none", Answer("hello")): "busy",
    ("value", Decide("skip", target="email")): "skip_named",
    ("clarify", Pick(index=1)): "clarify_pick",
    ("clarify", Decide("approve")): "clarify_yes",
    ("clarify", NewRequest("email Tom")): "clarify_new",
    ("approval", Decide("approve")): "approve",
    ("approval", Decide("skip")): "skip",
    ("approval", Pick(key="free_slot")): "card_choice",
    ("approval", Decide("remove", numbers=(2,))): "remove",
    ("approval", Decide("edit", field="title", value="X")): "edit",
    ("approval", EventChange("startTime", "friday")): "instead",
    ("approval", RequestAgain("Monday 9 March")): "other_occurrence",
    ("approval", NewRequest("book 20 min with tom tomorrow at 10")): "new_at_card",
    ("approval", CannotHandle("not an answer")): "approval_words",
    ("value", NewRequest("book a meeting")): "maybe_new",
    ("recover", NewRequest("move the due date to friday")): "maybe_new",
    ("pick", Pick(index=1)): "answer",
    ("value", Undo()): "undo_answer",
    ("ended", Undo()): "undo",
    ("ended", EventChange("startTime", "4pm")): "event_change",
    ("ended", RecordChange("amount", "52k")): "record_change",
    ("ended", MailFollowUp("forward", "Kim")): "forward",
    ("ended", MailFollowUp("send_again", "Kim")): "send_again",
    ("ended", MailFollowUp("correct", "friday", replaces="thursday")): "correct_sent",
    ("ended", MailFollowUp("same_change", "the invoice one from maria")): "same_mail_change",
    ("ended", RequestAgain("and on friday?")): "request_again",
    ("ended", BookBeside("after")): "book_beside",
    ("ended", Pick(index=1)): "book_free_time",
    ("ended", Thanks()): "welcome",
    ("ended", NewRequest("email Tom")): "not_follow_up",
}


def test_every_row_is_what_its_pair_finds():
    assert {row.handler for row in table.TABLE} == set(ROWS.values())
    for (kind, command), handler in ROWS.items():
        assert table.row_for(kind, command).handler == handler, (kind, command)


def test_the_readme_prints_the_table():
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    assert table.render() in readme


async def test_a_pick_by_description(harness):
    harness.connector.responses["fetch_entity"] = JOHNS
    await harness.say("email John about the renewal")
    replies = await harness.say("the one at globex")
    assert "Using John Park" in said(replies)


async def test_looks_good_send_approves(harness):
    replies = await harness.say("email Priya saying the deck is ready")
    approval(replies)
    replies = await harness.say("looks good, send")
    assert "Approved" in said(replies)


async def test_a_start_time_left_to_the_bot_books_the_first_free_slot(harness):
    slot = {"start": "2026-03-03T11:00:00-05:00", "end": "2026-03-03T11:30:00-05:00"}
    harness.connector.responses["find_free_slots"] = [slot]
    replies = await harness.say("schedule a sync with Priya tomorrow")
    assert "start time" in question(replies).text
    replies = await harness.say("whenever you find a gap")
    assert approval(replies).arguments["startTime"] == "2026-03-03T11:00:00-05:00"


# one case a row after a plan ended ("ended"), through the conversation; the rows whose case needs a calendar or free
# times read back are run in tests/bot/test_chat_booked_beside.py (book_beside) and test_chat_free_time_picks.py
# (book_free_time)


async def _sent(harness) -> None:
    """A plan that sent an email to Priya, approved and ended."""
    await harness.approve(await harness.say("email Priya saying the offsite moved to thursday"))


async def _booked(harness) -> None:
    """A plan that booked a meeting with Priya (the calendar gives back the event as made), approved and ended."""
    harness.connector.responses["create_calendar_event"] = lambda args: {"id": "e7", **args}
    await harness.approve(await harness.say("book 30 minutes with Priya on Wednesday at 10am"))


async def test_ended_undo_puts_back_what_the_plan_made(harness):
    await _booked(harness)
    assert approval(await harness.say("scrap that, undo it")).tool == "delete_calendar_event"


async def test_ended_event_change_changes_the_event_made(harness):
    await _booked(harness)
    ask = approval(await harness.say("push it to 11 instead"))
    assert (ask.tool, ask.arguments["startTime"]) == ("update_calendar_event", "2026-03-04T11:00:00-05:00")


async def test_ended_record_change_changes_the_record_made(harness):
    await harness.approve(await harness.say("add a contact: Rosa Quill, rosa@quill.example"))
    ask = approval(await harness.say("oh and her title is head of ops"))
    assert (ask.tool, ask.arguments["fields"]) == ("update_entity", {"title": "head of ops"})


async def test_ended_mail_forward_forwards_the_email_sent(harness):
    await _sent(harness)
    assert approval(await harness.say("forward it to John as well")).tool == "forward_email"


async def test_ended_mail_send_again_sends_the_same_email_to_others(harness):
    await _sent(harness)
    ask = approval(await harness.say("send the same thing to John too"))
    assert (ask.tool, ask.arguments["body"]) == ("send_email", "The offsite moved to thursday")


async def test_ended_mail_correct_sends_the_right_words(harness):
    await _sent(harness)
    ask = approval(await harness.say("oops, its friday not thursday"))
    assert ask.tool == "send_email" and "friday" in ask.arguments["body"]


async def test_ended_request_again_plans_the_request_at_the_other_time(harness):
    await harness.say("what's on my calendar on Tuesday?")
    await harness.say("and on Thursday?")
    [first, second] = harness.connector.called("fetch_calendar_events")
    assert (first["start"][:10], second["start"][:10]) == ("2026-03-03", "2026-03-05")


async def test_ended_thanks_is_welcomed(harness):
    await _booked(harness)
    assert said(await harness.say("thank you!")) == "Glad to help."


async def test_ended_words_that_follow_nothing_up_are_a_new_request(harness):
    await _booked(harness)
    replies = await harness.say("email Priya saying the agenda is attached")
    assert approval(replies).tool == "send_email"
