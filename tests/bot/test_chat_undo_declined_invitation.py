"""'undo that' after removing a meeting someone else organises, which the requester had accepted, does not create a
copy of it as their own (which would invite its organiser and guests again): it says the invitation was declined and
the organiser must invite them again. Before: 'Create “Acme quarterly business review” again', inviting Laura, Dana
and Sarah to a meeting of the requester's."""

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.local import open_workspace
from tests.bot.test_chat import chat


def test_undo_of_a_removed_accepted_invitation_says_so_and_creates_nothing(tmp_path: Path) -> None:
    turns = ("accept the launch review", "a", "remove the launch review from my calendar", "a", "undo that")
    said = chat(tmp_path, *turns)
    output = " ".join(said.split())
    assert "declined an invitation: ask the organiser to invite you again" in output
    assert "again [create_calendar_event" not in output
    assert asyncio.run(_titled(tmp_path, "Launch review")) == []


async def _titled(tmp_path: Path, title: str) -> list[dict[str, object]]:
    workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
    try:
        events = await workspace.call(
            "fetch_calendar_events",
            FetchCalendarEventsArgs(start=datetime(2026, 3, 2, tzinfo=UTC), end=datetime(2026, 3, 9, tzinfo=UTC)),
        )
        return [e for e in events if e["title"] == title]
    finally:
        workspace.close()
