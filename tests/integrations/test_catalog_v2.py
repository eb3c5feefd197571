"""The v2 tools, arguments and records of contract §3, and the goal each write declares."""

import pytest
from pydantic import BaseModel, ValidationError

from integrations.base import CATALOG, ToolSpec
from integrations.base.arguments import (
    CreateCalendarEventArgs,
    CreateEntityArgs,
    ExtractArgs,
    FetchEntityArgs,
    ForwardEmailArgs,
    ReplyEmailArgs,
    RespondToEventArgs,
    SendEmailArgs,
    UpdateCalendarEventArgs,
    UpdateEntityArgs,
)


def test_every_write_declares_the_goal_it_serves_and_reads_declare_none():
    for spec in CATALOG:
        assert (spec.serves is not None) == (spec.kind == "write"), spec.name


def test_generic_record_tools_serve_the_goal_of_their_entity_type():
    create = CATALOG.get("create_entity")
    assert create is not None
    assert create.goal_of({"entityType": "Note", "fields": {}}) == ("create", "note")
    assert create.goal_of({"entityType": "{{PLACEHOLDER_entityType}}"}) is None
    forward = CATALOG.get("forward_email")
    assert forward is not None and forward.goal_of({}) == ("send", "email")
    respond = CATALOG.get("respond_to_event")
    assert respond is not None and respond.goal_of({}) == ("update", "event")


def test_a_write_tool_without_a_declared_goal_is_refused():
    class Args(BaseModel):
        title: str

    with pytest.raises(ValidationError, match="must declare"):
        ToolSpec(name="open_ticket", description="x", args_model=Args, kind="write", area="core")


def test_attachments_are_file_references():
    ok = SendEmailArgs.model_validate(
        {"to": ["a@b.co"], "subject": "s", "body": "b", "attachments": ["slack:F123ABC", "email:msg-4/att-1"]}
    )
    assert ok.attachments == ["slack:F123ABC", "email:msg-4/att-1"]
    with pytest.raises(ValidationError, match="not a file reference"):
        SendEmailArgs.model_validate({"to": ["a@b.co"], "subject": "s", "body": "b", "attachments": ["deck.pdf"]})
    assert ReplyEmailArgs.model_validate({"messageId": "m1", "body": "ok", "replyAll": True}).replyAll is True


def test_forward_needs_a_message_and_real_recipients():
    assert ForwardEmailArgs.model_validate({"messageId": "m1", "to": ["tom.reyes@example.com"]}).body is None
    with pytest.raises(ValidationError, match="not an email address"):
        ForwardEmailArgs.model_validate({"messageId": "m1", "to": ["Tom"]})
    with pytest.raises(ValidationError):
        ForwardEmailArgs.model_validate({"messageId": "m1", "to": []})


def test_extract_fields_have_closed_types():
    args = ExtractArgs.model_validate({"text": "x", "fields": {"startTime": "datetime", "room": "text"}})
    assert args.fields == {"startTime": "datetime", "room": "text"}
    with pytest.raises(ValidationError):
        ExtractArgs.model_validate({"text": "x", "fields": {"startTime": "timestamp"}})
    with pytest.raises(ValidationError, match="needs text"):
        ExtractArgs.model_validate({"text": "", "fields": {"startTime": "datetime"}})
    with pytest.raises(ValidationError):
        ExtractArgs.model_validate({"text": "x", "fields": {}})


def test_recurrence_is_an_rrule_and_is_kept_upper_case():
    base = {"title": "Team sync", "startTime": "2026-03-09T10:00:00-04:00", "durationMinutes": 30}
    args = CreateCalendarEventArgs.model_validate({**base, "recurrence": "freq=weekly;byday=MO"})
    assert args.recurrence == "FREQ=WEEKLY;BYDAY=MO"
    for bad in ("every monday", "BYDAY=MO", "FREQ=FORTNIGHTLY", "FREQ=WEEKLY;"):
        with pytest.raises(ValidationError, match="not a recurrence rule"):
            CreateCalendarEventArgs.model_validate({**base, "recurrence": bad})


def test_attendee_changes_and_shifts_are_checked():
    add = UpdateCalendarEventArgs.model_validate({"eventId": "e1", "addAttendees": ["sarah.lee@example.com"]})
    assert add.addAttendees == ["sarah.lee@example.com"]
    assert UpdateCalendarEventArgs.model_validate({"eventId": "e1", "shiftMinutes": -30}).shiftMinutes == -30
    with pytest.raises(ValidationError, match="not both"):
        UpdateCalendarEventArgs.model_validate(
            {"eventId": "e1", "attendees": ["a@b.co"], "removeAttendees": ["c@d.co"]}
        )
    with pytest.raises(ValidationError, match="not both"):
        UpdateCalendarEventArgs.model_validate(
            {"eventId": "e1", "startTime": "2026-03-03T10:00:00-05:00", "shiftMinutes": 30}
        )
    with pytest.raises(ValidationError, match="must move"):
        UpdateCalendarEventArgs.model_validate({"eventId": "e1", "shiftMinutes": 0})


def test_invitation_answers_are_a_closed_set():
    assert RespondToEventArgs.model_validate({"eventId": "e1", "response": "declined"}).response == "declined"
    with pytest.raises(ValidationError):
        RespondToEventArgs.model_validate({"eventId": "e1", "response": "maybe"})


def test_notes_and_tasks_are_records_with_their_own_fields():
    note = {"body": "They asked for SSO", "about": {"entityType": "Account", "id": "acc-1"}}
    assert CreateEntityArgs.model_validate({"entityType": "Note", "fields": note})
    with pytest.raises(ValidationError, match="needs body"):
        CreateEntityArgs.model_validate({"entityType": "Note", "fields": {"about": note["about"]}})
    with pytest.raises(ValidationError, match="cannot be set"):
        CreateEntityArgs.model_validate({"entityType": "Note", "fields": {**note, "createdAt": "2026-03-02"}})
    with pytest.raises(ValidationError):
        CreateEntityArgs.model_validate(
            {"entityType": "Note", "fields": {"body": "x", "about": {"entityType": "Note"}}}
        )
    task = {"subject": "Follow up with Globex", "dueDate": "2026-03-06", "status": "open"}
    assert CreateEntityArgs.model_validate({"entityType": "Task", "fields": task})
    with pytest.raises(ValidationError):
        CreateEntityArgs.model_validate({"entityType": "Task", "fields": {**task, "dueDate": "Friday"}})
    with pytest.raises(ValidationError):
        UpdateEntityArgs.model_validate({"entityType": "Task", "id": "t1", "fields": {"status": "finished"}})


def test_date_fields_filter_by_iso_date_ranges():
    month = {"gte": "2026-03-01", "lt": "2026-04-01"}
    assert FetchEntityArgs.model_validate({"entityType": "Deal", "filters": {"closeDate": month}})
    assert FetchEntityArgs.model_validate({"entityType": "Task", "filters": {"dueDate": {"lte": "2026-03-06"}}})
    with pytest.raises(ValidationError):
        FetchEntityArgs.model_validate({"entityType": "Deal", "filters": {"closeDate": {"gte": "next month"}}})
    with pytest.raises(ValidationError):
        FetchEntityArgs.model_validate({"entityType": "Deal", "filters": {"closeDate": {}}})
