"""A new event placed against another one: "right before" ends it when the other starts (the other is found, its
start known only at run time), "right after" starts it when the other ends, and a meeting with others "before" an
event is due before it: a free-time search up to that day. The other event is neither the new one's title nor its
day."""

from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from planning.engine.resolve import resolve
from planning.references import minutes_before, parse_minutes_before
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read
from tests.planning.conftest import args, run, steps

FOUND = "{{find_other_event.result.data[0].startTime}}"


def test_a_moment_some_minutes_before_a_found_one_is_written_read_back_and_filled():
    said = minutes_before(20, FOUND)
    assert parse_minutes_before(said) == (20, FOUND)
    results = {"find_other_event": {"data": [{"id": "e1", "startTime": "2026-03-04T10:00:00-05:00"}]}}
    assert resolve({"startTime": said}, results, {})["startTime"] == "2026-03-04T09:40:00-05:00"


def test_a_block_right_before_an_event_ends_when_it_starts():
    line = run("put 20 min on my calendar just before tomorrow's standup to rehearse")
    found = args(line, "fetch_calendar_events")
    assert (found["query"], found["start"][:10], found["limit"]) == ("standup", "2026-03-03", 1)
    made = args(line, "create_calendar_event")
    assert made["startTime"] == minutes_before(20, FOUND)
    assert (made["durationMinutes"], made["title"]) == (20, "Rehearsal")


def test_a_block_right_after_an_event_starts_when_it_ends():
    made = args(run("hold half an hour right after the globex pricing review on wednesday"), "create_calendar_event")
    assert made["startTime"] == "{{find_other_event.result.data[0].endTime}}"
    assert "globex" not in made["title"].casefold()


def test_a_meeting_with_others_before_an_event_is_looked_for_before_that_day():
    line = run("need an hour with tom and maria before friday's board meeting to go over the numbers")
    assert not steps(line, "fetch_calendar_events")
    search = args(line, "find_free_slots")
    assert (search["windowStart"][:10], search["windowEnd"]) == ("2026-03-02", "2026-03-06T00:00:00-05:00")
    made = args(line, "create_calendar_event")
    assert made["startTime"] == "{{find_free_slot.result.data[0].start}}"
    assert "board" not in made["title"].casefold()


def test_a_period_said_beside_the_deadline_is_where_the_time_is_looked_for():
    line = run("need 30 min with tom before thursday's review to walk through the plan, wednesday morning works")
    search = args(line, "find_free_slots")
    assert (search["windowStart"], search["durationMinutes"]) == ("2026-03-04T08:00:00-05:00", 30)


def test_a_prep_block_right_before_an_event_is_booked_in_the_workspace(tmp_path: Path):
    output = chat(tmp_path, "block 15 min right before the team sync on wednesday so i can prep", "a")
    assert "Finished" in output
    day = {"start": "2026-03-04T00:00:00-05:00", "end": "2026-03-05T00:00:00-05:00", "query": "prep"}
    [made] = read(tmp_path, "fetch_calendar_events", FetchCalendarEventsArgs(**day))
    assert (made["startTime"], made["endTime"]) == ("2026-03-04T09:45:00-05:00", "2026-03-04T10:00:00-05:00")
