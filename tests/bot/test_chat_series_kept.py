"""One occurrence of a repeating event cancelled while the words say the series stays (z09/zb19: "just this week's
one, keep the rest of the series"): only that occurrence goes, approved with a plain "confirmed". Before, the
word "series" deleted every Team sync from now on under one approval."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_one_occurrence_cancelled_with_the_rest_of_the_series_kept(tmp_path: Path) -> None:
    said = "cancel the team sync on the 11th, we're all at the summit. the rest of the series stays"
    output = chat(tmp_path, said, "confirmed")
    assert "Finished" in output
    assert _events(tmp_path, "2026-03-11", query="team sync") == []
    assert len(_events(tmp_path, "2026-03-04", query="team sync")) == 1
    assert len(_events(tmp_path, "2026-03-18", query="team sync")) == 1


def test_this_weeks_occurrence_cancelled_when_told_not_to_touch_the_series(tmp_path: Path) -> None:
    output = chat(tmp_path, "drop this week's team sync only, don't touch the series", "a")
    assert "Finished" in output
    assert _events(tmp_path, "2026-03-04", query="team sync") == []
    assert len(_events(tmp_path, "2026-03-11", query="team sync")) == 1


def test_the_series_said_as_the_thing_cancelled_still_loses_every_coming_occurrence(tmp_path: Path) -> None:
    chat(tmp_path, "cancel the team sync series, not just this week's", "a")
    assert _events(tmp_path, "2026-03-04", query="team sync") == []
    assert _events(tmp_path, "2026-03-18", query="team sync") == []
