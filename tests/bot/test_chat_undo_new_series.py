"""'undo that' after a weekly meeting was made deletes the whole series. Before, the check that the meeting was
still as shown read it again by days, found only its occurrences (ids of their own) and said it "no longer exists",
skipping the undo: the series stayed (planning.engine.staleness.reread)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_undo_of_a_new_weekly_meeting_deletes_the_series(tmp_path: Path) -> None:
    output = chat(tmp_path, "set up a weekly check-in with tom thursdays at 11", "a", "undo that", "a")
    assert "no longer exists" not in output
    for date in ("2026-03-05", "2026-03-12", "2026-03-19"):
        assert not [e for e in events(tmp_path, **day(date)) if "check-in" in e["title"].lower()], date
