"""Replies at a card or a question that say two things: a value and the reason for it, several values, several
decisions over the steps of one plan, a decision and a new request."""

from planning.understanding.commands import Context, Correct, EventChange, read_reply

_MOVE_BY_A_DAY = Context(
    question="approval",
    open_plan=True,
    doing="update_calendar_event",
    correctable=("duration", "text"),
    shown=(("shiftMinutes", "1440"),),
)


def test_a_day_and_a_time_with_a_reason_at_a_move_by_an_amount_is_the_start_it_says() -> None:
    assert read_reply("hmm 2:30 on thursday, she has a dentist thing in the morning", _MOVE_BY_A_DAY) == (
        EventChange("startTime", "2:30 on thursday"),
    )


def test_a_bare_hour_and_a_day_with_a_reason_at_a_move_by_an_amount_is_the_start_it_says() -> None:
    assert read_reply("make it 10 on fri instead, laura's out wed", _MOVE_BY_A_DAY) == (
        EventChange("startTime", "10 on fri"),
    )


def test_a_time_with_a_reason_at_a_booking_stays_a_correction_of_its_start() -> None:
    booking = Context(
        question="approval",
        open_plan=True,
        doing="create_calendar_event",
        correctable=("duration", "datetime", "text"),
        shown=(("title", "Call with Omar"), ("startTime", "2026-03-06T11:00:00-05:00")),
    )
    [command] = read_reply("2pm friday, omar lands at noon", booking)
    assert isinstance(command, Correct) and command.value == "2pm friday"
