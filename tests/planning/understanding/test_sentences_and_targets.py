"""A question mark ends a request like a full stop; the time after "to" is where a change moves to, wherever the
other time is said; days joined by "or" give a booking's free-time search both days (issue 23)."""

from tests.planning.conftest import args, goals, run, steps


def test_a_question_then_an_action_are_two_requests():
    line = run("what did olu write about the renewal? forward it to kim")
    assert goals(line) == [("find", "email"), ("send", "email")]
    line = run("any news from the auditors in my inbox? add a task to chase them by tues")
    assert ("create", "task") in goals(line) and ("find", "email") in goals(line)


def test_a_question_mark_inside_one_request_splits_nothing():
    line = run("can you push my 2pm? to 4 pls")
    assert goals(line) == [("update", "event")]


def test_the_time_after_to_is_the_new_time_wherever_the_other_is_said():
    moved = args(run("shift the vendor sync to wed 11am, i'm at the dentist tues"), "update_calendar_event")
    assert moved["startTime"] == "2026-03-04T11:00:00-05:00"
    line = run("push the design review to monday 10am from friday")
    assert args(line, "update_calendar_event")["startTime"] == "2026-03-09T10:00:00-04:00"
    assert args(line, "fetch_calendar_events")["start"] == "2026-03-06T00:00:00-05:00"


def test_days_joined_by_or_are_the_window_of_a_booking_search():
    line = run("grab an hour w rosa and ken tue or wed whenever we're all free")
    [search] = steps(line, "find_free_slots")
    window = search["arguments"]["input"]
    assert (window["windowStart"], window["windowEnd"]) == ("2026-03-03T00:00:00-05:00", "2026-03-05T00:00:00-05:00")
