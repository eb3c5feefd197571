"""Request shapes people use (issue 15): several people in one list, what they are to be told without "that", one
booking verb for two events, and the people of an earlier event referred to as "them"."""

from tests.planning.conftest import args, goals, run, steps


def _looked_up(line: dict) -> list[str]:
    return [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")]


def test_every_person_of_a_lower_case_list_is_a_recipient():
    line = run("email priya and john that the budget is approved")
    assert _looked_up(line) == ["priya", "john"]
    assert len(args(line, "send_email")["to"]) == 2


def test_a_comma_list_of_people_names_each_of_them():
    line = run("let priya, john and tom know the budget is approved")
    assert goals(line) == [("send", "email")]
    assert _looked_up(line) == ["priya", "john", "tom"]


def test_let_several_people_know_is_an_email_to_each():
    line = run("let Priya and Sarah know the budget is approved")
    assert goals(line) == [("send", "email")]
    assert _looked_up(line) == ["Priya", "Sarah"]


def test_what_to_tell_them_without_that_is_the_body():
    sent = args(run("let Priya know we're on track for the launch"), "send_email")
    assert sent["body"] == "We're on track for the launch"
    sent = args(run("tell Sarah and Tom the budget was approved on Monday"), "send_email")
    assert sent["body"] == "The budget was approved on Monday"
    assert args(run("tell Sarah the quarterly numbers"), "send_email")["body"] == "{{PLACEHOLDER_body}}"  # no verb


def test_a_subject_from_the_body_does_not_end_on_a_word_that_leads_on():
    sent = args(run("email Tom saying the offsite is moved to next Thursday in Boston"), "send_email")
    assert sent["subject"] == "Offsite is moved to next Thursday"  # a whole phrase, before "in Boston"


def test_one_booking_verb_for_two_events_books_both_with_the_same_people():
    line = run("schedule a review with Priya and Sarah on Wednesday at 11am and then a debrief with them Friday at 4pm")
    assert goals(line) == [("create", "event"), ("create", "event")]
    review, debrief = steps(line, "create_calendar_event")
    assert review["arguments"]["input"]["title"] == "Review with Priya and Sarah"
    assert review["arguments"]["input"]["startTime"] == "2026-03-04T11:00:00-05:00"
    assert debrief["arguments"]["input"]["startTime"] == "2026-03-06T16:00:00-05:00"
    assert debrief["arguments"]["input"]["attendees"] == review["arguments"]["input"]["attendees"]
    assert len(debrief["arguments"]["input"]["attendees"]) == 2
    assert goals(run("schedule a room and a projector")) == [("create", "event")]  # no time or people of its own
