"""Calendar replies in people's own words, by mechanism: an answer said with words that only accept it, a start
time said together with a length."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.engine.replies import AskApproval
from planning.understanding.commands import (
    Answer,
    Context,
    Correct,
    Decide,
    EventChange,
    NewRequest,
    Pick,
    RequestAgain,
    Undo,
    read_reply,
    restated,
)
from tests.planning.engine.conftest import approval, question, said

START = Context(question="value", name="startTime", value_kind="datetime", open_plan=True, correctable=("duration",))


def test_an_answer_is_the_value_without_the_words_that_accept_it():
    for typed, value in (
        ("2:30 sounds good", "2:30"),
        ("ok, let's say 4pm then", "4pm"),
        ("friday at 9 would be great", "friday at 9"),
        ("how about 16:15?", "16:15"),
    ):
        [answer] = read_reply(typed, START)
        assert answer == Answer(value), typed
    length = Context(question="value", name="durationMinutes", value_kind="duration", open_plan=True)
    assert read_reply("45 minutes should do", length) == (Answer("45 minutes"),)


def test_a_length_said_with_a_start_time_is_a_second_value_of_the_step():
    for typed, value, length in (
        ("2pm, and make it 90 minutes", "2pm", "90 minutes"),
        ("9:15 for 45 minutes", "9:15", "45 minutes"),
        ("thursday at 4, two hours long", "thursday at 4", "two hours"),
    ):
        [answer] = read_reply(typed, START)
        assert isinstance(answer, Answer), typed
        assert (answer.text, answer.also) == (value, (("durationMinutes", length),)), typed


async def test_a_bare_hour_said_with_assent_answers_the_start_time(harness):
    assert "start time" in question(await harness.say("set up a design sync with Priya on Friday")).text
    card = approval(await harness.say("4 works for me"))
    assert card.arguments["startTime"] == "2026-03-06T16:00:00-05:00"


async def test_a_start_time_given_with_a_length_books_that_length(harness):
    assert "start time" in question(await harness.say("set up a design sync with Priya on Friday")).text
    card = approval(await harness.say("1:30pm, and let it be 45 minutes"))
    assert card.arguments["startTime"] == "2026-03-06T13:30:00-05:00"
    assert card.arguments["durationMinutes"] == 45


AFTER_EVENT = Context(left=frozenset({"event", "changes"}))


def test_people_invited_with_a_reason_are_the_ones_before_the_reason():
    for typed, who in (
        ("add Sam to it, he owns the budget", "Sam"),
        ("also invite Lee since she asked to join", "Lee"),
        ("invite Dana as well, she runs the numbers", "Dana"),
        ("also invite Tom, Sarah and Priya", "Tom, Sarah and Priya"),  # commas between names are no reason
    ):
        assert read_reply(typed, AFTER_EVENT) == (EventChange("addAttendees", who),), typed


def test_a_number_alone_after_a_search_for_free_time_is_an_hour_of_the_day_searched():
    monday = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))
    again = restated("when is Sam free on friday?", monday, "what about 3?", monday, writes=False, hours=True)
    assert again == "when is Sam free on Friday 6 March at 15:00?"


def test_a_time_asked_again_after_a_word_of_hesitation_in_a_sentence_of_its_own_is_still_asked_again():
    monday = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))
    for typed in ("hmm. what about 4?", "ugh, and 4?", "ah ok - 4 then?"):
        again = restated("is Lee free on thursday at 10?", monday, typed, monday, writes=False, hours=True)
        assert again == "is Lee free on Thursday 5 March at 16:00?", typed


APPROVAL = Context(question="approval", open_plan=True)


def test_words_that_add_a_note_at_a_card_are_an_edit_that_adds_to_the_message():
    for typed, note in (
        ("please include a comment saying see page 2", "see page 2"),
        ("add a note - back in the office on Monday", "back in the office on Monday"),
        ("with a message: thanks for the quick turnaround", "thanks for the quick turnaround"),
    ):
        assert read_reply(typed, APPROVAL) == (Decide("edit", field="note", value=note, adding=True),), typed
    assert read_reply("add a note", APPROVAL) != (Decide("edit", field="note", value="", adding=True),)


async def test_a_line_added_at_an_emails_card_follows_its_text(harness):
    approval(await harness.say("email Priya saying the venue changed"))
    card = approval(await harness.say("add a line: parking is on level 2"))
    body = card.arguments["body"]
    assert body.lower().startswith("the venue changed") and body.lower().endswith("parking is on level 2")


def test_a_skip_that_names_a_kind_of_thing_says_which():
    asked = Context(question="value", name="startTime", value_kind="datetime", open_plan=True)
    for typed, target in (
        ("skip the meeting, we'll talk by phone", "event"),
        ("skip that email", "email"),
        ("skip the task", "task"),
        ("skip it", None),
    ):
        assert read_reply(typed, asked) == (Decide("skip", target=target),), typed


SLOTS = (
    {"start": "2026-03-04T15:00:00-05:00", "end": "2026-03-04T15:30:00-05:00"},
    {"start": "2026-03-04T15:30:00-05:00", "end": "2026-03-04T16:00:00-05:00"},
    {"start": "2026-03-04T16:30:00-05:00", "end": "2026-03-04T17:00:00-05:00"},
)
AFTER_SEARCH = Context(left=frozenset({"free_time"}), candidates=SLOTS)


def test_a_free_time_taken_after_a_search_is_a_pick_of_it_and_a_question_stays_a_question():
    assert read_reply("3:30 works for me", AFTER_SEARCH) == (Pick(index=2),)
    assert read_reply("grab the last one", AFTER_SEARCH) == (Pick(index=3),)
    assert read_reply("let's do 16:40", AFTER_SEARCH) == (Pick(at="2026-03-04T16:40:00-05:00"),)
    [asked] = read_reply("what about 4?", AFTER_SEARCH)
    assert isinstance(asked, RequestAgain)
    assert read_reply("3:30 works for me", Context()) != (Pick(index=2),)  # no search just shown: a new request


def test_a_request_said_while_a_time_is_asked_is_read_as_a_request():
    [read] = read_reply("also email her that it moved to fri 2pm", START)
    assert read == NewRequest("email her that it moved to fri 2pm", added=True)  # said beside the plan, not instead
    assert read_reply("friday at 2pm", START) == (Answer("friday at 2pm"),)


async def test_a_request_with_a_time_in_it_is_offered_not_taken_as_the_time_asked(harness):
    assert "start time" in question(await harness.say("set up a design sync with Priya on Friday")).text
    replies = await harness.say("and send Priya an email that the sync is on friday at 2")
    assert "once this plan is finished" in said(replies)  # added beside the plan: kept for after it
    assert not [r for r in replies if isinstance(r, AskApproval)]
    card = approval(await harness.say("book it for 3pm"))  # the same request's words: the time asked
    assert card.arguments["startTime"] == "2026-03-06T15:00:00-05:00"


def test_people_taken_off_the_event_or_added_and_taken_off_in_one_reply():
    assert read_reply("remove Sam from the meeting", AFTER_EVENT) == (EventChange("removeAttendees", "Sam"),)
    assert read_reply("uninvite Lee", AFTER_EVENT) == (EventChange("removeAttendees", "Lee"),)
    assert read_reply("invite Dana and drop Lee from it", AFTER_EVENT) == (
        EventChange("addAttendees", "Dana", also=(("removeAttendees", "Lee"),)),
    )
    assert read_reply("take Lee off it but add Sam to it", AFTER_EVENT) == (
        EventChange("removeAttendees", "Lee", also=(("addAttendees", "Sam"),)),
    )
    assert read_reply("add Tom and Sarah to it", AFTER_EVENT) == (EventChange("addAttendees", "Tom and Sarah"),)


def test_a_decision_after_its_reason_in_sentences_of_its_own_is_that_decision():
    at_card = Context(question="approval", open_plan=True, correctable=("datetime",))
    assert read_reply("ugh, sam is out that day. undo that", AFTER_EVENT) == (Undo(),)
    assert read_reply("the room is taken at 3. make it 4 instead", at_card) == (Correct("4"),)
    assert read_reply("turns out she already knows! skip it", at_card) == (Decide("skip"),)
    [request] = read_reply("book lunch with Sam friday at noon. make it an hour", AFTER_EVENT)
    assert isinstance(request, NewRequest)  # a request of its own, with its length


def test_a_number_alone_in_a_correction_is_an_hour():
    at_card = Context(question="approval", open_plan=True, correctable=("datetime",))
    assert read_reply("make it 1 instead", at_card) == (Correct("1"),)


def test_a_verb_about_what_is_asked_with_a_time_is_the_answer_not_a_request():
    for typed in ("book it for 3pm", "move that to 10:30", "schedule it at 4"):
        [answer] = read_reply(typed, START)
        assert isinstance(answer, Answer), typed


def test_a_free_time_named_by_its_clock_among_words_of_a_pick_is_that_slot_not_a_number():
    assert read_reply("take the 4:30 slot", AFTER_SEARCH) == (Pick(index=3),)
    assert read_reply("the 3:30 one pls", AFTER_SEARCH) == (Pick(index=2),)
    assert read_reply("go with 3", AFTER_SEARCH) == (Pick(index=1),)  # 15:00 shown: the time, not the third
    assert read_reply("go with 2", AFTER_SEARCH) == (Pick(index=2),)  # no slot at 2: the second one
    assert read_reply("the third one", AFTER_SEARCH) == (Pick(index=3),)
