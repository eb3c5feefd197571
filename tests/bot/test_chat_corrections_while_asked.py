"""Corrections and commands while a value is asked, in `planbot chat --script` (user trial 3): who an email goes to
is changed by naming the person, never taken as its text; a command ("undo that", "a") is not read as a value."""

import sqlite3
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main


def chat_in(tmp_path: Path, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    arguments = ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data"), "--now", "2026-03-10T08:45:00"]
    result = CliRunner().invoke(main, [*arguments, "--tz", "America/New_York"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def sent(tmp_path: Path, subject: str) -> list[tuple[str, str]]:
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        query = (
            "SELECT r.address, m.body FROM messages m JOIN message_recipients r ON r.message_id = m.id "
            "WHERE m.folder = 'sent' AND m.subject = ? ORDER BY r.position"
        )
        return db.execute(query, (subject,)).fetchall()


BODY = "Can you send me the latest usage numbers before Thursday?"


def test_a_new_recipient_named_while_the_text_is_asked_changes_who_it_goes_to(tmp_path: Path):
    output = chat_in(
        tmp_path, "send a note to Sarah about the Acme QBR", "actually send it to Priya instead", BODY, "a"
    )
    assert "Changed the recipient to priya.shah@example.com." in output
    assert "Message: actually send it to Priya" not in output
    assert sent(tmp_path, "Acme QBR") == [("priya.shah@example.com", BODY)]


def test_a_new_recipient_named_at_the_approval_changes_who_it_goes_to(tmp_path: Path):
    output = chat_in(tmp_path, "send a note to Sarah about the Acme QBR", BODY, "change the recipient to Priya", "a")
    assert "Approve: Email Priya: Acme QBR" in output
    assert sent(tmp_path, "Acme QBR") == [("priya.shah@example.com", BODY)]


def test_a_new_request_while_the_text_is_asked_is_offered_not_taken_as_the_text(tmp_path: Path):
    output = chat_in(tmp_path, "send a note to Sarah about the Acme QBR", "book a meeting with Tom tomorrow at 3pm")
    assert "sounds like a new request" in output
    assert "Message: book a meeting" not in output


def test_a_command_while_a_time_is_asked_is_not_read_as_the_time(tmp_path: Path):
    output = chat_in(tmp_path, "book a meeting with Tom on Friday", "undo that", "a")
    assert "“undo that” is not a start time (reply with the start time, or “cancel” to stop this plan)" in output
    assert "“approve” is not a start time: nothing waits for approval yet" in output
    assert "could not read a date and time" not in output


def test_him_after_a_read_is_the_person_the_request_named(tmp_path: Path):
    lines = (
        "when's my next meeting with John Park?",
        "email him asking whether they still need the 250 seat quote",
        "a",
    )
    output = chat_in(tmp_path, *lines)
    assert "What recipient should I use" not in output
    # The subject is made from the question asked (c25569f), so no subject is asked for.
    subject = "They still need the 250 seat quote"
    assert f"Subject: {subject}" in output
    assert [address for address, _ in sent(tmp_path, subject)] == ["john.park@globex.com"]


def test_moving_a_found_meeting_to_a_bare_time_keeps_its_day(tmp_path: Path):
    output = chat_in(tmp_path, "what meetings do I have on Thursday?", "move that meeting to 5pm", "1", "a")
    assert "When: Thu 12 Mar, 14:00–14:30 EDT → Thu 12 Mar, 17:00–17:30 EDT" in output
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        (starts,) = db.execute("SELECT starts_at FROM events WHERE title = '1:1 with Priya'").fetchone()
    assert starts.startswith(("2026-03-12T21:00", "2026-03-12T17:00-04:00")), starts


def test_invite_someone_to_it_adds_them_to_the_event_just_made(tmp_path: Path):
    lines = ("book a meeting with Tom on Friday at 2pm about the roadmap", "a", "invite Sarah to it", "a")
    output = chat_in(tmp_path, *lines)
    assert "Invite: + sarah.lee@example.com" in output
    assert "Create the event 'Meeting with Sarah'" not in output
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as db:
        query = "SELECT address FROM event_attendees WHERE event_id = (SELECT MAX(id) FROM events)"  # the one made
        assert {row[0] for row in db.execute(query)} == {"tom.reyes@example.com", "sarah.lee@example.com"}
