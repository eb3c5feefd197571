"""After people were invited to an event, "drop him" / "remove her, wrong meeting" takes the person of that change
off the event (usertest 2). Before: the reply was a new request to delete a meeting, the reason ("wrong call") its
search words, and a pick led to deleting the meeting for everyone."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_pronoun_after_an_invite_takes_that_person_off_the_same_event(tmp_path: Path) -> None:
    out = chat(tmp_path, "add tom to the acme call", "y", "oops, drop him - wrong call", "y")
    [event] = _events(tmp_path, "2026-03-03", query="acme call")
    assert "tom.reyes@example.com" not in event["attendees"]
    assert "laura.chen@acme.com" in event["attendees"]  # the others stay, the event stays
    assert "Delete" not in out


def test_a_pronoun_for_one_of_several_people_added_is_asked_never_guessed(tmp_path: Path) -> None:
    chat(tmp_path, "add tom and priya to the acme call", "y", "actually remove her", "c")
    [event] = _events(tmp_path, "2026-03-03", query="acme call")
    assert {"tom.reyes@example.com", "priya.shah@example.com"} <= set(event["attendees"])
