"""A change or cancellation said for a repeating event from now on ("… series", "going forward", "all future …",
"from now on") acts on each occurrence found from now (for_each over the read), never the next one alone (usertest
8: s11, t49, t50, t09). Before: only the next occurrence changed, a plural name found nothing, a length said "from
now on" created a new event."""

from tests.planning.conftest import args, goals, run, steps


def _each(line: dict, tool: str) -> dict:
    [write] = steps(line, tool)
    assert write["for_each"] == "{{find_events.result.data}}"
    [read] = steps(line, "fetch_calendar_events")
    assert "limit" not in read["arguments"]["input"]
    return read["arguments"]["input"]


def test_a_whole_series_cancelled_is_each_occurrence_from_now():
    line = run("please drop the design review series")
    assert goals(line) == [("delete", "event")]
    assert _each(line, "delete_calendar_event")["query"] == "design review"


def test_every_future_one_said_in_the_plural_is_searched_by_its_title():
    line = run("cancel all upcoming design syncs")
    assert _each(line, "delete_calendar_event")["query"] == "design sync"


def test_a_new_time_from_now_on_moves_each_occurrence_on_its_own_day():
    line = run("shift the 1:1 with priya to 3pm from now on")
    _each(line, "update_calendar_event")
    assert args(line, "update_calendar_event")["startTime"] == "15:00 on the day of {{item.startTime}}"


def test_a_length_going_forward_is_each_occurrences_length_not_a_new_event():
    line = run("the standup should be 20 minutes going forward")
    assert goals(line) == [("update", "event")]
    _each(line, "update_calendar_event")
    assert args(line, "update_calendar_event")["durationMinutes"] == 20
