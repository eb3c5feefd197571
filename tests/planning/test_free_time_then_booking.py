"""A search for free time whose result the next clause books is one goal (contract §2.9): the free-slot search with
the length and window asked, then the event at the first slot found, depending on it."""

from tests.planning.conftest import args, goals, run, steps


def test_finding_minutes_then_booking_them_is_one_booking_into_free_time() -> None:
    line = run("find 40 minutes with carla on thursday morning and book it")
    assert goals(line) == [("create", "event")]
    assert line["parse"]["meta_type"] == "single"
    [search] = steps(line, "find_free_slots")
    assert {k: search["arguments"]["input"][k] for k in ("durationMinutes", "windowStart", "windowEnd")} == {
        "durationMinutes": 40,
        "windowStart": "2026-03-05T08:00:00-05:00",
        "windowEnd": "2026-03-05T12:00:00-05:00",
    }
    [create] = steps(line, "create_calendar_event")
    assert search["id"] in create["depends_on"]
    assert create["arguments"]["input"]["startTime"] == "{{" + search["id"] + ".result.data[0].start}}"
    assert create["arguments"]["input"]["durationMinutes"] == 40


def test_putting_the_found_time_on_the_calendar_books_it() -> None:
    create = args(run("look for an hour w/ dev tomorrow afternoon and put it on my calendar"), "create_calendar_event")
    assert create["startTime"].endswith(".result.data[0].start}}") and create["durationMinutes"] == 60


def test_a_search_for_free_time_alone_stays_a_search() -> None:
    line = run("find 40 minutes with carla on thursday morning")
    assert goals(line) == [("find", "availability")]
    assert steps(line, "create_calendar_event") == []


def test_being_open_or_available_is_being_free() -> None:
    line = run("set up 30 min with rosa friday morning whenever we're both open")
    [search] = steps(line, "find_free_slots")
    create = args(line, "create_calendar_event")
    assert create["startTime"] == "{{" + search["id"] + ".result.data[0].start}}"
    assert "open" not in create["title"].lower()


def test_a_booking_with_no_time_of_its_own_after_a_search_takes_the_slot_found() -> None:
    line = run("check when nell and i are both free thursday and set up the contract review")
    assert goals(line) == [("create", "event")]
    [search] = steps(line, "find_free_slots")
    create = args(line, "create_calendar_event")
    assert create["startTime"] == "{{" + search["id"] + ".result.data[0].start}}"


def test_a_booking_with_its_own_time_after_a_search_is_its_own_goal() -> None:
    line = run("find 30 minutes with nell on friday and also book a call with ivo at 3")
    assert goals(line) == [("find", "availability"), ("create", "event")]
    assert args(line, "create_calendar_event")["startTime"] == "2026-03-02T15:00:00-05:00"


def test_asking_the_assistant_to_find_the_time_for_a_meeting_searches_it() -> None:
    line = run("can you find us a slot w/ omar and bea thu afternoon, 30 min, to go through the hiring plan")
    assert goals(line) == [("create", "event")]
    [search] = steps(line, "find_free_slots")
    assert search["arguments"]["input"]["durationMinutes"] == 30
    assert search["arguments"]["input"]["windowStart"].startswith("2026-03-05T12:00")
    create = args(line, "create_calendar_event")
    assert create["startTime"] == "{{" + search["id"] + ".result.data[0].start}}"
    assert "slot" not in create["title"].lower()
