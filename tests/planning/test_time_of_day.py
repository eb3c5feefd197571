"""A move to a time of day alone ("move the team sync to 5pm") is planned on the found event's own day, which only
the read of the event knows (trial 4 item 3: the plan moved a Wednesday event to today)."""

from planning.engine.resolve import resolve
from tests.planning.conftest import args, run


def test_a_time_without_a_day_is_planned_on_the_found_events_day():
    line = run("move my 1:1 with Priya to 4pm")
    start = args(line, "update_calendar_event")["startTime"]
    assert "2026-03-02" not in start  # never today's date
    found = {"find_event": {"data": [{"id": "e1", "startTime": "2026-03-05T11:00:00-05:00"}]}}
    assert resolve({"startTime": start}, found, {}) == {"startTime": "2026-03-05T16:00:00-05:00"}


def test_each_event_found_keeps_its_own_day_and_a_named_day_is_kept():
    line = run("move all my standups to 9am")
    start = args(line, "update_calendar_event")["startTime"]
    item = {"id": "e2", "startTime": "2026-03-10T10:30:00-04:00"}  # after the change to summer time
    assert resolve({"startTime": start}, {}, {}, item=item) == {"startTime": "2026-03-10T09:00:00-04:00"}
    assert args(run("move the standup to Thursday at 9"), "update_calendar_event")["startTime"] == (
        "2026-03-05T09:00:00-05:00"
    )
