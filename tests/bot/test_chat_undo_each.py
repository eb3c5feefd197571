"""'undo that' after a change of each of several events puts back each item that can be put back and says, by name,
each that cannot; before, it said the step 'changed several items: undo them one by one' and undid nothing."""

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.local import open_workspace
from tests.bot.test_chat import chat


def test_undo_after_a_move_of_each_event_moves_it_back(tmp_path: Path) -> None:
    output = chat(tmp_path, "move all my thursday meetings to friday", "a", "undo that", "a")
    assert "undo them one by one" not in output
    assert "nothing in your last plan" not in output
    starts = asyncio.run(_starts(tmp_path, "1:1 with Priya"))
    assert starts == ["2026-03-05T14:00:00-05:00"]


def test_undo_after_a_delete_of_each_event_creates_again_what_it_can_and_names_what_it_cannot(tmp_path: Path) -> None:
    output = " ".join(chat(tmp_path, "cancel all my thursday and friday meetings", "a", "undo that", "a").split())
    assert "undo them one by one" not in output
    assert "Launch review · Fri 6 Mar, 10:00 EST” declined an invitation" in output
    assert asyncio.run(_starts(tmp_path, "1:1 with Priya")) == ["2026-03-05T14:00:00-05:00"]


async def _starts(tmp_path: Path, title: str) -> list[str]:
    workspace = open_workspace(tmp_path / "data" / "workspace.sqlite3")
    try:
        events = await workspace.call(
            "fetch_calendar_events",
            FetchCalendarEventsArgs(start=datetime(2026, 3, 2, tzinfo=UTC), end=datetime(2026, 3, 9, tzinfo=UTC)),
        )
        return [e["startTime"] for e in events if e["title"] == title]
    finally:
        workspace.close()
