"""Demo data for a new workspace, placed around the seeding clock so that "this week" always has meetings.

Emails fall on the 14 days before the seeding day; events on the weeks around it (a weekly standup, a 1:1 with
Priya, an Acme call...). Times are local wall-clock times of the workspace's zone, so the Monday standup stays at
09:30 across a daylight-saving change. ``seed(connection, now=...)`` takes the clock, so tests are deterministic.
"""

import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo

from integrations.local import demo_crm
from integrations.local.calendar import NewEvent, insert_event
from integrations.local.crm import insert_record
from integrations.local.demo_mail import INBOX
from integrations.local.mailbox import Mailer, NewMessage, insert_message

DEFAULT_ZONE = ZoneInfo("America/New_York")
DEFAULT_OWNER = Mailer("Me", "me@example.com")

_TEAM = ("priya.shah@example.com", "john.smith@example.com", "sarah.lee@example.com", "tom.reyes@example.com")


@dataclass(frozen=True)
class DemoEvent:
    week: int  # 0 = the seeding day's week (weeks start on Monday)
    weekday: int  # Monday = 0
    at: str  # local wall-clock time, HH:MM
    minutes: int
    title: str
    attendees: tuple[str, ...]
    location: str
    description: str = ""


EVENTS: list[DemoEvent] = [
    *(
        DemoEvent(week, 0, "09:30", 15, "Weekly standup", _TEAM, "Zoom", "Pipeline, blockers and launch status.")
        for week in (-1, 0, 1, 2)
    ),
    DemoEvent(
        -1,
        3,
        "16:00",
        30,
        "Initech pilot debrief",
        ("peter.gibbons@initech.com", "sarah.lee@example.com"),
        "Zoom",
        "Pilot results and the extension request.",
    ),
    DemoEvent(
        0,
        1,
        "11:00",
        45,
        "Acme call",
        ("laura.chen@acme.com", "sarah.lee@example.com"),
        "Zoom",
        "Walk through the contract redlines.",
    ),
    DemoEvent(
        0,
        2,
        "15:00",
        60,
        "Globex pricing review",
        ("john.park@globex.com", "john.smith@example.com"),
        "Conference room B",
        "Enterprise tier pricing and the 250-seat quote.",
    ),
    DemoEvent(
        0, 3, "14:00", 30, "1:1 with Priya", ("priya.shah@example.com",), "Priya's office", "Q3 deck and roadmap."
    ),
    DemoEvent(
        0,
        4,
        "10:00",
        60,
        "Launch review",
        ("tom.reyes@example.com", "priya.shah@example.com"),
        "Conference room A",
        "April launch: press release, webinar, customer quote.",
    ),
    DemoEvent(1, 1, "12:30", 60, "Lunch with Maria", ("maria.garcia@example.com",), "Café Roma"),
]


def seed(
    connection: sqlite3.Connection, *, now: datetime, zone: tzinfo = DEFAULT_ZONE, owner: Mailer = DEFAULT_OWNER
) -> None:
    """Insert the demo CRM records, inbox (oldest first, so ids grow with time) and calendar; once, on a new file."""
    today = now.astimezone(zone).date()
    for entity_type, fields in demo_crm.records(today):
        insert_record(connection, entity_type, fields)
    for email in sorted(INBOX, key=lambda email: (-email.days_ago, email.at)):
        sent_at = _local(today - timedelta(days=email.days_ago), email.at, zone)
        sender = Mailer(email.sender, email.address)
        message = NewMessage("inbox", sender, [owner.address], email.subject, email.body, sent_at, email.unread)
        insert_message(connection, message)
    monday = today - timedelta(days=today.weekday())
    for event in EVENTS:
        start = _local(monday + timedelta(weeks=event.week, days=event.weekday), event.at, zone)
        end = start + timedelta(minutes=event.minutes)
        insert_event(
            connection, NewEvent(event.title, start, end, event.attendees, event.location, event.description or None)
        )


def _local(day: date, at: str, zone: tzinfo) -> datetime:
    """``day`` at local wall-clock time ``at`` (HH:MM) in ``zone``, as a UTC instant."""
    return datetime.combine(day, time.fromisoformat(at), tzinfo=zone).astimezone(UTC)
