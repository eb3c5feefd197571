"""A booking said without a clock time, then "find a time we're both free" in a clause of its own: the search is the
booking's (its window, length and people) and gives the booking its start (contract §2.9) — never a second,
independent search of the whole week with a default length beside a booking that asks for its start."""

from tests.planning.conftest import args, goals, run, steps


def test_a_search_said_after_a_booking_finds_its_start() -> None:
    line = run("set up an hour with tom thursday morning about the roadmap, find a slot that works for both of us")
    assert goals(line) == [("create", "event")]
    search = args(line, "find_free_slots")
    assert (search["durationMinutes"], search["windowStart"], search["windowEnd"]) == (
        60,
        "2026-03-05T08:00:00-05:00",
        "2026-03-05T12:00:00-05:00",
    )
    assert search["attendees"] == ["{{find_tom.result.data[0].email}}"]
    assert args(line, "create_calendar_event")["startTime"] == "{{find_free_slot.result.data[0].start}}"


def test_a_search_with_a_time_of_its_own_stays_a_search() -> None:
    line = run("book 30 min with laura on thursday at 2, and find me some free time next week")
    assert sorted(goals(line)) == [("create", "event"), ("find", "availability")]
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-05T14:00:00-05:00"
    assert [s["tool"] for s in steps(line)].count("find_free_slots") == 1
