"""Undo as a plan, from plain values: each change that ran gives the step that puts it back, or why it cannot."""

import ast
from pathlib import Path

from planning.planner.undo import Change, inverse
from planning.types import Step

EVENT = {
    "id": "e1",
    "title": "Pipeline review",
    "startTime": "2026-03-05T14:00:00-05:00",
    "endTime": "2026-03-05T14:45:00-05:00",
    "attendees": ["tom.reyes@example.com", "Room 4"],
    "location": "HQ",
}


def test_a_created_event_is_deleted():
    step = inverse(Change("create_calendar_event", "Book lunch", {"title": "Lunch"}, result={"id": "e9"}), 0)
    assert isinstance(step, Step) and step.tool == "delete_calendar_event" and step.inputs == {"eventId": "e9"}
    assert step.id == "undo_1" and "“Book lunch”" in step.intent


def test_a_move_by_minutes_goes_back_to_the_instant_it_had_and_an_invite_is_taken_back():
    change = Change(
        "update_calendar_event",
        "Push it back",
        {"eventId": "e1", "shiftMinutes": 60, "addAttendees": ["maria@example.com"]},
        before=EVENT,
    )
    step = inverse(change, 1)
    assert isinstance(step, Step) and step.id == "undo_2"
    back = {"eventId": "e1", "startTime": "2026-03-05T14:00:00-05:00", "removeAttendees": ["maria@example.com"]}
    assert step.inputs == back


def test_a_move_of_an_event_whose_earlier_time_is_not_known_is_shifted_back():
    step = inverse(Change("update_calendar_event", "Push it back", {"eventId": "e1", "shiftMinutes": 1440}), 0)
    assert isinstance(step, Step) and step.inputs == {"eventId": "e1", "shiftMinutes": -1440}


def test_a_new_length_is_put_back_with_the_start_it_had():
    change = Change("update_calendar_event", "Make it an hour", {"eventId": "e1", "durationMinutes": 60}, before=EVENT)
    step = inverse(change, 0)
    assert isinstance(step, Step)
    assert step.inputs == {"eventId": "e1", "startTime": "2026-03-05T14:00:00-05:00", "durationMinutes": 45}


def test_a_deleted_event_is_made_again_as_it_was():
    step = inverse(Change("delete_calendar_event", "Cancel the review", {"eventId": "e1"}, before=EVENT), 0)
    assert isinstance(step, Step) and step.tool == "create_calendar_event"
    assert step.inputs == {
        "title": "Pipeline review",
        "startTime": "2026-03-05T14:00:00-05:00",
        "durationMinutes": 45,
        "attendees": ["tom.reyes@example.com"],
        "location": "HQ",
    }


def test_what_cannot_be_undone_says_why():
    sent = inverse(Change("send_email", "Email Priya", {"to": ["priya@example.com"]}, result={"id": "m1"}), 0)
    assert sent == "“Email Priya” cannot be undone: a sent email cannot be unsent"
    several = inverse(Change("delete_calendar_event", "Cancel Friday", {}, repeated=True), 0)
    assert several == "“Cancel Friday” changed several items: undo them one by one"
    unknown = inverse(Change("update_entity", "Mark it won", {"entityType": "Deal", "fields": {"stage": "won"}}), 0)
    assert unknown == "“Mark it won” cannot be undone here"
    theirs = {**EVENT, "organizer": "x", "myResponse": "none"}
    declined = inverse(Change("delete_calendar_event", "Delete the sync", {}, before=theirs), 0)
    assert isinstance(declined, str) and "declined an invitation" in declined


def test_an_event_named_by_id_alone_has_no_earlier_values():
    change = Change("update_calendar_event", "Rename it", {"eventId": "e1", "title": "New"})
    assert inverse(change, 0) == "“Rename it” cannot be undone: its earlier values are not known"


def test_the_planner_knows_nothing_of_the_engine():
    planner = Path(__file__).parents[3] / "planning" / "planner"
    for path in planner.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("planning.engine"), path.name


def test_a_mail_marked_read_or_archived_goes_back_and_a_draft_is_said_to_stay():
    """(v3) update_email puts back the flags the read showed; a draft has no undo step (nothing was sent)."""
    email = {"id": "m1", "subject": "Invoice", "unread": True, "archived": False}
    change = Change("update_email", "Mark it as read", {"messageId": "m1", "unread": False}, before=email)
    step = inverse(change, 0)
    assert isinstance(step, Step) and step.tool == "update_email" and step.inputs == {"messageId": "m1", "unread": True}
    unknown = inverse(Change("update_email", "Archive it", {"messageId": "m1", "archived": True}, before={}), 0)
    assert isinstance(unknown, str) and "not known" in unknown
    draft = inverse(
        Change("create_draft", "Save a draft to Maria", {"body": "x", "replyTo": "m1"}, result={"id": "d"}), 0
    )
    assert isinstance(draft, str) and "not sent" in draft


def test_a_contact_linked_to_a_deal_is_unlinked_unless_it_was_linked_before():
    deal = {"id": "deal-1", "name": "Acme deal", "contacts": ["contact-2"]}
    fields = {"addContacts": ["contact-2", "contact-8"]}
    change = Change("update_entity", "Link Dana", {"entityType": "Deal", "id": "deal-1", "fields": fields}, before=deal)
    step = inverse(change, 0)
    assert isinstance(step, Step) and step.inputs == {
        "entityType": "Deal",
        "id": "deal-1",
        "fields": {"removeContacts": ["contact-8"]},
    }


def test_a_declined_invitation_that_had_been_accepted_is_never_created_again_as_ones_own():
    invited = ["nina.okafor@vendor.io", "me@example.com", "tom.reyes@example.com"]  # an invitation lists its organizer
    accepted = {**EVENT, "organizer": "nina.okafor@vendor.io", "myResponse": "accepted", "attendees": invited}
    dropped = Change("delete_calendar_event", "Drop the vendor sync", {}, before=accepted, own="me@example.com")
    said = inverse(dropped, 0)
    assert said == "“Drop the vendor sync” declined an invitation: ask the organiser to invite you again"
    mine = {**EVENT, "organizer": "me@example.com", "myResponse": "accepted"}
    again = inverse(Change("delete_calendar_event", "Drop my sync", {}, before=mine, own="ME@example.com"), 0)
    assert isinstance(again, Step) and again.tool == "create_calendar_event"


def _deleted(before: dict[str, object], own: str) -> object:
    return inverse(
        Change(tool="delete_calendar_event", intent="Delete the event", arguments={}, before=before, own=own), 1
    )


OWN_EVENT = {
    "id": "e1",
    "title": "Design review",
    "startTime": "2026-03-05T14:00:00-05:00",
    "endTime": "2026-03-05T14:30:00-05:00",
    "organizer": "calendar-owner@example.com",  # the calendar's own address, not the one the requester is known by
    "attendees": ["ines@example.com"],
    "myResponse": "accepted",
}


def test_undo_of_deleting_ones_own_event_creates_it_again_when_the_calendar_knows_another_address() -> None:
    undone = _deleted(OWN_EVENT, own="ines.r@slack.example.com")
    assert not isinstance(undone, str) and undone.tool == "create_calendar_event"


def test_undo_of_deleting_an_accepted_invitation_is_never_a_copy_of_it() -> None:
    invitation = {**OWN_EVENT, "organizer": "omar@example.com", "attendees": ["omar@example.com", "ines@example.com"]}
    assert "declined an invitation" in str(_deleted(invitation, own="ines.r@slack.example.com"))


def test_a_deleted_crm_record_is_made_again_with_the_fields_it_had():
    lead = {"id": "lead-4", "name": "Rosa Diaz", "company": "Umbrella", "status": "contacted", "phone": None}
    step = inverse(Change("delete_entity", "Delete the lead", {"entityType": "Lead", "id": "lead-4"}, before=lead), 0)
    assert isinstance(step, Step) and step.tool == "create_entity"
    assert step.inputs == {
        "entityType": "Lead",
        "fields": {"name": "Rosa Diaz", "company": "Umbrella", "status": "contacted"},
    }
    note = {"id": "note-2", "body": "Budget frozen", "createdAt": "2026-03-01T10:00:00Z"}
    again = inverse(Change("delete_entity", "Delete the note", {"entityType": "Note", "id": "note-2"}, before=note), 0)
    assert isinstance(again, Step) and again.inputs["fields"] == {"body": "Budget frozen"}  # createdAt is the CRM's
    unknown = inverse(Change("delete_entity", "Delete the deal", {"entityType": "Deal", "id": "deal-9"}), 0)
    assert unknown == "“Delete the deal” cannot be undone: the record was deleted"
