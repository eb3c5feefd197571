"""Several calendars (v3): the primary one (``primary``) and others (``calendar-2``), each readable, some writable.

An event row's ``calendar_id`` is NULL (or the primary's row) for the primary calendar. Reads and writes that
name no calendar use the primary one; a calendar that cannot be written is refused for new events and moves.
"""

import re
import sqlite3
from typing import Any

from integrations.base.arguments import FetchCalendarsArgs
from integrations.base.errors import NotFoundError, PermanentError
from integrations.local.calendar_rows import PRIMARY_ROW, calendar_public_id
from integrations.local.database import SERVICE

_ID = re.compile(r"calendar-(\d+)")


def fetch_calendars(connection: sqlite3.Connection, args: FetchCalendarsArgs) -> list[dict[str, Any]]:
    rows = connection.execute("SELECT * FROM calendars ORDER BY is_primary DESC, id").fetchall()
    found = [_shown(row) for row in rows]
    if args.name:
        found = [item for item in found if args.name.casefold() in str(item["name"]).casefold()]
    return found


def calendar_row(connection: sqlite3.Connection, calendar_id: str | None, *, writing: bool) -> int | None:
    """The row of ``calendar_id`` (None: the primary calendar, stored as NULL); NotFoundError for an unknown id,
    PermanentError when ``writing`` to a calendar that cannot be written."""
    if calendar_id is None or calendar_id.strip() in ("primary", calendar_public_id(PRIMARY_ROW)):
        return None
    match = _ID.fullmatch(calendar_id.strip())
    row = None
    if match:
        row = connection.execute("SELECT * FROM calendars WHERE id = ?", [int(match.group(1))]).fetchone()
    if row is None:
        raise NotFoundError(f"no calendar with id {calendar_id!r}", service=SERVICE)
    if writing and not row["can_write"]:
        raise PermanentError(f"the calendar {row['name']!r} is read only: nothing was written", service=SERVICE)
    return None if row["is_primary"] else int(row["id"])


def on_calendar(row_id: int | None) -> tuple[str, list[Any]]:
    """SQL over ``events e``: the events of that calendar (None: the primary)."""
    if row_id is None:
        return f"(e.calendar_id IS NULL OR e.calendar_id = {PRIMARY_ROW})", []
    return "e.calendar_id = ?", [row_id]


def add_calendar(connection: sqlite3.Connection, name: str, *, can_write: bool = True) -> str:
    cursor = connection.execute("INSERT INTO calendars (name, can_write) VALUES (?, ?)", [name, int(can_write)])
    return calendar_public_id(cursor.lastrowid)


def _shown(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": calendar_public_id(row["id"]),
        "name": row["name"],
        "primary": bool(row["is_primary"]),
        "canWrite": bool(row["can_write"]),
    }
