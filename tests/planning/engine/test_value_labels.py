"""A value the conversation asks for is named in words, never by its argument name."""

from planning.engine.in_words import label


def test_argument_names_without_a_label_of_their_own_are_said_in_words() -> None:
    assert label("addAttendees") == "people to invite"
    assert label("shiftMinutes") == "shift minutes"
    assert label("closeDate") == "close date"
    assert label("startTime") == "start time"


def test_a_notes_text_is_asked_as_the_text_of_the_note_not_of_an_email() -> None:
    assert label("body", "create_entity") == "text of the note"
    assert label("body", "send_email") == "text of the email"
