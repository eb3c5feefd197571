"""Demo data for a new workspace, placed around the seeding clock so that "this week" always has meetings.

Emails fall on the 14 days before the seeding day; events on the weeks around it (a weekly standup, a 1:1 with
Priya, an Acme call, a recurring team sync, invitations from others...); notes and tasks on the demo accounts
and deals. Times are local wall-clock times of the workspace's zone, so the Monday standup stays at 09:30 across
a daylight-saving change. ``seed(connection, now=...)`` takes the clock, so tests are deterministic.

Each item records the schema version that brought it (``added_in``): a file of an older version gets the newer
items when it is upgraded, dated around the upgrade, and keeps everything it had.
"""

import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo

from integrations.local import demo_crm
from integrations.local.calendar_rows import NewEvent, insert_event
from integrations.local.calendars import add_calendar
from integrations.local.crm import insert_record
from integrations.local.crm_tables import ENTITY_TABLES
from integrations.local.demo_files import demo_pdf
from integrations.local.demo_mail import INBOX, DemoEmail
from integrations.local.mailbox import Mailer, NewMessage, insert_message

DEFAULT_ZONE = ZoneInfo("America/New_York")
DEFAULT_OWNER = Mailer("Me", "me@example.com")

_TEAM = ("priya.shah@example.com", "john.smith@example.com", "sarah.lee@example.com", "tom.reyes@example.com")
_SUMMIT = (1, 3, "10:00")  # the partner summit: next week's Thursday at 10:00


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
    organizer: str | None = None  # someone else's invitation: the user is added to its attendees
    recurrence: str | None = None
    added_in: int = 1


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
        organizer="tom.reyes@example.com",
    ),
    DemoEvent(1, 1, "12:30", 60, "Lunch with Maria", ("maria.garcia@example.com",), "Café Roma"),
    DemoEvent(
        -2,
        2,
        "10:00",
        30,
        "Team sync",
        _TEAM,
        "Zoom",
        "Weekly team sync: priorities and help needed.",
        recurrence="FREQ=WEEKLY;BYDAY=WE;COUNT=12",
        added_in=2,
    ),
    DemoEvent(
        0,
        3,
        "16:00",
        60,
        "Acme quarterly business review",
        ("laura.chen@acme.com", "dana.whitfield@acme.com", "sarah.lee@example.com"),
        "Acme HQ, Chicago (and Zoom)",
        "Quarterly review: usage, onboarding timeline, renewal.",
        organizer="laura.chen@acme.com",
        added_in=2,
    ),
]


def seed(
    connection: sqlite3.Connection,
    *,
    now: datetime,
    zone: tzinfo = DEFAULT_ZONE,
    owner: Mailer = DEFAULT_OWNER,
    since_version: int = 0,
) -> None:
    """Insert the demo items newer than ``since_version`` (0: all): CRM records, notes and tasks, the inbox
    (oldest first, so ids grow with time) and the calendar."""
    today = now.astimezone(zone).date()
    monday = today - timedelta(days=today.weekday())
    if since_version < 1:
        for entity_type, fields in demo_crm.records(today):
            insert_record(connection, entity_type, fields, now=now.astimezone(zone))
    if since_version < 2:
        _seed_notes_and_tasks(connection, today, monday, zone, owner)
    if since_version < 3:
        _seed_calendars(connection)
    _seed_inbox(connection, [email for email in INBOX if email.added_in > since_version], today, zone, owner)
    for event in (event for event in EVENTS if event.added_in > since_version):
        start = _local(monday + timedelta(weeks=event.week, days=event.weekday), event.at, zone)
        attendees = (*event.attendees, owner.address) if event.organizer else event.attendees
        new = NewEvent(
            event.title,
            start,
            start + timedelta(minutes=event.minutes),
            attendees,
            event.location,
            event.description or None,
            organizer=event.organizer,
            my_response="needsAction" if event.organizer else None,
            recurrence=event.recurrence,
        )
        insert_event(connection, new)


def _seed_inbox(
    connection: sqlite3.Connection, emails: list[DemoEmail], today: date, zone: tzinfo, owner: Mailer
) -> None:
    monday = today - timedelta(days=today.weekday())
    summit = _local(monday + timedelta(weeks=_SUMMIT[0], days=_SUMMIT[1]), _SUMMIT[2], zone).astimezone(zone)
    summit_text = f"{summit:%A} {summit.day} {summit:%B} at {summit:%H:%M}"
    threads: dict[str, tuple[int, int]] = {}  # subject → (row id, thread id)
    # by date, except that mail of version 3 comes last (so the ids of earlier demo mail stay as they were)
    for email in sorted(emails, key=lambda email: (email.added_in >= 3, email.day(today), email.at)):
        sent_at = _local(email.day(today), email.at, zone)
        original = threads.get(email.subject.removeprefix("Re: "))
        message = NewMessage(
            "inbox",
            Mailer(email.sender, email.address),
            [owner.address, *email.also_to],
            email.subject,
            email.body.replace("{summit}", summit_text),
            sent_at,
            email.unread,
            cc=email.cc,
            in_reply_to=original[0] if original else None,
            thread_id=original[1] if original else None,
            files=[demo_pdf(name) for name in email.attachments],
        )
        row_id = int(insert_message(connection, message).removeprefix("msg-"))
        threads.setdefault(email.subject, (row_id, original[1] if original else row_id))


def _seed_notes_and_tasks(
    connection: sqlite3.Connection, today: date, monday: date, zone: tzinfo, owner: Mailer
) -> None:
    """Notes and tasks on the demo records that the file still has (found by name)."""
    for note in demo_crm.NOTES:
        about = _record_id(connection, *note.about)
        if about:
            created = _local(today - timedelta(days=note.days_ago), note.at, zone).astimezone(zone)
            insert_record(connection, "Note", {"body": note.body, "about": about}, now=created)
    for task in demo_crm.TASKS:
        about = _record_id(connection, *task.about)
        fields = {
            "subject": task.subject,
            "dueDate": (monday + timedelta(weeks=task.due[0], days=task.due[1])).isoformat(),
            "status": task.status,
            "owner": task.owner or owner.name or owner.address,
            **({"about": about} if about else {}),
        }
        insert_record(connection, "Task", fields, now=_local(today, "09:00", zone))


def _seed_calendars(connection: sqlite3.Connection) -> None:
    """(v3) Besides the primary calendar: a Team calendar, and a holiday calendar that cannot be written."""
    add_calendar(connection, "Team")
    add_calendar(connection, "US holidays", can_write=False)


def _record_id(connection: sqlite3.Connection, entity_type: str, name: str) -> dict[str, str] | None:
    table = ENTITY_TABLES[entity_type]
    row = connection.execute(f"SELECT id FROM {table.table} WHERE name = ? ORDER BY id LIMIT 1", [name]).fetchone()
    return {"entityType": entity_type, "id": table.public_id(row["id"])} if row else None


def _local(day: date, at: str, zone: tzinfo) -> datetime:
    """``day`` at local wall-clock time ``at`` (HH:MM) in ``zone``, as a UTC instant."""
    return datetime.combine(day, time.fromisoformat(at), tzinfo=zone).astimezone(UTC)
