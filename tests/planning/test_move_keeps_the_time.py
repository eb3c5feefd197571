"""A move of an event to a day with no time of day keeps the event's wall-clock time on that day, across a
daylight-saving change too (issue 24, contract §2.4): the plan says so, the engine fills it once the event is read."""

from datetime import date
from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from planning.engine.resolve import resolve
from planning.references import at_time_of, parse_at_time_of
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read
from tests.planning.conftest import args, run

FOUND = "{{find_event.result.data[0].startTime}}"


def test_a_time_kept_on_another_day_is_written_and_read_back():
    kept = at_time_of(FOUND, date(2026, 3, 6), "America/New_York")
    assert parse_at_time_of(kept) == (FOUND, date(2026, 3, 6), "America/New_York")
    assert parse_at_time_of("16:00 on the day of " + FOUND) is None


def test_the_wall_clock_time_is_kept_across_the_daylight_saving_change():
    arguments = {"eventId": "e1", "startTime": at_time_of(FOUND, date(2026, 3, 9), "America/New_York")}
    results = {"find_event": {"data": [{"id": "e1", "startTime": "2026-03-06T13:30:00-05:00"}]}}
    assert resolve(arguments, results, {})["startTime"] == "2026-03-09T13:30:00-04:00"


def test_a_move_to_a_day_without_a_time_keeps_the_events_time_of_day():
    change = args(run("reschedule my catch-up with Dana to thursday, same time"), "update_calendar_event")
    assert change["startTime"] == at_time_of(FOUND, date(2026, 3, 5), "America/New_York")
    week = args(run("push my catch-up with Dana to next week"), "update_calendar_event")
    assert week["startTime"] == "{{PLACEHOLDER_startTime}}"  # a week is no day: its day and time are asked


def test_an_event_moved_across_the_clock_change_keeps_its_hour_in_the_workspace(tmp_path: Path):
    output = chat(tmp_path, "move the acme call to next wednesday", "a")
    assert "Finished" in output
    day = {"start": "2026-03-11T00:00:00-04:00", "end": "2026-03-12T00:00:00-04:00", "query": "acme call"}
    [moved] = read(tmp_path, "fetch_calendar_events", FetchCalendarEventsArgs(**day))
    assert moved["startTime"] == "2026-03-11T11:00:00-04:00"
