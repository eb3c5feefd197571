"""Everyday requests of user trial 1, read by mechanism: a length after a booking verb, a note after ", say",
the sender named by a possessive, names inside a topic, things planbot cannot do, reading a day, booking verbs,
a reminder with a deadline as a CRM task."""

from tests.planning.conftest import args, goals, run, steps


def test_a_length_after_a_booking_phrasal_verb_is_the_meeting_length():
    event = args(run("set up 50 minutes with Maria on Wednesday at 11"), "create_calendar_event")
    assert (event["durationMinutes"], event["startTime"]) == (50, "2026-03-04T11:00:00-05:00")
    assert args(run("move my 3pm today up 30 minutes"), "update_calendar_event").get("durationMinutes") is None


def test_the_words_after_comma_say_are_the_note_of_a_forward():
    line = run("forward the invoice email from Sarah to John, say this one needs paying today")
    assert args(line, "forward_email")["body"] == "This one needs paying today"


def test_a_possessive_name_before_what_is_forwarded_is_its_sender():
    line = run("forward Priya's budget deck to Tom")
    found = args(line, "fetch_emails")
    assert (found.get("sender"), found.get("query")) == ("Priya", "budget deck")
    assert [s["arguments"]["input"]["entityType"] for s in steps(line, "fetch_entity")] == ["Contact"]


def test_capitalised_words_in_an_email_topic_are_the_topic():
    line = run("write to Maria regarding the Initech pilot pricing")
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["Maria"]
    assert args(line, "send_email")["subject"] == "Initech pilot pricing"


def test_capitalised_words_in_a_meeting_topic_name_the_meeting_not_an_attendee():
    line = run("book 25 mins with Tom about the Globex onboarding plan on Monday at 10")
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["Tom"]
    assert "Globex onboarding plan" in args(line, "create_calendar_event")["title"]


def test_deleting_emails_is_refused_not_read():
    refused = run("delete all the emails from Priya")
    assert goals(refused) == [("unsupported", "none")]
    assert "outside email, CRM and calendar" in refused["parse"]["explanation"]  # said as "I can't do that"
    assert goals(run("did I delete the email from Priya?")) == [("find", "email")]


def test_something_made_for_an_existing_event_that_is_no_event_is_refused():
    refused = run("create a webex link for the budget review")
    assert goals(refused) == [("unsupported", "none")]
    assert "outside email, CRM and calendar" in refused["parse"]["explanation"]
    assert goals(run("schedule a follow-up call for the budget review on Friday at 2")) == [("create", "event")]


def test_what_have_i_got_on_a_day_reads_that_day():
    line = run("what have I got on Wednesday?")
    assert goals(line) == [("find", "event")]
    assert args(line, "fetch_calendar_events")["start"] == "2026-03-04T00:00:00-05:00"


def test_anything_with_someone_in_a_period_reads_the_calendar():
    line = run("anything with Sarah on Thursday?")
    assert goals(line) == [("find", "event")]
    found = args(line, "fetch_calendar_events")
    assert (found["start"], found.get("attendee")) == ("2026-03-05T00:00:00-05:00", "Sarah")


def test_a_period_named_next_or_last_is_no_count_of_items():
    found = args(run("what's on my calendar next week"), "fetch_calendar_events")
    assert (found["start"], found.get("limit")) == ("2026-03-09T00:00:00-04:00", None)


def test_grabbing_minutes_with_someone_books_them_also_under_a_condition():
    line = run("if my calendar is clear on Thursday at 10, snag 20 mins with Priya")
    assert goals(line) == [("create", "event")]
    assert args(line, "create_calendar_event")["durationMinutes"] == 20


def test_a_reminder_with_a_deadline_day_is_a_task_due_that_day():
    line = run("remind me to renew the Acme contract by Tuesday")
    assert goals(line) == [("create", "task")]
    assert args(line, "create_entity")["fields"]["dueDate"] == "2026-03-03"
    assert goals(run("remind me to call Tom by Friday at 3pm")) == [("create", "event")]  # a time of day: calendar
