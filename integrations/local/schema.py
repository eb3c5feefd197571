"""The workspace's tables, built by numbered steps; ``PRAGMA user_version`` records the last step applied.

A new file runs every step; a file of an earlier version runs the steps it lacks (its data is kept). Instants
are UTC text (``timestamps.storage_key``); recipients, attendees and attachments are rows of their own, so that
filters on them are SQL. Closed value sets of the contract are CHECK constraints.

Version 3 (contract v3): drafts and archived mail (``draft``, ``archived``); several calendars (``calendars``,
``events.calendar_id``: NULL is the primary one); optional attendees and meeting links; activities (a logged call,
email or meeting); the contacts of a deal (``deal_contacts``), a contact's account and every record's owner.

Version 2 (contract v2): attachments; notes and tasks; events get an organizer, the user's response, a
recurrence rule, and exceptions (a row with ``series_id`` + ``original_start`` replaces, or with ``removed``
cancels, one occurrence of a series).
"""

import sqlite3
from typing import get_args

from integrations.base.records import ActivityKind, DealStage, LeadStatus, TaskStatus

SCHEMA_VERSION = 3
MY_RESPONSES = ("needsAction", "accepted", "declined", "tentative")


def _one_of(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{value}'" for value in values)


_VERSION_1 = [
    """CREATE TABLE contacts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT, email TEXT, phone TEXT, company TEXT, title TEXT)""",
    f"""CREATE TABLE leads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT, email TEXT, phone TEXT, company TEXT,
        status TEXT CHECK (status IN ({_one_of(get_args(LeadStatus))})))""",
    f"""CREATE TABLE deals (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT, company TEXT, amount REAL CHECK (amount >= 0),
        stage TEXT CHECK (stage IN ({_one_of(get_args(DealStage))})), close_date TEXT)""",
    """CREATE TABLE accounts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT, domain TEXT, industry TEXT, owner TEXT)""",
    """CREATE TABLE messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        folder TEXT NOT NULL CHECK (folder IN ('inbox', 'sent')),
        sender_name TEXT,
        sender_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
        in_reply_to INTEGER REFERENCES messages (id) ON DELETE SET NULL,
        thread_id INTEGER)""",
    "CREATE INDEX messages_by_date ON messages (sent_at)",
    """CREATE TABLE message_recipients (
        message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('to', 'cc')),
        position INTEGER NOT NULL,
        address TEXT NOT NULL,
        PRIMARY KEY (message_id, kind, position))""",
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        location TEXT,
        description TEXT,
        CHECK (ends_at > starts_at))""",
    "CREATE INDEX events_by_start ON events (starts_at)",
    """CREATE TABLE event_attendees (
        event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        address TEXT NOT NULL,
        PRIMARY KEY (event_id, position))""",
]

_VERSION_2 = [
    """CREATE TABLE attachments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        size INTEGER CHECK (size >= 0),
        content_type TEXT,
        content BLOB,
        source TEXT)""",
    "CREATE INDEX attachments_by_message ON attachments (message_id, position)",
    """CREATE TABLE notes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        body TEXT NOT NULL, about TEXT, created_at TEXT NOT NULL)""",
    "CREATE INDEX notes_by_about ON notes (about)",
    f"""CREATE TABLE tasks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        subject TEXT NOT NULL, due_date TEXT,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ({_one_of(get_args(TaskStatus))})),
        about TEXT, owner TEXT)""",
    "ALTER TABLE events ADD COLUMN organizer TEXT",  # NULL: the user
    f"ALTER TABLE events ADD COLUMN my_response TEXT CHECK (my_response IN ({_one_of(MY_RESPONSES)}))",
    "ALTER TABLE events ADD COLUMN my_comment TEXT",
    "ALTER TABLE events ADD COLUMN recurrence TEXT",
    "ALTER TABLE events ADD COLUMN series_id INTEGER REFERENCES events (id) ON DELETE CASCADE",
    "ALTER TABLE events ADD COLUMN original_start TEXT",
    "ALTER TABLE events ADD COLUMN removed INTEGER NOT NULL DEFAULT 0 CHECK (removed IN (0, 1))",
    "CREATE UNIQUE INDEX events_by_occurrence ON events (series_id, original_start) WHERE series_id IS NOT NULL",
]

_VERSION_3 = [
    "ALTER TABLE messages ADD COLUMN draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0, 1))",
    "ALTER TABLE messages ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1))",
    """CREATE TABLE calendars (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
        can_write INTEGER NOT NULL DEFAULT 1 CHECK (can_write IN (0, 1)))""",
    "CREATE UNIQUE INDEX one_primary_calendar ON calendars (is_primary) WHERE is_primary = 1",
    "INSERT INTO calendars (name, is_primary, can_write) VALUES ('Calendar', 1, 1)",
    "ALTER TABLE events ADD COLUMN calendar_id INTEGER REFERENCES calendars (id)",  # NULL: the primary calendar
    "ALTER TABLE events ADD COLUMN meeting_url TEXT",
    "ALTER TABLE event_attendees ADD COLUMN optional INTEGER NOT NULL DEFAULT 0 CHECK (optional IN (0, 1))",
    f"""CREATE TABLE activities (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ({_one_of(get_args(ActivityKind))})),
        subject TEXT, body TEXT, about TEXT, occurred_at TEXT NOT NULL, duration_minutes INTEGER, owner TEXT)""",
    "CREATE INDEX activities_by_about ON activities (about)",
    """CREATE TABLE deal_contacts (
        deal_id INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
        contact_id INTEGER NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        PRIMARY KEY (deal_id, contact_id))""",
    "ALTER TABLE contacts ADD COLUMN account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL",
    "ALTER TABLE contacts ADD COLUMN owner TEXT",
    "ALTER TABLE leads ADD COLUMN owner TEXT",
    "ALTER TABLE deals ADD COLUMN owner TEXT",
    "ALTER TABLE notes ADD COLUMN owner TEXT",
]

MIGRATIONS: dict[int, list[str]] = {1: _VERSION_1, 2: _VERSION_2, 3: _VERSION_3}


def ensure_schema(connection: sqlite3.Connection) -> int:
    """Bring the tables to ``SCHEMA_VERSION``; returns the version found (0: a new file, which may be seeded)."""
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION or version < 0:
        raise sqlite3.DatabaseError(f"unknown local workspace schema version {version}")
    for step in range(version + 1, SCHEMA_VERSION + 1):
        for statement in MIGRATIONS[step]:
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {step}")
    return version
