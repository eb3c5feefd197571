"""The workspace's tables, created when the file is new; ``PRAGMA user_version`` records the schema version.

Instants are UTC text (``timestamps.storage_key``); recipients and attendees are rows of their own, so that
filters on them are SQL. Closed value sets of the contract are CHECK constraints.
"""

import sqlite3
from typing import get_args

from integrations.base.records import DealStage, LeadStatus

SCHEMA_VERSION = 1


def _one_of(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{value}'" for value in values)


_TABLES = [
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


def ensure_schema(connection: sqlite3.Connection) -> bool:
    """Create the tables when the database is new; True when it was (and so may be seeded)."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return False
    if version != 0:
        raise sqlite3.DatabaseError(f"unknown local workspace schema version {version}")
    for statement in _TABLES:
        connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return True
