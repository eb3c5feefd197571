"""Everyday recipes of contract v3: mail changed (read, unread, archived), drafts, the extras of an event
(optional attendees, a meeting link, a calendar by name), a logged call, a person linked to a deal."""

from typing import Any

from planning.planner.builder import PlanBuilder, slug
from planning.planner.recipes_email import query_words
from planning.references import placeholder, reference
from planning.types import Goal

_ACTIVITY_SUBJECTS = {"call": "Call", "email": "Email", "meeting": "Meeting"}


def update_email(goal: Goal, index: int, builder: PlanBuilder) -> None:
    """ "mark the invoice email as read": find the mail (several matches: the user picks), then change it."""
    change = goal.scope.get("mail_change")
    s = goal.slots
    sender = s.people[0] if s.people else None
    changes = change if isinstance(change, dict) else {"unread": placeholder("unread")}
    each = bool(goal.scope.get("each"))  # "mark all of tom's emails as read": each one found (only those unread)
    found = builder.add(
        "find_emails" if each else "find_email",
        ("Find the emails" if each else "Find the email") + (f" from {sender}" if sender else ""),
        "fetch_emails",
        {
            "sender": sender,
            "query": query_words(s.topic),
            "limit": s.limit,
            "unreadOnly": True if each and changes == {"unread": False} else None,
        },
        index,
    )
    what: str = {
        ("unread", False): "Mark it as read",
        ("unread", True): "Mark it as unread",
        ("archived", True): "Archive it",
        ("archived", False): "Move it back to the inbox",
    }.get(next(iter(changes.items())), "Change it")  # type: ignore[arg-type]
    if each:  # "Mark it as read" → "Mark each as read"
        target = {"messageId": "{{item.id}}", **changes}
        each_what = what.replace(" it ", " each ").replace(" it", " each")
        builder.add("update_emails", each_what, "update_email", target, index, for_each=reference(found, "data"))
        return
    builder.add("update_email", what, "update_email", {"messageId": reference(found, "data[0].id"), **changes}, index)


def event_extras(goal: Goal, index: int, builder: PlanBuilder, attendees: list[str]) -> dict[str, Any]:
    """The v3 arguments of a new or changed event, and ``attendees`` without the optional ones."""
    optional = [
        reference(builder.lookup("Contact", {"name": person}, index, person), "data[0].email")
        for person in goal.scope.get("optional") or []
    ]
    extras: dict[str, Any] = {
        "attendees": [ref for ref in attendees if ref not in optional] or None,
        "optionalAttendees": optional or None,
        "onlineMeeting": True if goal.scope.get("online_meeting") else None,
    }
    name = goal.scope.get("calendar")
    if isinstance(name, str):
        calendars = builder.once(
            f"calendar:{name.lower()}",
            lambda: builder.add(
                f"find_{slug(name, 12)}_calendar", f"Find the {name} calendar", "fetch_calendars", {"name": name}, index
            ),
        )
        extras["calendarId"] = reference(calendars, "data[0].id")
    return extras


def draft(goal: Goal, index: int, builder: PlanBuilder, inputs: dict[str, Any], reply_to: str | None) -> None:
    """A draft of what would have been sent: ``inputs`` of the send (to, subject, body…) or a reply's body."""
    who = ", ".join(goal.slots.people) or ", ".join(goal.slots.emails)
    arguments = {**inputs, "replyTo": reply_to}
    if reply_to is not None:
        arguments = {"replyTo": reply_to, "body": inputs["body"], "attachments": inputs.get("attachments")}
    builder.add(
        "save_draft",
        f"Save a draft to {who} (not sent)" if who else "Save a draft (not sent)",
        "create_draft",
        arguments,
        index,
    )


def activity(goal: Goal, index: int, builder: PlanBuilder, about: dict[str, str] | None, kind: str) -> None:
    """ "log a call with Laura on the Acme account: they want a discount": an Activity on the record."""
    s = goal.slots
    who = f" with {s.people[0]}" if s.people else ""
    subject = f"{_ACTIVITY_SUBJECTS.get(kind, 'Call')}{who}"
    fields = {"kind": kind, "subject": subject, "body": s.body, "about": about, "durationMinutes": s.duration_minutes}
    builder.add(
        f"log_{kind}",
        f"Log the {kind}" + (f" on {s.companies[0]}" if s.companies else ""),
        "create_entity",
        {"entityType": "Activity", "fields": {k: v for k, v in fields.items() if v is not None}},
        index,
    )


def link_contacts(goal: Goal, index: int, builder: PlanBuilder, deal: str) -> None:
    """ "link Dana to the Acme deal": each person's contact record added to the deal's contacts."""
    people = [
        reference(builder.lookup("Contact", {"name": person}, index, person), "data[0].id")
        for person in goal.slots.people
    ] or [placeholder("contacts")]
    names = ", ".join(goal.slots.people)
    builder.add(
        "link_contacts",
        f"Link {names} to the deal" if names else "Link the contact to the deal",
        "update_entity",
        {"entityType": "Deal", "id": reference(deal, "data[0].id"), "fields": {"addContacts": people}},
        index,
    )
