"""Checks before a write, in `planbot chat --script` on the local workspace (checked in its file afterwards): a busy
time named on the card with the next free slot offered, a target changed or deleted between the card and the
approval, a record or event that already exists."""

import asyncio
from pathlib import Path
from typing import Any

from integrations.base.arguments import (
    DeleteCalendarEventArgs,
    FetchEntityArgs,
    UpdateCalendarEventArgs,
    UpdateEntityArgs,
)
from integrations.local import open_workspace
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def change(tmp_path: Path, tool: str, arguments: Any) -> None:
    """What someone else does meanwhile (in their calendar app, in the CRM)."""

    async def call() -> None:
        workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
        try:
            await workspace.call(tool, arguments)
        finally:
            workspace.close()

    asyncio.run(call())


def deals(tmp_path: Path, company: str) -> list[dict[str, Any]]:
    return list(read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": company})))


def test_a_busy_time_is_named_and_the_next_free_slot_booked_instead(tmp_path: Path):
    output = chat(tmp_path, "set up a call with Priya and Tom on Wednesday at 3pm", "f", "a")
    assert "⚠ Not free at Wed 4 Mar, 15:00–15:30 EST" in output
    assert "You have “Globex pricing review” 15:00–16:00" in output
    assert "[f] Book 16:00–16:30 instead" in output
    assert "Changed “Create the event 'Call with Priya and Tom'” to Wed 4 Mar, 16:00–16:30 EST" in output
    assert "Finished" in output
    [call] = events(tmp_path, query="Call with Priya and Tom", **day("2026-03-04"))
    assert (call["startTime"], call["endTime"]) == ("2026-03-04T16:00:00-05:00", "2026-03-04T16:30:00-05:00")


def test_approving_a_busy_time_books_it_there(tmp_path: Path):
    output = chat(tmp_path, "set up a call with Priya and Tom on Wednesday at 3pm", "a")
    assert "You have “Globex pricing review” 15:00–16:00" in output and "Finished" in output
    [call] = events(tmp_path, query="Call with Priya and Tom", **day("2026-03-04"))
    assert call["startTime"] == "2026-03-04T15:00:00-05:00"


def test_an_event_moved_after_its_card_is_shown_again_before_it_is_moved(tmp_path: Path):
    first = chat(tmp_path, "push the Acme call back 45 minutes")
    assert "Tue 3 Mar, 11:00–11:45 EST" in first
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    change(tmp_path, "update_calendar_event", UpdateCalendarEventArgs(eventId=call["id"], shiftMinutes=60))
    second = chat(tmp_path, "a", "a")
    assert "“Acme call” changed since you saw it" in second
    assert "Tue 3 Mar, 11:00 EST → Tue 3 Mar, 12:00 EST" in second
    assert "Tue 3 Mar, 12:00–12:45 EST" in second and "Finished" in second
    [moved] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    assert moved["startTime"] == "2026-03-03T12:45:00-05:00"  # 45 minutes after where it was, not where it is shown


def test_an_event_deleted_after_its_card_is_skipped(tmp_path: Path):
    chat(tmp_path, "delete the Acme call")
    [call] = events(tmp_path, query="Acme call", **day("2026-03-03"))
    change(tmp_path, "delete_calendar_event", DeleteCalendarEventArgs(eventId=call["id"]))
    output = chat(tmp_path, "a")
    assert "“Acme call” no longer exists (deleted since you saw it), so I skipped" in output
    assert "✓ Delete" not in output and "Finished" in output


def test_a_deal_whose_stage_changed_is_shown_with_its_new_stage(tmp_path: Path):
    first = chat(tmp_path, "update the Globex deal stage to proposal")
    assert "Stage: Negotiation → Proposal" in first
    [deal] = deals(tmp_path, "Globex")
    change(
        tmp_path, "update_entity", UpdateEntityArgs(entityType="Deal", id=deal["id"], fields={"stage": "closed_won"})
    )
    second = chat(tmp_path, "a")
    assert "“Globex deal” changed since you saw it (stage: negotiation → closed_won)" in second
    assert "Stage: Closed won → Proposal" in second
    assert deals(tmp_path, "Globex")[0]["stage"] == "closed_won"  # nothing ran on the card shown before
    chat(tmp_path, "a")
    assert deals(tmp_path, "Globex")[0]["stage"] == "proposal"


def test_an_account_that_exists_is_used_instead_of_created(tmp_path: Path):
    output = chat(tmp_path, "add an account for Acme", "u")
    assert "⚠ Account “Acme” already exists" in output and "domain acme.com" in output
    assert "[a] Create another" in output and "[u] Use the existing one" in output
    assert "Using the existing “Acme”" in output
    found = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Acme"}))
    assert [a["name"] for a in found] == ["Acme"]


def test_create_another_deal_makes_a_second_one(tmp_path: Path):
    output = chat(tmp_path, "create a deal for Initech", "a")
    assert "⚠ Deal “Initech deal” already exists" in output and "Finished" in output
    assert [d["name"] for d in deals(tmp_path, "Initech") if d["name"] == "Initech deal"] == ["Initech deal"] * 2


def test_an_event_already_on_the_calendar_is_not_booked_twice(tmp_path: Path):
    output = chat(tmp_path, "schedule the Launch review on Friday at 10am", "use the existing one", "undo that")
    assert "⚠ “Launch review” is already on your calendar" in output and "Fri 6 Mar, 10:00–11:00 EST" in output
    assert "Delete the event created by" not in output  # undo never deletes what was there before
    assert len(events(tmp_path, query="Launch review", **day("2026-03-06"))) == 1


def test_a_meeting_deleted_after_the_card_of_a_days_meetings_is_left_out(tmp_path: Path):
    chat(tmp_path, "delete all my meetings on Thursday")
    thursday = events(tmp_path, **day("2026-03-05"))
    assert len(thursday) == 2
    change(tmp_path, "delete_calendar_event", DeleteCalendarEventArgs(eventId=thursday[0]["id"]))
    output = chat(tmp_path, "a")
    assert f"Left out “{thursday[0]['title']}”: no longer there" in output and "Finished" in output
    assert events(tmp_path, **day("2026-03-05")) == []
