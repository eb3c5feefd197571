"""Everyday requests of user trial 3, read by mechanism: a note introduced by its kind ("with a note: …"), a
period asked about in everyday shapes, a meeting's purpose as its title, a reminder without a time of day as a
task, a bare attendee change joined to the one before, a job title in a contact's details, taking back an email."""

from tests.planning.conftest import args, goals, run, steps


def test_a_note_introduced_by_its_kind_is_the_message_of_a_forward():
    line = run("forward Maria's email about the payment terms to John Smith with a note: can you push back on this?")
    assert args(line, "forward_email")["body"] == "Can you push back on this"
    assert args(run("forward Priya's latest email to Tom, adding: please handle it"), "forward_email")["body"] == (
        "Please handle it"
    )


def test_a_period_asked_about_by_how_it_looks_is_a_calendar_read_of_that_period():
    rest = args(run("how does the rest of my week look?"), "fetch_calendar_events")
    assert (rest["start"], rest["end"]) == ("2026-03-02T09:00:00-05:00", "2026-03-09T00:00:00-04:00")
    week = args(run("what's my week looking like?"), "fetch_calendar_events")
    assert (week["start"], week["end"]) == ("2026-03-02T00:00:00-05:00", "2026-03-09T00:00:00-04:00")
    assert args(run("how's tomorrow looking?"), "fetch_calendar_events")["start"] == "2026-03-03T00:00:00-05:00"


def test_a_meetings_purpose_is_its_title_and_names_in_it_are_no_attendees():
    event = args(
        run("get 20 minutes with Dana on Monday at 4 to walk through the security review"), "create_calendar_event"
    )
    assert event["title"] == "Security review"
    line = run("book 30 minutes with Tom tomorrow at 10 to review the Acme proposal")
    assert args(line, "create_calendar_event")["title"] == "Acme proposal"
    assert [s["arguments"]["input"]["filters"]["name"] for s in steps(line, "fetch_entity")] == ["Tom"]


def test_a_reminder_to_do_crm_work_without_a_time_of_day_is_a_task_due_that_day_whatever_the_preposition():
    task = args(run("remind me to review the Initech renewal proposal on Friday"), "create_entity")
    assert (task["entityType"], task["fields"]["dueDate"]) == ("Task", "2026-03-06")
    task = args(run("remind me on Thursday to send the signed contract"), "create_entity")
    assert (task["fields"]["dueDate"], task["fields"]["subject"]) == ("2026-03-05", "Send the signed contract")
    timed = run("remind me to send the signed contract wednesday at 3pm")
    assert args(timed, "create_calendar_event")["startTime"] == "2026-03-04T15:00:00-05:00"
    assert goals(run("remind me about my interview on Friday")) == [("create", "event")]


def test_a_bare_attendee_change_after_one_on_an_event_changes_the_same_event():
    line = run("take Sarah off the Acme call and add John Smith")
    assert goals(line) == [("update", "event")]
    change = args(line, "update_calendar_event")
    assert change["removeAttendees"] == ["{{find_sarah.result.data[0].email}}"]
    assert change["addAttendees"] == ["{{find_john_smith.result.data[0].email}}"]
    assert not steps(line, "create_calendar_event")


def test_a_job_title_at_a_company_in_a_contacts_details_is_kept():
    fields = args(run("add a new contact: Rob Kim, rob.kim@globex.com, VP Engineering at Globex"), "create_entity")
    assert (fields["fields"]["title"], fields["fields"]["company"]) == ("VP Engineering", "Globex")
    fields = args(run("save a contact: Lena Ortiz, lena@umbrella.io, Head of Sales at Umbrella"), "create_entity")
    assert (fields["fields"]["title"], fields["fields"]["company"]) == ("Head of Sales", "Umbrella")


def test_taking_back_a_sent_email_is_refused_not_sent_again():
    for text in ("unsend the email I sent Maria yesterday", "recall the email I sent to Tom this morning"):
        line = run(text)
        assert goals(line) == [("unsupported", "none")] and not steps(line)
