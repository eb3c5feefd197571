"""`planbot chat --script` on v2 plans (contract §2.6, §2.7), each checked in the local workspace's file afterwards:
every meeting of a day deleted, an attendee added keeping the others, an event moved by an amount, a booking that
depends on free time (both ways), an event from an email, a forward with a note, a CRM note, a weekly event."""

import asyncio
from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs, FetchEntityArgs
from integrations.local import open_workspace
from tests.bot.test_chat import chat


def read(tmp_path: Path, tool: str, arguments: Any) -> Any:
    async def call() -> Any:
        workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
        try:
            return await workspace.call(tool, arguments)
        finally:
            workspace.close()

    return asyncio.run(call())


def events(tmp_path: Path, **filters: Any) -> list[dict[str, Any]]:
    return list(read(tmp_path, "fetch_calendar_events", FetchCalendarEventsArgs.model_validate(filters)))


def day(date: str) -> dict[str, str]:
    return {"start": f"{date}T00:00:00-05:00", "end": f"{date}T23:59:00-05:00"}


def test_delete_all_of_a_days_meetings(tmp_path: Path):
    chat(tmp_path, "hello")  # the workspace with its demo data
    before = events(tmp_path, **day("2026-03-05"))
    assert len(before) == 2
    output = chat(tmp_path, "delete all my meetings on Thursday", "a")
    assert "2 items" in output and "Finished" in output
    assert events(tmp_path, **day("2026-03-05")) == []


def test_add_an_attendee_keeps_the_others(tmp_path: Path):
    chat(tmp_path, "hello")
    [review] = events(tmp_path, query="Globex pricing review", start="2026-03-02T00:00:00-05:00")
    output = chat(tmp_path, "add Sarah to the Globex pricing review", "a")
    assert "Finished" in output
    [after] = events(tmp_path, query="Globex pricing review", start="2026-03-02T00:00:00-05:00")
    assert set(after["attendees"]) == {*review["attendees"], "sarah.lee@example.com"}


def test_move_an_event_by_a_relative_amount(tmp_path: Path):
    chat(tmp_path, "hello")
    [call] = events(tmp_path, query="Acme call", start="2026-03-02T00:00:00-05:00")
    output = chat(tmp_path, "push the Acme call back 45 minutes", "a")
    assert "Finished" in output
    [moved] = events(tmp_path, query="Acme call", start="2026-03-02T00:00:00-05:00")
    assert (moved["startTime"], moved["endTime"]) != (call["startTime"], call["endTime"])
    assert moved["startTime"] == "2026-03-03T11:45:00-05:00" == call["startTime"].replace("11:00", "11:45")


def test_conditional_booking_when_the_time_is_free(tmp_path: Path):
    output = chat(tmp_path, "if my Thursday 11am is open, set up a meeting with Priya", "a")
    assert "Finished" in output
    [booked] = events(tmp_path, query="Meeting with Priya", **day("2026-03-05"))
    assert booked["startTime"] == "2026-03-05T11:00:00-05:00"


def test_conditional_booking_when_the_time_is_taken(tmp_path: Path):
    output = chat(tmp_path, "if I'm free Thursday at 2pm, book a call with Sarah")
    assert "Not doing" in output and "1:1 with Priya at 14:00" in output
    assert events(tmp_path, query="Call with Sarah", **day("2026-03-05")) == []


def test_an_event_from_an_email(tmp_path: Path):
    output = chat(tmp_path, "put the partner summit from the emails on my calendar", "a")
    assert "Finished" in output
    [summit] = events(tmp_path, query="Partner summit", start="2026-03-02T00:00:00-05:00")
    assert summit["startTime"] == "2026-03-12T10:00:00-04:00"  # read from the email, across the DST change


def test_forward_with_a_note(tmp_path: Path):
    output = chat(tmp_path, "forward the contract email from Maria to Tom saying please review by Friday", "a")
    assert "Finished" in output
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    [forward] = [m for m in sent if m["subject"].startswith("Fwd:")]
    assert "contract" in forward["subject"].lower() and "Please review by Friday" in forward["body"]
    assert forward["attachments"], "the original's attachments go along"


def test_a_crm_note_on_an_account(tmp_path: Path):
    output = chat(tmp_path, "add a note on the Initech account that they asked for SSO support", "a")
    assert "Finished" in output
    [account] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Initech"}))
    notes = read(
        tmp_path,
        "fetch_entity",
        FetchEntityArgs(entityType="Note", filters={"about": {"entityType": "Account", "id": account["id"]}}),
    )
    assert any(note["body"] == "They asked for SSO support" for note in notes)


def test_a_weekly_recurring_event(tmp_path: Path):
    output = chat(tmp_path, "set up a weekly team sync every Monday at 10", "a")
    assert "Finished" in output
    found = events(tmp_path, query="team sync", start="2026-03-02T00:00:00-05:00", end="2026-03-31T00:00:00-04:00")
    mondays = [e for e in found if "BYDAY=MO" in (e.get("recurrence") or "")]  # the demo's own sync is on Wednesdays
    assert [e["startTime"][:10] for e in mondays] == [
        "2026-03-02",
        "2026-03-09",
        "2026-03-16",
        "2026-03-23",
        "2026-03-30",
    ]
