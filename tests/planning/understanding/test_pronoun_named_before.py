"""A person added or taken off by "her" / "him" is the one named before it in the message (commands/_pronoun_named.py),
after an event was made or at its card; never a change of a record."""

from planning.understanding.commands import Context, Correct, Decide, EventChange, read_reply

AFTER_EVENT = Context(
    left=frozenset({"event", "record", "changes"}),
    shown=(("title", "Roadmap sync"), ("attendees", "john.smith@example.com")),
)
EVENT_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
    people=("tom.reyes@example.com",),
)


def test_her_after_an_event_is_the_person_named_before_not_the_one_who_asked():
    read = read_reply("john mentioned dana wants to hear the numbers, can you add her", AFTER_EVENT)
    assert read == (EventChange("addAttendees", "dana"),)


def test_him_taken_off_after_an_event_is_the_person_named_before():
    read = read_reply("turns out tom is on leave that week, drop him", AFTER_EVENT)
    assert len(read) == 1 and isinstance(read[0], EventChange)
    assert read[0].field == "removeAttendees" and read[0].value.lower() == "tom"


def test_at_an_event_card_the_person_is_added_and_the_card_approved():
    read = read_reply("perfect. sarah asked to join, add her too", EVENT_CARD)
    assert isinstance(read[0], Correct) and read[0].people and read[0].value.lower() == "sarah"
    assert read[-1] == Decide("approve")


def test_a_pronoun_with_nobody_named_before_is_left_to_the_other_readers():
    read = read_reply("add her", AFTER_EVENT)
    assert not any(isinstance(c, EventChange) for c in read)
