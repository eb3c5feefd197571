"""A mail asked for right after a change, naming its person only as "him" / "her" (issue 24): the one person meant
gets it, never everyone on the event: the one the change added, else the one the request named, else the one it
looked up; when that leaves several, who it goes to is asked. Its text is what the request says it asks of them, or
what the change did."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read


def _sent(tmp_path: Path) -> list[dict]:
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(since="2026-03-02T00:00:00-05:00", includeBody=True))
    return [mail for mail in found if mail.get("folder", "sent") == "sent" and "me@example.com" not in mail["to"]]


def test_him_after_adding_someone_to_a_meeting_is_the_one_added(tmp_path: Path):
    output = chat(
        tmp_path,
        "add tom to the acme qbr on thursday",
        "a",
        "now email him to bring the usage numbers",
        "a",
    )
    assert "What text of the email" not in output
    [mail] = _sent(tmp_path)
    assert mail["to"] == ["tom.reyes@example.com"]
    assert "usage numbers" in mail["body"]


def test_her_after_a_move_the_request_explained_is_the_one_it_named(tmp_path: Path):
    chat(
        tmp_path,
        "laura asked to start later, push tomorrow's acme call back 30 min",
        "yes",
        "let her know by email",
        "a",
    )
    [mail] = _sent(tmp_path)
    assert mail["to"] == ["laura.chen@acme.com"]
    assert "11:30" in mail["body"]


def test_him_of_two_people_on_the_event_is_asked_for(tmp_path: Path):
    output = chat(
        tmp_path,
        "move the globex pricing review to 4pm",
        "a",
        "email him to bring the seat numbers",
    )
    assert "What recipient should I use" in output
    assert _sent(tmp_path) == []


def test_her_after_a_reply_is_the_one_answered(tmp_path: Path):
    chat(
        tmp_path,
        "reply to laura's redlines email saying we'll go through them tonight",
        "a",
        "book 30 min with her friday at 2 to go over the redlines",
        "a",
    )
    booked = events(tmp_path, start="2026-03-06T14:00:00-05:00", end="2026-03-06T14:30:00-05:00")
    assert [event["attendees"] for event in booked] == [["laura.chen@acme.com"]]
