"""The meeting a request asked someone about in passing, as a later booking takes it (meeting_asked)."""

from planning.understanding.meeting_asked import MeetingAsked, meeting_asked
from tests.planning.conftest import MONDAY_9AM


def test_the_sentence_with_a_length_gives_what_the_meeting_is_for_and_how_long() -> None:
    said = "reply to laura: redlines look fine. ask if she has 20 min friday to go over the renewal clause w me"
    assert meeting_asked(said, MONDAY_9AM) == MeetingAsked("Renewal clause", 20)
    said = "email tom the deck and ask whether he's got an hour next week to walk through the pricing model"
    assert meeting_asked(said, MONDAY_9AM) == MeetingAsked("Pricing model", 60)


def test_no_length_asked_is_no_meeting() -> None:
    assert meeting_asked("reply to maria: thanks, i'll mention it to john", MONDAY_9AM) is None
