"""After a plan made an event, a message of values and words that ask for nothing else changes it by the kind of
each value: a day or a time the start, a length the length, a time after a word of the end the end (the length from
the start); a message with a goal of its own stays a new request."""

import pytest

from planning.understanding.commands import Context, EventChange, NewRequest, RecordChange, read_reply

_MADE = Context(
    left=frozenset({"event", "changes"}),
    shown=(("title", "Hiring sync"), ("startTime", "2026-03-04T13:00:00-05:00")),
)


def _change(text: str) -> EventChange:
    [command] = read_reply(text, _MADE)
    assert isinstance(command, EventChange), command
    return command


def test_a_day_with_the_same_time_moves_the_start_to_that_day() -> None:
    change = _change("could we do thursday at the same time then")
    assert (change.field, change.value, change.also) == ("startTime", "thursday", ())


def test_a_new_start_and_a_kept_end_change_the_start_and_the_length() -> None:
    change = _change("hmm, begin it at 1:15 but still finish at 2")
    assert (change.field, change.value) == ("startTime", "1:15")
    assert change.also == (("durationMinutes", "45 minutes"),)


def test_an_end_said_alone_sets_the_length_from_the_start_it_has() -> None:
    change = _change("have it wrap up at 2:30 instead")
    assert (change.field, change.value, change.also) == ("durationMinutes", "90 minutes", ())


def test_a_length_said_alone_sets_the_length() -> None:
    change = _change("45 min instead?")
    assert (change.field, change.value) == ("durationMinutes", "45 minutes")


def test_a_range_said_as_one_sets_start_and_length() -> None:
    change = _change("let's do 3:30-4:15")
    assert (change.field, change.value, change.also) == ("startTime", "15:30", (("durationMinutes", "45 minutes"),))


@pytest.mark.parametrize(
    "text",
    [
        "book a call with omar on thursday",  # a goal of its own: a new request
        "email tom that it moved to thursday",
        "what's on thursday",
    ],
)
def test_a_message_with_a_goal_of_its_own_stays_a_new_request(text: str) -> None:
    [command] = read_reply(text, _MADE)
    assert isinstance(command, NewRequest)


def test_two_starts_are_no_change() -> None:
    [command] = read_reply("thursday at 2, friday at 3", _MADE)
    assert not isinstance(command, EventChange)


_WROTE = Context(left=frozenset({"record", "changes"}), shown=(("phone", "+1 415 555 0142"), ("dueDate", "2026-03-05")))


def test_digits_in_the_place_of_digits_of_the_phone_written_change_the_phone_again() -> None:
    assert read_reply("ugh, 0143 not 0142", _WROTE) == (RecordChange("phone", "+1 415 555 0143"),)


def test_a_day_in_the_place_of_the_due_date_written_changes_the_due_date_again() -> None:
    assert read_reply("friday not thursday", _WROTE) == (RecordChange("dueDate", "friday"),)
