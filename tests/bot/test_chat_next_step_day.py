"""A request said as the next step after a plan ended, with a time of day and no day, is on the day that plan was
about ("then hold 9 to 11 for the budget memo" after Friday morning was cleared), and an unmarked range after a verb
that keeps time is hours ("hold 9 to 11"). Checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_time_said_as_the_next_step_is_on_the_day_the_last_plan_was_about(tmp_path: Path) -> None:
    output = chat(tmp_path, "what's on my calendar friday?", "then hold 9 to 11 for the budget memo", "a")
    assert "Finished" in output.split("> then hold")[1]
    [held] = events(tmp_path, query="budget memo", **day("2026-03-06"))
    assert (held["startTime"], held["endTime"]) == ("2026-03-06T09:00:00-05:00", "2026-03-06T11:00:00-05:00")
    assert events(tmp_path, query="budget memo", **day("2026-03-02")) == []
