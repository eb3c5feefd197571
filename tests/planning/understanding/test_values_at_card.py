"""At a card, values said by their kind go to the field of that kind the card shows: a value after the name of its
field ("due …"), digits said in the place of digits of the phone shown, and the words after a field named as a verb
and its object ("title it …")."""

from planning.understanding.commands import Context, Correct, EventChange, read_reply

_TASK = Context(
    question="approval",
    open_plan=True,
    doing="create_entity",
    correctable=("text",),
    record_fields=("subject", "dueDate", "status"),
    shown=(("subject", "Renew the hosting contract"), ("dueDate", "2026-03-05")),
)
_CONTACT = Context(
    question="approval",
    open_plan=True,
    doing="update_entity",
    correctable=("text",),
    record_fields=("name", "email", "phone"),
    shown=(("phone", "646 555 0177"),),
)
_BOOKING = Context(
    question="approval",
    open_plan=True,
    doing="create_calendar_event",
    correctable=("duration", "datetime", "text"),
    shown=(("title", "Call with Omar"), ("startTime", "2026-03-06T11:00:00-05:00")),
)


def test_a_day_after_the_due_fields_name_is_the_due_date() -> None:
    assert read_reply("hmm ok make it due the 12th instead", _TASK) == (Correct("the 12th", field="dueDate"),)


def test_a_day_after_the_due_fields_name_with_words_of_a_goal_before_it_is_not_read_so() -> None:
    assert read_reply("email omar due friday", _TASK) != (Correct("friday", field="dueDate"),)


def test_digits_in_the_place_of_digits_of_the_phone_shown_replace_them() -> None:
    assert read_reply("whoops - 0171 not 0177", _CONTACT) == (Correct("646 555 0171", field="phone"),)


def test_digits_not_in_the_phone_shown_are_not_read_as_a_change_of_it() -> None:
    [command] = read_reply("0171 not 0199", _CONTACT)
    assert not (isinstance(command, Correct) and command.field == "phone")


def test_a_field_named_as_a_verb_takes_the_words_after_its_object() -> None:
    assert read_reply("title it budget kickoff pls", _BOOKING) == (Correct("budget kickoff", field="title"),)


_MOVE_BY_A_WEEK = Context(
    question="approval",
    open_plan=True,
    doing="update_calendar_event",
    correctable=("duration", "text"),
    shown=(("shiftMinutes", "10080"),),
)


def test_a_day_said_at_a_move_by_an_amount_is_a_change_of_its_start() -> None:
    assert read_reply("hmm no, the tuesday of that week instead of wed", _MOVE_BY_A_WEEK) == (
        EventChange("startTime", "tuesday"),
    )


def test_a_start_and_an_end_said_at_a_bookings_card_change_the_start_and_the_length() -> None:
    assert read_reply("begin at 11:15, still finish at 12", _BOOKING) == (
        EventChange("startTime", "11:15", also=(("durationMinutes", "45 minutes"),)),
    )


def test_a_time_alone_where_an_emails_text_is_asked_corrects_the_plans_time() -> None:
    asked = Context(question="value", name="body", value_kind="text", open_plan=True, correctable=("text", "datetime"))
    assert read_reply("hmm 10:45 instead", asked) == (Correct("10:45", field="startTime"),)


def test_a_time_alone_where_a_text_is_asked_and_the_plan_has_no_time_is_the_text() -> None:
    asked = Context(question="value", name="body", value_kind="text", open_plan=True, correctable=("text",))
    [command] = read_reply("10:45 instead", asked)
    assert not isinstance(command, Correct)


def test_a_time_alone_where_a_lookup_found_nobody_corrects_the_plans_time() -> None:
    asked = Context(question="recover", open_plan=True, correctable=("text", "datetime"), sought="the two marks")
    assert read_reply("ah 4:15 actually", asked) == (Correct("4:15", field="startTime"),)


def test_a_range_of_bare_hours_at_a_bookings_card_is_its_start_and_length() -> None:
    assert read_reply("can we do 1 to 3", _BOOKING) == (
        EventChange("startTime", "13:00", also=(("durationMinutes", "120 minutes"),)),
    )


def test_a_range_of_bare_hours_with_a_reason_beside_it_is_still_the_start_and_length() -> None:
    assert read_reply("how about 9 to 11, omar wants time for the demo", _BOOKING) == (
        EventChange("startTime", "9:00", also=(("durationMinutes", "120 minutes"),)),
    )


def test_a_count_at_a_bookings_card_is_no_range_of_hours() -> None:
    [command] = read_reply("2 to 3 people from their side", _BOOKING)
    assert not isinstance(command, EventChange)
