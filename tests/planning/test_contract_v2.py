"""Contract §2.1, §2.6, §2.7 (v2): plans over things that exist, one test per mechanism, in our own words."""

from tests.planning.conftest import args, goals, run, steps


def _step(line, tool):
    [found] = steps(line, tool)
    return found


def test_a_change_to_every_event_of_a_day_runs_for_each_event_found():
    line = run("delete all my meetings on Wednesday")
    assert goals(line) == [("delete", "event")]
    fetch, delete = _step(line, "fetch_calendar_events"), _step(line, "delete_calendar_event")
    assert args(line, "fetch_calendar_events") == {
        "start": "2026-03-04T00:00:00-05:00",
        "end": "2026-03-05T00:00:00-05:00",
    }
    assert delete["for_each"] == "{{" + fetch["id"] + ".result.data}}"
    assert delete["arguments"]["input"] == {"eventId": "{{item.id}}"}
    assert fetch["id"] in delete["depends_on"]


def test_one_named_event_is_looked_up_among_upcoming_events():
    line = run("cancel the Initech demo")
    fetch = args(line, "fetch_calendar_events")
    assert fetch["query"] == "Initech demo" and fetch["start"] == "2026-03-02T09:00:00-05:00" and fetch["limit"] == 1
    assert "for_each" not in _step(line, "delete_calendar_event")


def test_people_added_to_or_removed_from_an_event_leave_the_others():
    added = run("invite Priya and Tom to the budget review")
    assert goals(added) == [("update", "event")]
    assert len(args(added, "update_calendar_event")["addAttendees"]) == 2
    removed = run("take Sarah off the Thursday retro")
    assert goals(removed) == [("update", "event")]
    assert args(removed, "update_calendar_event")["removeAttendees"] == ["{{find_sarah.result.data[0].email}}"]


def test_moving_by_an_amount_is_a_shift_and_moving_days_keeps_the_time_of_day():
    assert args(run("move the budget review 2 hours later"), "update_calendar_event")["shiftMinutes"] == 120
    assert args(run("bring the Acme call forward by 15 minutes"), "update_calendar_event")["shiftMinutes"] == -15
    days = run("move all my Monday meetings to Thursday")
    assert args(days, "update_calendar_event")["shiftMinutes"] == 3 * 24 * 60
    assert "for_each" in _step(days, "update_calendar_event")


def test_answering_an_invitation_is_an_update_with_the_answer():
    line = run("tentatively accept the vendor kickoff")
    assert goals(line) == [("update", "event")]
    assert args(line, "respond_to_event")["response"] == "tentative"
    assert args(line, "fetch_calendar_events")["query"] == "vendor kickoff"


def test_a_condition_on_free_time_is_a_check_and_run_if_in_the_same_goal():
    line = run("if I'm free tomorrow at 4pm, schedule a call with Maria")
    assert goals(line) == [("create", "event")]
    check, create = _step(line, "fetch_calendar_events"), _step(line, "create_calendar_event")
    assert check["arguments"]["input"] == {"start": "2026-03-03T16:00:00-05:00", "end": "2026-03-03T16:30:00-05:00"}
    assert create["run_if"] == {"empty": "{{" + check["id"] + ".result.data}}"}
    assert create["arguments"]["input"]["startTime"] == "2026-03-03T16:00:00-05:00"


def test_a_busy_condition_runs_when_something_is_there():
    line = run("if I'm busy on Friday at 10, email Tom that I'll be late")
    create = _step(line, "send_email")
    assert list(create["run_if"]) == ["not_empty"]


def test_a_fallback_time_runs_only_when_the_first_is_taken_and_it_is_free():
    line = run("set up a demo with Acme on Thursday at 9, or at 2 if 9 is taken")
    creates = steps(line, "create_calendar_event")
    checks = steps(line, "fetch_calendar_events")
    assert [c["arguments"]["input"]["start"] for c in checks] == [
        "2026-03-05T09:00:00-05:00",
        "2026-03-05T14:00:00-05:00",
    ]
    assert creates[0]["run_if"] == {"empty": "{{" + checks[0]["id"] + ".result.data}}"}
    assert creates[1]["run_if"] == [
        {"not_empty": "{{" + checks[0]["id"] + ".result.data}}"},
        {"empty": "{{" + checks[1]["id"] + ".result.data}}"},
    ]
    assert creates[1]["arguments"]["input"]["startTime"] == "2026-03-05T14:00:00-05:00"


def test_details_in_mail_are_extracted_never_guessed():
    line = run("add the offsite from Maria's email to my calendar")
    fetch, extract, create = (_step(line, t) for t in ("fetch_emails", "extract", "create_calendar_event"))
    assert fetch["arguments"]["input"]["sender"] == "Maria" and fetch["arguments"]["input"]["includeBody"] is True
    assert extract["arguments"]["input"]["fields"]["startTime"] == "datetime"
    assert create["arguments"]["input"]["startTime"] == "{{" + extract["id"] + ".result.data.startTime}}"
    assert create["arguments"]["input"]["title"] == "Offsite"
    assert "attendees" not in create["arguments"]["input"]  # the sender is the source, not a guest


def test_forwarding_keeps_the_sender_apart_from_the_recipients():
    line = run("forward Tom's latest email to Priya saying FYI")
    assert goals(line) == [("send", "email")]
    forward = args(line, "forward_email")
    assert forward["to"] == ["{{find_priya.result.data[0].email}}"] and forward["body"] == "FYI"
    assert args(line, "fetch_emails")["limit"] == 1


def test_a_file_from_mail_is_attached_by_reference():
    line = run("send John the invoice Maria sent me yesterday")
    fetch, send = _step(line, "fetch_emails"), _step(line, "send_email")
    assert fetch["arguments"]["input"]["hasAttachment"] is True and fetch["arguments"]["input"]["sender"] == "Maria"
    assert send["arguments"]["input"]["attachments"] == ["{{" + fetch["id"] + ".result.data[0].attachments[0].ref}}"]
    assert send["arguments"]["input"]["to"] == ["{{find_john.result.data[0].email}}"]


def test_reply_all_keeps_everyone():
    line = run("reply to all on the last email from Tom saying thanks")
    assert args(line, "reply_email")["replyAll"] is True


def test_a_repeating_event_carries_an_rrule():
    line = run("book a standup every weekday at 9:15")
    assert args(line, "create_calendar_event")["recurrence"] == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
    assert args(run("set up a monthly sync with Globex"), "create_calendar_event")["recurrence"] == "FREQ=MONTHLY"


def test_a_note_is_attached_to_the_record_it_is_about():
    line = run("add a note to the Globex deal that legal signed off")
    assert goals(line) == [("create", "note")]
    lookup, create = _step(line, "fetch_entity"), _step(line, "create_entity")
    assert lookup["arguments"]["input"] == {"entityType": "Deal", "filters": {"company": "Globex"}}
    assert create["arguments"]["input"]["fields"] == {
        "body": "Legal signed off",
        "about": {"entityType": "Deal", "id": "{{" + lookup["id"] + ".result.data[0].id}}"},
    }


def test_a_task_has_a_subject_and_a_due_date():
    line = run("create a task to call Initech about renewal by Thursday")
    assert goals(line) == [("create", "task")]
    fields = args(line, "create_entity")["fields"]
    assert fields["subject"] == "Call Initech about renewal" and fields["dueDate"] == "2026-03-05"


def test_deals_closing_in_a_period_filter_by_close_date():
    line = run("show deals closing next month")
    assert args(line, "fetch_entity")["filters"]["closeDate"] == {"gte": "2026-04-01", "lt": "2026-05-01"}
