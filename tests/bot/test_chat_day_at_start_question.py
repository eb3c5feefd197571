"""Where a start time is asked, a day said alone as a change ("actually make it thursday", "wrong week - the 12th")
is the day of the start: the time is asked again on that day (never "the text has no day to change"); "undo that"
then takes the day back, and the time is asked on the day the request gave."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_day_said_as_a_change_where_a_start_is_asked_is_its_day(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "set up 45 min with maria tuesday about the budget", "hmm let's make it friday", "9:30", "y"
    )
    assert "What start time on Fri 6 Mar" in output and "to change to" not in output
    [event] = _events(tmp_path, "2026-03-06", query="budget")
    assert event["startTime"].startswith("2026-03-06T09:30") and event["endTime"].startswith("2026-03-06T10:15")
    assert _events(tmp_path, "2026-03-03", query="budget") == []


def test_a_day_of_another_week_said_where_a_start_is_asked_moves_it_to_that_week(tmp_path: Path) -> None:
    chat(tmp_path, "set up 45 min with maria tuesday about the budget", "oops wrong week - the 10th", "11am", "y")
    [event] = _events(tmp_path, "2026-03-10", query="budget")
    assert event["startTime"].startswith("2026-03-10T11:00")


def test_undo_where_a_start_is_asked_takes_back_the_day_said(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "set up 45 min with maria tuesday about the budget", "make it friday", "hmm no, undo that", "2pm", "y"
    )
    assert output.count("What start time on Tue 3 Mar") == 2
    [event] = _events(tmp_path, "2026-03-03", query="budget")
    assert event["startTime"].startswith("2026-03-03T14:00")
