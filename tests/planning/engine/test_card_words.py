"""Every approval card says what changes in words (issue 15): a heading that names the thing, labelled lines (never
an argument name, never JSON), amounts and dates as people write them, times in the user's zone with its name,
nobody cut off, and what to say once it ran."""

from zoneinfo import ZoneInfo

from planning.engine.target_text import Target, describe, describe_new
from planning.engine.texts import step_state

NY = ZoneInfo("America/New_York")
ACME = {"id": "acct-1", "name": "Acme Corp", "domain": "acme.com"}
REVIEW = {
    "id": "e7",
    "title": "Pipeline review",
    "startTime": "2026-03-05T19:00:00+00:00",
    "endTime": "2026-03-05T20:00:00+00:00",
    "attendees": [f"person{n}@example.com" for n in range(12)],
}
MAIL = {
    "id": "msg-11",
    "from": "John Park <john.park@globex.com>",
    "subject": "Re: Q3 numbers",
    "date": "2026-03-04T14:30:00+00:00",
}
DEAL = {"id": "d3", "name": "Initech deal", "company": "Initech", "stage": "proposal", "amount": 48000}
ARGUMENT_NAMES = ("startTime", "durationMinutes", "messageId", "eventId", "entityType", "fields", "{", "UTC-0")


def card(target: Target) -> str:
    """The card as both front ends draw it: heading, first line, then each line before → after."""
    lines = [target.heading, target.line()]
    lines += [f"{c.field}: {c.before} → {c.after}" if c.before else f"{c.field}: {c.after}" for c in target.changes]
    text = "\n".join(lines)
    assert not any(name in text for name in ARGUMENT_NAMES), text
    return text


def test_a_note_shows_its_text_and_what_it_is_about():
    args = {"entityType": "Note", "fields": {"body": "they want a discount on the renewal", "about": {"id": "acct-1"}}}
    target = describe_new("create_entity", args, NY, about={**ACME, "entityType": "Account"})
    text = card(target)
    assert "Note on Acme Corp (account): “they want a discount on the renewal”" in text
    assert target.heading == "Add a note on Acme Corp (account)"
    assert target.done == "Added the note on Acme Corp (account)"


def test_a_contact_shows_each_field_on_its_own_labelled_line():
    fields = {"name": "Rob Kim", "company": "Globex", "email": "rob.kim@globex.com", "title": "VP Engineering"}
    text = card(describe_new("create_entity", {"entityType": "Contact", "fields": fields}, NY))
    assert text.splitlines()[1:] == [
        "New contact: Rob Kim",
        "Name: Rob Kim",
        "Email: rob.kim@globex.com",
        "Title: VP Engineering",
        "Company: Globex",
    ]


def test_a_task_shows_its_subject_due_date_and_what_it_is_about():
    fields = {"subject": "Send the 250 seat quote", "dueDate": "2026-03-12", "about": {"entityType": "Account"}}
    target = describe_new("create_entity", {"entityType": "Task", "fields": fields}, NY, about=ACME)
    text = card(target)
    assert "Due: Thu 12 Mar 2026" in text and "About: Acme Corp (account)" in text
    assert target.heading == "Add the task “Send the 250 seat quote” (due Thu 12 Mar 2026)"


def test_a_record_update_shows_before_and_after_with_amounts_formatted():
    args = {
        "entityType": "Deal",
        "id": "d3",
        "fields": {"stage": "negotiation", "amount": 125000, "closeDate": "2026-04-30"},
    }
    target = describe("update_entity", DEAL, args, NY)
    text = card(target)
    assert "Stage: Proposal → Negotiation" in text and "Amount: $48,000 → $125,000" in text
    assert "Close date: — → Thu 30 Apr 2026" in text
    assert target.heading == "Update deal “Initech deal”"
    assert target.done.startswith("Updated deal “Initech deal”: Stage Proposal → Negotiation; Amount $48,000")


def test_the_undo_of_a_record_update_shows_before_and_after_like_the_update():
    now = {**DEAL, "stage": "negotiation", "amount": 125000}
    args = {"entityType": "Deal", "id": "d3", "fields": {"stage": "proposal", "amount": 48000}}
    target = describe("update_entity", now, args, NY, undo=True)
    text = card(target)
    assert target.heading == "Put back deal “Initech deal” as it was"
    assert "Stage: Negotiation → Proposal" in text and "Amount: $125,000 → $48,000" in text


def test_a_move_names_the_event_in_the_users_zone_with_everyone_on_it():
    target = describe("update_calendar_event", REVIEW, {"eventId": "e7", "startTime": "2026-03-06T19:00:00Z"}, NY)
    text = card(target)
    assert target.heading == "Move “Pipeline review” (Thu 5 Mar 14:00)"
    assert "When: Thu 5 Mar, 14:00–15:00 EST → Fri 6 Mar, 14:00–15:00 EST" in text
    assert all(f"person{n}@example.com" in text for n in range(12))  # nobody cut off
    assert target.done == "Moved “Pipeline review” to Fri 6 Mar, 14:00–15:00 EST"


def test_an_event_with_no_stored_end_shows_no_end_rather_than_an_empty_length():
    open_ended = {key: value for key, value in REVIEW.items() if key != "endTime"}
    text = card(describe("update_calendar_event", open_ended, {"eventId": "e7", "durationMinutes": 15}, NY))
    assert "When: Thu 5 Mar, 14:00 EST (no end) → Thu 5 Mar, 14:00–14:15 EST" in text
    assert "Length: no end → 15 min" in text and "—" not in text


def test_a_delete_and_an_answer_name_the_event():
    assert describe("delete_calendar_event", REVIEW, {"eventId": "e7"}, NY).heading == (
        "Delete “Pipeline review” (Thu 5 Mar 14:00)"
    )
    answer = describe("respond_to_event", REVIEW, {"eventId": "e7", "response": "decline"}, NY)
    assert answer.heading == "Decline “Pipeline review” (Thu 5 Mar 14:00)"
    assert "Your answer: not answered → declined" in card(answer)


def test_a_reply_and_a_forward_name_the_email_its_sender_and_date():
    reply = describe("reply_email", MAIL, {"messageId": "msg-11", "body": "Yes, included."}, NY)
    text = card(reply)
    assert reply.heading == "Reply to John Park: Re: Q3 numbers"
    assert "from John Park <john.park@globex.com> · Wed 4 Mar, 09:30 EST" in text and "Message: Yes, included." in text
    to = ["maria@example.com", "tom@example.com"]
    forward = describe("forward_email", MAIL, {"messageId": "msg-11", "to": to, "body": "see below"}, NY)
    assert forward.heading == "Forward “Re: Q3 numbers” to maria@example.com, tom@example.com"
    assert "To: maria@example.com, tom@example.com" in card(forward)


def test_a_new_email_and_a_new_event_are_labelled():
    sent = describe_new("send_email", {"to": ["a@x.com", "b@y.com"], "subject": "Agenda", "body": "Hi"}, NY)
    assert card(sent).splitlines()[1:] == [
        "New email: “Agenda”",
        "To: a@x.com, b@y.com",
        "Subject: Agenda",
        "Message: Hi",
    ]
    event = {"title": "Sync", "startTime": "2026-03-05T19:00:00Z", "durationMinutes": 45, "attendees": ["a@x.com"]}
    text = card(describe_new("create_calendar_event", event, NY))
    assert "When: Thu 5 Mar, 14:00–14:45 EST" in text and "Length: 45 min" in text and "Attendees: a@x.com" in text


def test_an_answer_to_an_invitation_is_said_in_words_not_as_the_calendar_stores_it():
    invited = {**REVIEW, "organizer": "tom@example.com", "myResponse": "needsAction"}
    declined = describe("respond_to_event", invited, {"eventId": "e7", "response": "declined"}, NY)
    assert "Your answer: not answered → declined" in card(declined)
    assert declined.done == "Declined “Pipeline review” (Thu 5 Mar 14:00)"
    maybe = describe("respond_to_event", {**invited, "myResponse": "accepted"}, {"response": "tentative"}, NY)
    assert "Your answer: accepted → maybe" in card(maybe) and "needsAction" not in card(maybe)


def test_one_occurrence_of_a_repeating_event_is_said_to_be_one():
    weekly = {**REVIEW, "id": "event-7_20260305T190000Z", "recurrence": "FREQ=WEEKLY;BYDAY=TH", "seriesId": "event-7"}
    deleted = describe("delete_calendar_event", weekly, {"eventId": weekly["id"]}, NY)
    assert "one occurrence of a weekly meeting; the others stay" in card(deleted)
    assert deleted.done.endswith("; the other occurrences stay")
    moved = describe("update_calendar_event", weekly, {"eventId": weekly["id"], "shiftMinutes": 60}, NY)
    assert "one occurrence of a weekly meeting; the others stay" in card(moved)
    series = describe("delete_calendar_event", weekly, {"eventId": "event-7"}, NY)
    assert "every occurrence of a weekly meeting" in card(series)
    assert "occurrence" not in card(describe("delete_calendar_event", REVIEW, {"eventId": "e7"}, NY))


def test_a_forward_names_known_recipients_and_has_a_short_action():
    names = {"john.smith@example.com": "John Smith"}
    args = {"messageId": "msg-11", "to": ["john.smith@example.com", "x@example.com"], "body": "see below"}
    forward = describe("forward_email", MAIL, args, NY, names=names)
    assert forward.heading == "Forward “Re: Q3 numbers” to John Smith, x@example.com"
    assert "To: John Smith <john.smith@example.com>, x@example.com" in card(forward)
    assert forward.action == "Forward email"
    sent = describe_new("send_email", {"to": ["john.smith@example.com"], "subject": "Hi", "body": "b"}, NY, names=names)
    assert "To: John Smith <john.smith@example.com>" in card(sent)


def test_an_event_made_again_by_an_undo_is_named_by_its_title_and_time():
    args = {"title": "Lunch with Maria", "startTime": "2026-03-10T16:00:00+00:00", "durationMinutes": 60}
    again = describe_new("create_calendar_event", args, NY, undo=True)
    assert again.heading == "Create “Lunch with Maria” (Tue 10 Mar 12:00) again"
    assert again.done == "Created “Lunch with Maria” (Tue 10 Mar 12:00) again"
    assert describe_new("create_calendar_event", args, NY).heading == ""


def test_a_skipped_step_says_why_in_words():
    assert step_state("skipped", "skipped by you: no startTime given") == "skipped: no start time was given"
    assert step_state("skipped", "skipped by you") == "skipped by you"
    assert step_state("skipped", "cancelled") == "skipped (cancelled)"
    assert step_state("done", None) == "done"
