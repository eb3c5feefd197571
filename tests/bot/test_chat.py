"""`planbot chat --script`: whole conversations on the local workspace, checked in its SQLite file."""

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main
from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs
from integrations.local import open_workspace

CLOCK = ["--now", "2026-03-02T09:00:00", "--tz", "America/New_York"]


def chat(tmp_path: Path, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    result = CliRunner().invoke(
        main, ["chat", "--script", str(script), "--data-dir", str(tmp_path / "data"), *CLOCK], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_priya_email_and_meeting_end_to_end(tmp_path: Path):
    output = chat(
        tmp_path,
        "Email Priya the Q3 deck and book 30 minutes with her Thursday at 2pm",
        "Here is the Q3 deck we discussed. Talk Thursday!",
        "a",
        "a",
    )
    assert "What text of the email should I use" in output
    assert "Finished" in output
    asyncio.run(_email_and_event_are_in_the_workspace(tmp_path))


async def _email_and_event_are_in_the_workspace(tmp_path: Path) -> None:
    workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
    try:
        sent = await workspace.call("fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", query="Q3 deck"))
        mine = [m for m in sent if m["subject"] == "Q3 deck"]
        assert len(mine) == 1
        assert mine[0]["to"] == ["priya.shah@example.com"] or mine[0]["to"] == "priya.shah@example.com"
        events = await workspace.call(
            "fetch_calendar_events",
            FetchCalendarEventsArgs(
                start=datetime(2026, 3, 5, tzinfo=UTC),
                end=datetime(2026, 3, 6, 12, tzinfo=UTC),
                attendee="priya.shah@example.com",
            ),
        )
        booked = [e for e in events if e["title"] == "Meeting with Priya"]
        assert len(booked) == 1
        assert booked[0]["startTime"] == "2026-03-05T14:00:00-05:00"
        assert booked[0]["endTime"] == "2026-03-05T14:30:00-05:00"
        assert "priya.shah@example.com" in booked[0]["attendees"]
    finally:
        workspace.close()


def test_skip_and_cancel_leave_the_workspace_untouched(tmp_path: Path):
    output = chat(
        tmp_path, "email Priya saying the deck is ready", "s", "schedule a sync with Tom tomorrow at 3pm", "c"
    )
    assert "Skipped" in output and "Cancelled the plan" in output


def test_help_and_refusal(tmp_path: Path):
    output = chat(tmp_path, "help", "what's the weather in Paris")
    assert "I plan and run work across your email, CRM and calendar" in output
    assert "I can't do that" in output


def test_a_plan_left_open_resumes_in_the_next_session(tmp_path: Path):
    first = chat(tmp_path, "Email Priya the Q3 deck")
    assert "What text of the email" in first
    second = chat(tmp_path, "See you soon", "a")
    assert "Approve: Email Priya: Q3 deck" in second
    assert "Finished" in second


def _events_on(tmp_path: Path, title: str, day: datetime) -> list[dict]:
    async def read() -> list[dict]:
        workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
        try:
            args = FetchCalendarEventsArgs(start=day, end=day.replace(hour=23, minute=59))
            return [e for e in await workspace.call("fetch_calendar_events", args) if e["title"] == title]
        finally:
            workspace.close()

    return asyncio.run(read())


def test_an_impossible_date_is_asked_for_and_never_booked_on_another_day(tmp_path: Path):
    output = chat(
        tmp_path, "book a meeting called Roadmap review on February 30 at 3pm", "April 31 at 3pm", "March 4 at 3pm", "a"
    )
    assert output.count("Sorry, there is no 30 February.") == 1
    assert "Sorry, there is no 31 April." in output
    assert "Finished" in output
    [booked] = _events_on(tmp_path, "Roadmap review", datetime(2026, 3, 4, 12, tzinfo=UTC))
    assert booked["startTime"] == "2026-03-04T15:00:00-05:00"
    assert _events_on(tmp_path, "Roadmap review", datetime(2026, 3, 2, 12, tzinfo=UTC)) == []


def test_a_start_already_past_is_confirmed_before_it_is_booked(tmp_path: Path):
    output = chat(tmp_path, "book a meeting called Budget check today at 8am", "yes", "a")
    assert "8:00 today has already passed. Book it anyway, or give another time?" in output
    assert output.index("already passed") < output.index("Approve: Create the event")
    [booked] = _events_on(tmp_path, "Budget check", datetime(2026, 3, 2, 12, tzinfo=UTC))
    assert booked["startTime"] == "2026-03-02T08:00:00-05:00"


def test_quit_leaves_the_chat_and_an_open_plan_waits_for_next_time(tmp_path: Path):
    output = chat(tmp_path, "Email Priya the Q3 deck", "quit", "what's on my calendar tomorrow")
    assert "Bye" in output
    assert "I didn't understand" not in output
    assert "Acme call" not in output  # nothing after "quit" was read
    again = chat(tmp_path, "exit")
    assert "What text of the email should I use" in again  # the open plan is shown again at the next start


def test_an_action_it_cannot_take_on_email_is_named_in_the_refusal(tmp_path: Path):
    output = " ".join(chat(tmp_path, "delete all emails from John Smith", "unsend the email I sent Maria").split())
    assert "I can't delete emails" in output and "I can't unsend emails" in output
    assert "I can't do that: I work with email" not in output  # never reads as a contradiction
