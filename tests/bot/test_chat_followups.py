"""Follow-ups after a finished plan (contract §2.7), in `planbot chat --script`, checked in the workspace: "make it
4pm instead", "also invite Priya", "undo that", and an undo that cannot be done."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_make_it_later_then_also_invite_then_undo(tmp_path: Path):
    output = chat(
        tmp_path,
        "schedule a sync with Tom tomorrow at 3pm",
        "a",
        "make it 4pm instead",
        "a",
        "also invite Priya",
        "a",
    )
    assert output.count("Finished") == 3
    [sync] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert sync["startTime"] == "2026-03-03T16:00:00-05:00"
    assert set(sync["attendees"]) == {"tom.reyes@example.com", "priya.shah@example.com"}
    output = chat(tmp_path, "undo that", "a")
    assert "Finished" in output
    [sync] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert sync["attendees"] == ["tom.reyes@example.com"]


def test_undo_puts_a_deleted_event_back(tmp_path: Path):
    chat(tmp_path, "hello")
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    chat(tmp_path, "delete the Acme call", "a")
    assert events(tmp_path, query="Acme call", **day("2026-03-03")) == []
    chat(tmp_path, "undo", "a")
    [back] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert (back["startTime"], back["endTime"], back["attendees"]) == (
        call["startTime"],
        call["endTime"],
        call["attendees"],
    )


def test_a_sent_email_is_said_to_be_impossible_to_undo(tmp_path: Path):
    output = chat(tmp_path, "email Priya saying hi", "a", "undo that")
    assert "cannot be undone: a sent email cannot be unsent" in output


def test_undo_of_a_move_puts_the_time_back(tmp_path: Path):
    chat(tmp_path, "schedule a sync with Tom tomorrow at 3pm", "a", "make it 4pm instead", "a")
    [moved] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert moved["startTime"] == "2026-03-03T16:00:00-05:00"
    output = chat(tmp_path, "undo that", "a")
    assert "Finished" in output
    [back] = events(tmp_path, query="Sync with Tom", **day("2026-03-03"))
    assert back["startTime"] == "2026-03-03T15:00:00-05:00"


def test_a_cancelled_plan_never_shows_a_tick_on_a_goal_that_did_not_happen(tmp_path: Path):
    # "just this one": the email alone (a plain approval of the first card approves the lunch it lists too)
    output = chat(tmp_path, "email Priya saying hi and book lunch with Tom tomorrow at noon", "just this one", "c")
    cancelled = output[output.rindex("· cancelled") :]
    assert "✓ Book lunch with Tom" not in cancelled and "– Book lunch with Tom" in cancelled
    assert "✓ Email Priya saying hi" in cancelled


def test_forward_that_as_well_forwards_the_email_just_sent(tmp_path: Path):
    from integrations.base.arguments import FetchEmailsArgs
    from tests.bot.test_chat_v2 import read

    output = chat(tmp_path, "email Priya saying the deck is ready", "a", "forward that to Maria as well", "a")
    assert output.count("Finished") == 2
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia@example.com", includeBody=True))
    [forward] = [m for m in sent if m["subject"].startswith("Fwd:")]
    assert "the deck is ready" in forward["body"].lower()
