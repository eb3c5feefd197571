"""A reply read once, with the conversation's context, into typed commands (issue 24)."""

from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import (
    Answer,
    BookBeside,
    CannotHandle,
    Context,
    Correct,
    Decide,
    EventChange,
    NewRequest,
    Pick,
    RecordChange,
    Thanks,
    Undo,
    read_reply,
)

JOHNS = (
    {"name": "John Smith", "email": "john.smith@example.com", "title": "Sales Director", "company": "Acme"},
    {"name": "John Park", "email": "john.park@globex.com", "title": "Procurement Lead", "company": "Globex"},
)
PICK = Context(question="pick", open_plan=True, candidates=JOHNS, options=("John Smith", "John Park"))
APPROVAL = Context(question="approval", open_plan=True, correctable=("datetime", "duration"))
START = Context(question="value", name="startTime", value_kind="datetime", open_plan=True)
BODY = Context(question="value", name="body", value_kind="text", open_plan=True)
AFTER_BOOKING = Context(left=frozenset({"event", "changes"}))


def test_a_pick_by_what_the_person_is():
    assert read_reply("the one from globex", PICK) == (Pick(index=2),)
    assert read_reply("the sales director", PICK) == (Pick(index=1),)
    assert read_reply("john at acme", PICK) == (Pick(index=1),)


def test_a_pick_by_number_or_order():
    assert read_reply("2", PICK) == (Pick(index=2),)
    assert read_reply("the first one", PICK) == (Pick(index=1),)
    assert read_reply("#2", PICK) == (Pick(index=2),)


def test_a_description_that_fits_both_or_neither_picks_nothing():
    assert read_reply("john", PICK) == (Answer("john"),)
    assert read_reply("the one from initech", PICK) == (Answer("the one from initech"),)


def test_approvals_in_several_words():
    for text in ("yes", "looks good, send", "ok go ahead", "send", "Approve!"):
        assert read_reply(text, APPROVAL) == (Decide("approve"),), text


def test_cancel_and_skip_with_what_they_are_about():
    assert read_reply("cancel that", APPROVAL) == (Decide("cancel"),)
    assert read_reply("skip this step", APPROVAL) == (Decide("skip"),)
    assert read_reply("cancelled?", APPROVAL) == (CannotHandle("not an answer to the approval"),)


def test_a_correction_then_the_approval():
    assert read_reply("yes, and make it 4pm", APPROVAL) == (Correct("4pm"), Decide("approve"))


def test_corrections_name_their_field_or_fit_a_value():
    assert read_reply("change the text to: we're fine", APPROVAL) == (Correct("we're fine", field="body"),)
    assert read_reply("actually make it 2:30 instead", APPROVAL) == (Correct("2:30"),)
    assert read_reply("send it to Priya instead", APPROVAL) == (Correct("Priya", people=True),)


def test_removing_items_and_editing_at_the_approval():
    assert read_reply("remove 2 and 3", APPROVAL) == (Decide("remove", numbers=(2, 3)),)
    assert read_reply("e when=Friday 4pm", APPROVAL) == (Decide("edit", field="when", value="Friday 4pm"),)


def test_a_gap_to_a_start_time_question_is_a_search():
    assert read_reply("whenever you find a gap", START) == (Answer("whenever you find a gap", search=True),)


def test_an_email_text_of_two_sentences_or_a_question_is_the_answer():
    two = "Can you send the numbers? I want them for the QBR"
    assert read_reply(two, BODY) == (Answer(two),)
    assert read_reply("can you send the numbers before thursday?", BODY)[0].kind == "answer"
    assert read_reply("book a meeting with Tom tomorrow at 3pm", BODY)[0].kind == "new_request"


def test_a_command_where_a_value_is_asked_is_not_the_value():
    [command] = read_reply("approve", START)
    assert isinstance(command, CannotHandle) and command.command == "approve"


def test_follow_ups_in_other_words():
    assert read_reply("go back to how it was", AFTER_BOOKING) == (Undo(),)
    assert read_reply("hmm make it an hour instead", AFTER_BOOKING) == (EventChange("durationMinutes", "an hour"),)
    assert read_reply("move it to 4pm", AFTER_BOOKING) == (EventChange("startTime", "4pm"),)
    assert read_reply("also invite Priya", AFTER_BOOKING) == (EventChange("addAttendees", "Priya"),)
    assert read_reply("thanks!", AFTER_BOOKING) == (Thanks(),)
    assert read_reply("what's on my calendar", AFTER_BOOKING) == (NewRequest("what's on my calendar"),)


def test_a_person_pointed_at_after_a_verb_of_taking_off_leaves_the_event_not_the_event_deleted():
    # "her", "him", "them": the people of the last change; after hesitation, before a reason, with a tail or not
    assert read_reply("oops drop him, he's on leave", AFTER_BOOKING) == (EventChange("removeAttendees", "him"),)
    assert read_reply("hmm take them off please", AFTER_BOOKING) == (EventChange("removeAttendees", "them"),)
    assert read_reply("no wait remove her from the invite - my mistake", AFTER_BOOKING) == (
        EventChange("removeAttendees", "her"),
    )
    said = "remove her number from the contact"  # more than the people of the event: a request of its own
    assert read_reply(said, AFTER_BOOKING) == (NewRequest(said),)


def test_people_named_with_any_adding_word_after_a_booking_join_that_event():
    # a verb of adding, then only people and words around them: whatever the verb, after words of hesitation
    assert read_reply("oh, include dana", AFTER_BOOKING) == (EventChange("addAttendees", "dana"),)
    assert read_reply("hmm throw kevin and sarah on it", AFTER_BOOKING) == (
        EventChange("addAttendees", "kevin, sarah"),
    )
    assert read_reply("ah loop jenn in as well pls", AFTER_BOOKING) == (EventChange("addAttendees", "jenn"),)
    assert read_reply("oh and kick sam off it", AFTER_BOOKING) == (EventChange("removeAttendees", "sam"),)
    # in one clause, the others asking for nothing (a reaction, a reason)
    assert read_reply("ok cool, include omar - he owns the budget", AFTER_BOOKING) == (
        EventChange("addAttendees", "omar"),
    )
    said = "book lunch with omar friday, include dana"  # another clause is a request: the whole is one
    assert read_reply(said, AFTER_BOOKING) == (NewRequest(said),)
    # other words than people after the verb: a request of its own
    for said in ("include the agenda", "add kevin as a contact", "add a note for dana"):
        assert read_reply(said, AFTER_BOOKING) == (NewRequest(said),)


def test_a_booking_said_by_its_side_of_what_was_shown_is_placed_there():
    # a side pointing back, and something to book (a length or a person), no time of its own
    assert read_reply("ok fine, right after that then - an hour with kim", Context()) == (BookBeside("after"),)
    assert read_reply("20 min with leo just before it", AFTER_BOOKING) == (BookBeside("before"),)
    assert read_reply("cool, 45 min with leo then", Context()) == (BookBeside("at"),)
    for said in ("right after it then?", "then book 45 min with leo on friday at 2", "the slot right after my standup"):
        assert read_reply(said, Context()) != (BookBeside("after"),)
        assert read_reply(said, Context()) != (BookBeside("at"),)


def test_other_values_of_the_event_said_where_its_start_is_asked_change_it_and_the_start_stays_asked():
    event = "create_calendar_event"
    start = Context(question="value", name="startTime", value_kind="datetime", open_plan=True, doing=event)
    assert read_reply("give it 50, big agenda. and use the boardroom as the place", start) == (
        Correct("50 minutes", field="durationMinutes"),
        Correct("the boardroom", field="location"),
    )
    assert read_reply("an hour and a half - and pull omar in", start) == (
        Correct("an hour and a half", field="durationMinutes"),
        Correct("omar", people=True, adding=True),
    )
    assert read_reply("ninety minutes please, then friday at 4", start) == (
        Correct("ninety minutes", field="durationMinutes"),
        Answer("friday at 4"),
    )
    said = "not sure yet, ask me later"  # nothing of the plan: read as before (the answer, refused by its reader)
    assert read_reply(said, start) == (Answer(said),)


def test_people_named_with_only_a_word_that_adds_them_join_the_event_just_made():
    assert read_reply("and omar too", AFTER_BOOKING) == (EventChange("addAttendees", "omar"),)
    said = "oh, and kevin and sarah as well pls - they run the budget"
    assert read_reply(said, AFTER_BOOKING) == (EventChange("addAttendees", "kevin, sarah"),)
    for said in ("thanks, you too", "and the agenda as well", "book lunch with omar too"):
        assert read_reply(said, AFTER_BOOKING) == (NewRequest(said),)


def test_an_undo_after_hesitation_and_before_a_reason_is_an_undo():
    assert read_reply("hold on, no, roll it back - the client changed their mind", AFTER_BOOKING) == (Undo(),)
    assert read_reply("oops. revert that please", AFTER_BOOKING) == (Undo(),)
    assert read_reply("ah, undo it. wrong record", AFTER_BOOKING) == (Undo(),)
    # the undo words must be a clause of their own: not negated, not the start of another request
    assert read_reply("don't undo that", AFTER_BOOKING) == (NewRequest("don't undo that"),)
    assert read_reply("undo the meeting with john", AFTER_BOOKING) == (NewRequest("undo the meeting with john"),)


def test_a_value_then_the_one_it_replaces_is_a_correction_of_that_value():
    amounts = Context(question="approval", open_plan=True, correctable=("number",))
    assert read_reply("oops, 61.5k not 65", amounts) == (Correct("61.5k", replaces="65"),)
    assert read_reply("80k, not 85k", amounts) == (Correct("80k", replaces="85k"),)
    body = Context(question="value", name="body", value_kind="text", open_plan=True, correctable=("datetime",))
    said = "the launch moves to friday not thursday"  # a text asked for: the words are the text
    assert read_reply(said, body) == (Answer(said),)


AFTER_RECORD = Context(left=frozenset({"record", "changes"}))


def test_a_field_of_the_record_just_made_is_a_change_of_it():
    assert read_reply("set the amount to 61.5k", AFTER_RECORD) == (RecordChange("amount", "61.5k"),)
    assert read_reply("sorry, make it due next tuesday", AFTER_RECORD) == (RecordChange("dueDate", "next tuesday"),)
    assert read_reply("also her job title is head of finance", AFTER_RECORD) == (
        RecordChange("title", "head of finance"),
    )
    assert read_reply("move it to the 9th", AFTER_RECORD) == (RecordChange("date", "the 9th"),)


def test_a_day_for_the_record_just_made_leaves_the_reason_after_it_out():
    said = "actually make it wed, dana asked for more time"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("date", "wed"),)


def test_a_field_of_another_record_or_no_field_is_no_change_of_the_record_just_made():
    said = "set the amount of the hooli deal to 10k"
    assert read_reply(said, AFTER_RECORD) == (NewRequest(said),)
    assert read_reply("status update for the team", AFTER_RECORD) == (NewRequest("status update for the team"),)
    assert read_reply("set the amount to 10k", AFTER_BOOKING) == (NewRequest("set the amount to 10k"),)


def test_no_follow_up_after_a_plan_that_changed_nothing():
    assert read_reply("undo that", Context()) == (NewRequest("undo that"),)


def test_a_yes_with_the_words_of_the_step_shown_approves_it_and_with_another_action_does_not():
    accepting = Context(question="approval", open_plan=True, doing="accepted")
    assert read_reply("sure, accept it", accepting) == (Decide("approve"),)
    assert read_reply("ok - move it", Context(question="approval", open_plan=True, doing="update_calendar_event")) == (
        Decide("approve"),
    )
    assert read_reply("yes, decline", accepting) != (Decide("approve"),)


def test_a_yes_with_a_polite_word_approves_and_a_polite_word_alone_does_not():
    assert read_reply("yep pls", APPROVAL) == (Decide("approve"),)
    assert read_reply("please", APPROVAL) != (Decide("approve"),)


def test_a_correction_with_a_reason_after_it_is_the_words_before_the_reason():
    assert read_reply("no, make it 3 denver time, dana is there that week", APPROVAL) == (Correct("3 denver time"),)


def test_a_request_after_a_joining_word_is_no_correction_of_the_value_asked() -> None:
    asked = Context(
        question="value", name="startTime", value_kind="datetime", open_plan=True, correctable=("datetime",)
    )
    [read] = read_reply("and also book a room for the offsite on monday at 10", asked)
    assert not isinstance(read, Correct)
    assert read_reply("actually 4:30 tmrw", asked) != read_reply("and book a room for tmrw at 4:30", asked)


def test_an_undo_or_an_instruction_after_hesitation_is_never_the_text_asked_for() -> None:
    subject = Context(question="value", name="subject", value_kind="text", open_plan=True)
    for said in ("argh, undo that - wrong person", "hmm wait, undo it", "oh, actually send it to dana"):
        assert not isinstance(read_reply(said, subject)[0], Answer), said
    assert read_reply("Renewal numbers", subject) == (Answer("Renewal numbers"),)


TEXT_ASKED = Context(
    question="value", name="subject", value_kind="text", open_plan=True, correctable=("text",), people=("omar", "kim")
)


def test_an_action_turned_down_where_a_text_is_asked_cancels_and_hesitation_alone_is_the_text():
    assert read_reply("ah no, don't email her, i'll ring instead", TEXT_ASKED) == (Decide("cancel"),)
    assert read_reply("nope", TEXT_ASKED) == (Answer("nope"),)
    assert read_reply("don't forget the receipts", TEXT_ASKED) == (Answer("don't forget the receipts"),)


def test_the_plans_own_people_changed_where_a_text_is_asked():
    assert read_reply("hmm, leave kim out", TEXT_ASKED) == (Correct("kim", people=True, removing=True),)
    assert read_reply("not omar - use rita", TEXT_ASKED) == (Correct("rita", people=True, replaces="omar"),)
    assert read_reply("rita not omar", TEXT_ASKED) == (Correct("rita", people=True, replaces="omar"),)
    assert read_reply("oh, that was meant for rita", TEXT_ASKED) == (Correct("rita", people=True),)
    # no one of the plan named: the words are the text
    assert read_reply("drop the second slide", TEXT_ASKED) == (Answer("drop the second slide"),)


def test_a_value_said_in_the_place_of_another_is_a_correction_of_the_text():
    assert read_reply("put 12 not 10", TEXT_ASKED) == (Correct("12", replaces="10"),)
    assert read_reply("hmm, make it tuesday", TEXT_ASKED) == (Correct("tuesday"),)


def test_a_clause_that_only_says_what_a_value_replaces_is_that_values_replaces():
    card = replace(APPROVAL, doing="create_calendar_event", now=datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("Europe/Oslo")))
    read = read_reply("start next week please, not today", card)
    assert len(read) == 1 and isinstance(read[0], Correct)
    assert read[0].field == "startTime" and read[0].replaces == "today"
