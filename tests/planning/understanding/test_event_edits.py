"""A change of an event's values read the same wherever it is said: at the booking's card, in an answer to the
start asked, after the event was made, or in place of a delete shown (issue 24): its length to or by an amount, its
start by an amount, its place."""

from planning.understanding.commands import Answer, Context, Decide, EventChange, Pick, ordinal_named, read_reply
from planning.understanding.commands._words import Reply
from planning.understanding.commands.event_edits import event_edit, one_occurrence

BOOKING_CARD = Context(
    question="approval", open_plan=True, correctable=("datetime", "duration"), doing="create_calendar_event"
)
DELETE_CARD = Context(
    question="approval", open_plan=True, correctable=("datetime", "duration"), doing="delete_calendar_event"
)
START_ASKED = Context(question="value", name="startTime", value_kind="datetime", open_plan=True)
AFTER_BOOKING = Context(left=frozenset({"event", "changes"}))


def _edit(text: str) -> tuple[str, str, int | None] | None:
    change = event_edit(Reply.of(text))
    return None if change is None else (change.field, change.value, change.shift_minutes)


def test_a_length_said_to_or_by_an_amount_a_bare_number_is_minutes():
    assert _edit("give it ninety minutes") == ("durationMinutes", "ninety minutes", None)
    assert _edit("we just need 25") == ("durationMinutes", "25 minutes", None)
    assert _edit("lengthen it by 10") == ("durationMinutes", "+10 minutes", 10)
    assert _edit("trim it by 5 minutes") == ("durationMinutes", "-5 minutes", -5)
    assert _edit("make it twenty minutes shorter") == ("durationMinutes", "-20 minutes", -20)
    assert _edit("tack on 30 min") == ("durationMinutes", "+30 minutes", 30)


def test_a_start_moved_by_an_amount_either_way():
    assert _edit("slide it back 20") == ("startTime", "+20 minutes", 20)
    assert _edit("bring it forward an hour") == ("startTime", "-60 minutes", -60)
    assert _edit("two hours later") == ("startTime", "+120 minutes", 120)
    assert _edit("bump it 45 min earlier please") == ("startTime", "-45 minutes", -45)
    assert _edit("push it to 3") is None  # to a time: the retime reader's
    assert _edit("nudge it 20 minutes") == ("startTime", "+20 minutes", 20)  # no direction: later
    assert _edit("bump that an hour, traffic is bad") == ("startTime", "+60 minutes", 60)
    assert _edit("shift it 15") is None  # a number alone may be a time
    assert _edit("make it 40 min") == ("durationMinutes", "40 min", None)  # a length, not a move
    assert _edit("back 20") is None  # no verb and no direction after it: too little


def test_a_place_that_names_a_kind_of_place_or_is_said_as_one():
    assert _edit("switch it over to the boardroom") == ("location", "the boardroom", None)
    assert _edit("change it to the 3rd floor lounge") == ("location", "the 3rd floor lounge", None)
    assert _edit("have it at Blue Bottle") == ("location", "Blue Bottle", None)
    assert _edit("projector's broken there - in room 12 instead") == ("location", "room 12", None)
    assert _edit("move it to thursday") is None
    assert _edit("change it to maria") is None
    assert _edit("have it at 4") is None


def test_words_that_limit_a_change_to_one_occurrence():
    change = event_edit(Reply.of("slide it back 20, only this one"))
    assert change is not None and change.one_occurrence and change.shift_minutes == 20
    assert one_occurrence(Reply.of("yep just this once"))
    assert not one_occurrence(Reply.of("yep"))


def test_at_a_booking_card_a_change_of_its_values_then_the_approval():
    said = read_reply("give it 40 min, otherwise all good", BOOKING_CARD)
    assert said == (EventChange("durationMinutes", "40 min"), Decide("approve"))
    assert read_reply("have it in the 2nd floor kitchen", BOOKING_CARD) == (
        EventChange("location", "the 2nd floor kitchen"),
    )
    assert read_reply("slide it back 20", BOOKING_CARD) == (EventChange("startTime", "+20 minutes", shift_minutes=20),)


def test_an_answer_to_the_start_with_its_length_or_place_in_later_clauses():
    assert read_reply("fri 9am, give it 90", START_ASKED) == (
        Answer("fri 9am", also=(("durationMinutes", "90 minutes"),)),
    )
    said = read_reply("monday at 2 - hold it in room 7", START_ASKED)
    assert said == (Answer("monday at 2", also=(("location", "room 7"),)),)


def test_after_the_event_was_made_its_length_start_and_place_change():
    assert read_reply("we only need 15", AFTER_BOOKING) == (EventChange("durationMinutes", "15 minutes"),)
    assert read_reply("bring it forward 10", AFTER_BOOKING) == (
        EventChange("startTime", "-10 minutes", shift_minutes=-10),
    )
    assert read_reply("ugh, that room is booked. put it in room 3", AFTER_BOOKING) == (
        EventChange("location", "room 3"),
    )


def test_a_delete_turned_down_for_a_move_by_an_amount():
    said = read_reply("hm no, keep it - slide it back half an hour", DELETE_CARD)
    assert said == (EventChange("startTime", "+30 minutes", shift_minutes=30),)


def test_a_thing_named_by_its_place_in_a_list_just_shown():
    assert ordinal_named("decline the 2nd one, i'm out sick", 3) == 2
    assert ordinal_named("move the last meeting to 4", 3) == 3
    assert ordinal_named("move it to the 2nd", 3) is None  # a day, not a place in the list
    assert ordinal_named("cancel the fourth one", 3) is None
    assert ordinal_named("swap the first one and the second one", 3) is None


def test_a_pick_by_number_with_words_that_accept_it():
    pick = Context(question="pick", open_plan=True, options=("Wed 12:00", "Wed 12:45", "Wed 13:30"))
    assert read_reply("the 3rd one is fine", pick) == (Pick(index=3),)
    assert read_reply("2 works for me", pick) == (Pick(index=2),)


def test_a_change_asked_for_with_words_that_only_ask_or_soften_it():
    assert _edit("could we cut it to 25") == ("durationMinutes", "25 minutes", None)
    assert _edit("let's have it start 10 min earlier pls") == ("startTime", "-10 minutes", -10)
    assert _edit("let it run an extra 20 minutes") == ("durationMinutes", "+20 minutes", 20)
    assert _edit("venue: the annex lobby") == ("location", "the annex lobby", None)
    assert _edit("in what room is it") is None  # a question
    assert _edit("can we push it back 15?") == ("startTime", "+15 minutes", 15)  # asked as a question
