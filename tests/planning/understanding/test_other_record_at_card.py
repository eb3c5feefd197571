"""A clause at a card that names someone the card is not about and asks a change (commands/_other_record.py): a
request of its own said beside the plan, never a change of the card; a person said as the card's value stays the
card's."""

from planning.understanding.commands import Context, Correct, Decide, EventChange, NewRequest, read_reply

CONTACT_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    record_kind="Contact",
    record_fields=("name", "email", "phone", "company", "title"),
    correctable=("text",),
    shown=(("name", "Lena Okafor"), ("email", "lena.okafor@fabrikam.com"), ("company", "Fabrikam")),
    steps=(("create_contact", "create_entity", "Create the contact Create the contact"),),
)
LUNCH_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
    people=("maria.garcia@example.com",),
    shown=(("title", "Lunch with Maria Garcia"), ("startTime", "2026-03-06T12:00:00-05:00")),
    steps=(("create_event", "create_calendar_event", "Create the event 'Lunch with Maria Garcia'"),),
)


def test_a_new_number_for_someone_else_is_a_request_beside_the_approval_not_the_cards_phone():
    read = read_reply("approved! also tom reyes got a new mobile, 212 555 0148 - fix his record", CONTACT_CARD)
    assert read[0] == Decide("approve")
    assert read[1:] == (NewRequest("tom reyes got a new mobile, 212 555 0148 - fix his record", added=True),)
    assert not any(isinstance(command, Correct) for command in read)


def test_a_change_of_another_persons_meeting_at_an_event_card_is_a_request_of_its_own():
    read = read_reply("looks good. and move my 1:1 with priya to thursday at 3", LUNCH_CARD)
    assert read == (Decide("approve"), NewRequest("move my 1:1 with priya to thursday at 3", added=True))


def test_the_cards_own_person_named_with_a_value_is_the_cards_change():
    read = read_reply("yes, and lena's cell is 212 555 0148", CONTACT_CARD)
    assert Correct("212 555 0148", field="phone") in read
    assert not any(isinstance(command, NewRequest) for command in read)


def test_a_person_added_to_the_card_is_the_cards_change():
    read = read_reply("yep, and bring sarah along", LUNCH_CARD)
    assert not any(isinstance(command, NewRequest) for command in read)
    assert any(isinstance(c, Correct | EventChange) for c in read)


def test_a_reason_naming_someone_beside_a_change_leaves_the_change_on_the_card():
    read = read_reply("make it 1pm, priya has me till 12:30", LUNCH_CARD)
    assert not any(isinstance(command, NewRequest) for command in read)


def test_turned_down_with_what_to_have_instead_changes_the_card_not_cancels_it():
    read = read_reply("ugh no, scrap that - she's at the dentist till 11. thursday 2pm instead", LUNCH_CARD)
    assert read and not any(isinstance(c, Decide) for c in read)
    assert any(isinstance(c, Correct | EventChange) and "thursday 2pm" in c.value for c in read)


def test_turned_down_with_nothing_in_its_place_is_a_cancel():
    assert read_reply("scratch that, we don't need it anymore", LUNCH_CARD) == (Decide("cancel"),)


NOTE_CARD = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    record_kind="Note",
    record_fields=("body", "owner"),
    correctable=("text",),
    shown=(("body", "Initech wants the pilot extended two weeks"),),
)


def test_a_field_the_cards_record_does_not_have_is_a_request_beside_the_approval():
    read = read_reply("great, save it. and bump the amount to 80k while you're at it", NOTE_CARD)
    assert read[0] == Decide("approve")
    assert read[1:] == (NewRequest("bump the amount to 80k while you're at it", added=True),)


def test_yes_with_the_steps_verb_and_its_thing_approves():
    assert read_reply("ok yes add the note", NOTE_CARD) == (Decide("approve"),)


def test_a_value_stated_of_someone_else_without_an_ask_is_still_theirs():
    read = read_reply("approve. also tom reyes's new cell is 917 555 0123", CONTACT_CARD)
    assert read == (Decide("approve"), NewRequest("tom reyes's new cell is 917 555 0123", added=True))


def test_a_change_of_it_with_a_reason_naming_someone_else_stays_on_the_card():
    for typed in ("yep, move it to 2 since omar has the room till then", "ok push it to 2 bc dana is stuck on a call"):
        read = read_reply(typed, LUNCH_CARD)
        assert not any(isinstance(command, NewRequest) for command in read), typed
