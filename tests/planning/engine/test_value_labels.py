"""A value the conversation asks for is named in words, never by its argument name."""

from planning.engine.in_words import label


def test_argument_names_without_a_label_of_their_own_are_said_in_words() -> None:
    assert label("addAttendees") == "people to invite"
    assert label("shiftMinutes") == "shift minutes"
    assert label("closeDate") == "close date"
    assert label("startTime") == "start time"
