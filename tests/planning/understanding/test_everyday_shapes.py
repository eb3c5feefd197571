"""Everyday phrasings read by mechanism (issue 15): a day of one's own is one's calendar, time kept aside is an
event, words put down on a record are a note (its dates kept), lower-case people in an attendee change, emails
with attachments, answers "back to me", and "find N minutes" is a search for free time."""

from tests.planning.conftest import args, goals, run, steps


def test_a_day_of_ones_own_is_ones_calendar():
    line = run("what will my friday look like?")
    assert goals(line) == [("find", "event")]
    assert args(line, "fetch_calendar_events")["start"] == "2026-03-06T00:00:00-05:00"


def test_time_kept_aside_is_an_event_named_by_its_purpose():
    event = args(run("hold 45 minutes for budget prep on thursday at 4pm"), "create_calendar_event")
    assert (event["title"], event["durationMinutes"], event["startTime"]) == (
        "Budget prep",
        45,
        "2026-03-05T16:00:00-05:00",
    )


def test_a_booked_thing_names_the_event():
    event = args(run("put a design crit on thursday at 3pm"), "create_calendar_event")
    assert event["title"] == "Design crit"


def test_words_put_down_on_a_record_are_a_note_with_their_dates():
    line = run("write down on the Initech deal that procurement wants to sign in June")
    assert goals(line) == [("create", "note")]
    assert args(line, "create_entity")["fields"]["body"] == "Procurement wants to sign in June"


def test_a_task_to_call_someone_is_a_new_task():
    line = run("add a task to call Acme by thursday")
    assert goals(line) == [("create", "task")]
    assert args(line, "create_entity")["fields"]["subject"] == "Call Acme"


def test_lower_case_people_added_to_an_event_are_each_looked_up():
    line = run("invite john and maria to the launch review")
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["john", "maria"]
    assert len(args(line, "update_calendar_event")["addAttendees"]) == 2


def test_emails_with_attachments_ask_for_attachments_only():
    found = args(run("find emails from Priya with attachments"), "fetch_emails")
    assert (found["sender"], found["hasAttachment"]) == ("Priya", True)


def test_an_answer_back_to_me_is_an_email():
    line = run("did Maria get back to me about the workshop?")
    assert goals(line) == [("find", "email")]
    assert args(line, "fetch_emails")["query"] == "workshop"


def test_find_some_minutes_with_people_is_free_time():
    line = run("find 45 minutes with Tom and Priya on Thursday")
    assert goals(line) == [("find", "availability")]
    assert args(line, "find_free_slots")["durationMinutes"] == 45


def test_a_companys_record_named_with_a_possessive_is_that_companys():
    line = run("move Acme's deal to negotiation")
    assert [s["arguments"]["input"]["filters"] for s in steps(line, "fetch_entity")] == [{"company": "Acme"}]
    assert args(line, "update_entity")["fields"] == {"stage": "negotiation"}
