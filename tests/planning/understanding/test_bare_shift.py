"""After a booking, "push it 25" moves it 25 minutes later (a bare number no clock hour is), joined to another change
in the same reply; "push it 10" may be 10 o'clock and is no shift."""

from planning.understanding.commands import Context, EventChange, read_reply

AFTER_BOOKING = Context(left=frozenset({"event", "changes"}))


def test_a_bare_number_no_clock_hour_is_after_a_push_is_minutes_later():
    assert read_reply("push it 25", AFTER_BOOKING) == (EventChange("startTime", "+25 minutes", shift_minutes=25),)
    assert read_reply("invite omar too and bump it 20", AFTER_BOOKING) == (
        EventChange("addAttendees", "omar", also=(("startTime", "+20 minutes"),)),
    )


def test_a_bare_number_that_may_be_an_hour_is_no_shift():
    [command] = read_reply("push it 10", AFTER_BOOKING)
    assert not (isinstance(command, EventChange) and command.shift_minutes is not None)
