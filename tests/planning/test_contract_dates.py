"""Contract §2.4 dates through the whole pipeline (the grammar itself is tested in understanding/)."""

from tests.planning.conftest import args, run


def start_of(text: str) -> str:
    return args(run(text), "create_calendar_event")["startTime"]


def test_weekday_means_next_occurrence():
    assert start_of("schedule a call with Tom Thursday at 2pm") == "2026-03-05T14:00:00-05:00"


def test_next_weekday_is_in_the_following_week_across_dst():
    assert start_of("schedule a call with Tom next Wednesday at 9am") == "2026-03-11T09:00:00-04:00"


def test_bare_hours_read_in_working_hours():
    assert start_of("schedule a call with Tom tomorrow at 9") == "2026-03-03T09:00:00-05:00"
    assert start_of("schedule a call with Tom tomorrow at 3") == "2026-03-03T15:00:00-05:00"


def test_this_week_runs_monday_to_monday():
    fetch = args(run("what meetings do I have this week"), "fetch_calendar_events")
    assert fetch["start"] == "2026-03-02T00:00:00-05:00"
    assert fetch["end"] == "2026-03-09T00:00:00-04:00"


def test_part_of_day_is_a_range():
    fetch = args(run("what's on my calendar Thursday afternoon"), "fetch_calendar_events")
    assert (fetch["start"], fetch["end"]) == ("2026-03-05T12:00:00-05:00", "2026-03-05T17:00:00-05:00")


def test_a_day_without_time_is_midnight_to_midnight():
    fetch = args(run("what's on my calendar tomorrow"), "fetch_calendar_events")
    assert (fetch["start"], fetch["end"]) == ("2026-03-03T00:00:00-05:00", "2026-03-04T00:00:00-05:00")


def test_one_on_one_is_a_meeting_not_a_time():
    update = args(run("move my 1:1 with Priya to Friday at 10am"), "update_calendar_event")
    assert update["startTime"] == "2026-03-06T10:00:00-05:00"


def test_explicit_date_after_dst_change():
    event = args(run("set up a 2 hour workshop on March 10 at 9am called Roadmap planning"), "create_calendar_event")
    assert event["startTime"] == "2026-03-10T09:00:00-04:00"
    assert event["durationMinutes"] == 120
    assert event["title"] == "Roadmap planning"


def test_email_range_this_week():
    assert (
        args(run("who emailed me about the budget this week"), "fetch_emails")["since"] == "2026-03-02T00:00:00-05:00"
    )


# --- dates that do not exist: asked for, never moved to another day ---------------------------------------


def test_an_impossible_date_leaves_the_start_to_ask_and_says_why():
    for text, missing in (
        ("book a meeting with Priya on February 30 at 3pm", "30 February"),
        ("set up lunch with Maria 2027-02-29 at noon", "29 February 2027"),
        ("book a meeting with Priya on 31/04 at 10am", "31 April"),
        ("Feb 30th at 3pm meeting with Priya", "30 February"),
    ):
        line = run(text)
        event = args(line, "create_calendar_event")
        assert event["startTime"] == "{{PLACEHOLDER_startTime}}", text
        assert "2027" not in event["title"] and not event["title"].startswith("At ")
        assert any(f"there is no {missing}" in a for a in line["parse"]["ambiguities"]), text
        assert line["parse"]["goals"][0]["scope"]["impossible_date"] == missing
        assert line["parse"]["clarify"] is None  # the start time question says it


def test_moving_an_event_to_an_impossible_date_asks_for_the_new_start():
    update = args(run("move my 1:1 with Priya to February 30 at 10am"), "update_calendar_event")
    assert update["startTime"] == "{{PLACEHOLDER_startTime}}"


def test_reading_an_impossible_date_asks_which_day_was_meant():
    line = run("what's on my calendar on February 30")
    assert line["parse"]["clarify"] == "There is no 30 February. Which day did you mean?"
