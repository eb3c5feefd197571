"""Reasons and comments said beside a request or a follow-up ("…, i'll see her at the launch review on friday
anyway") are left out before it is read (planning.understanding.commands.asides): their days, names and titles are
never the request's. What follows a speech verb or a "comment:" stays the text it is."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events
from tests.planning.conftest import args, run


def titles(tmp_path: Path, date: str) -> list[str]:
    return [event["title"] for event in events(tmp_path, **day(date))]


def test_a_reason_naming_another_day_and_meeting_is_not_what_is_cancelled(tmp_path: Path) -> None:
    output = chat(tmp_path, "cancel my 1:1 with priya, i'll see her at the launch review on friday anyway", "a")
    assert "Deleted “1:1 with Priya”" in output
    assert "1:1 with Priya" not in titles(tmp_path, "2026-03-05")
    assert "Launch review" in titles(tmp_path, "2026-03-06")


def test_a_reason_before_a_follow_up_is_not_read_as_a_request_of_its_own(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "put a 30 min call with laura on thursday at 2 about the renewal",
        "a",
        "ugh, laura just wrote that she's stuck at a conference on monday. push it to 4 instead",
        "a",
    )
    assert "look through your email" not in output
    [moved] = [event for event in events(tmp_path, **day("2026-03-05")) if "renewal" in event["title"].lower()]
    assert moved["startTime"] == "2026-03-05T16:00:00-05:00"
    assert not [t for t in titles(tmp_path, "2026-03-09") if "renewal" in t.lower()]


def test_what_a_comment_or_an_email_says_is_kept_whole() -> None:
    line = run("decline the acme quarterly review on thurs pls, comment: clashing w/ a customer call, sarah will cover")
    assert "sarah will cover" in args(line, "respond_to_event")["comment"]
    line = run("decline the board prep on tuesday, just tell them i'm travelling that week")
    assert "travelling that week" in args(line, "respond_to_event")["comment"]
    line = run("email kim that the deck slips to friday, the printer died")
    assert "printer died" in args(line, "send_email")["body"]
