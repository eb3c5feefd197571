"""A repeating event changed or cancelled "from now on" / "going forward" / as a "series" (usertest 8): every
occurrence from now changes, those past stay — for a real series (Team sync, an RRULE) and for a standup stored as
separate weekly events. Before: only the next occurrence changed, silently."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_separate_weekly_events_moved_from_now_on_all_move(tmp_path: Path) -> None:
    chat(tmp_path, "shift the weekly standup to 10:30 from now on", "a")
    for day in ("2026-03-09", "2026-03-16"):
        [standup] = _events(tmp_path, day, query="standup")
        assert standup["startTime"].startswith(f"{day}T10:30")


def test_a_series_cancelled_going_forward_loses_every_coming_occurrence_and_keeps_the_past(tmp_path: Path) -> None:
    chat(tmp_path, "scrap the team sync going forward", "a")
    assert _events(tmp_path, "2026-03-11", query="team sync") == []
    assert _events(tmp_path, "2026-04-22", query="team sync") == []
    assert len(_events(tmp_path, "2026-02-25", query="team sync")) == 1
