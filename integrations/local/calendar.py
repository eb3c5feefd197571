"""The user's calendar: ``events`` with their attendees' addresses in ``event_attendees``.

A range ``[start, end)`` selects the events that overlap it; results come in start order. An attendee filter
matches an address by containment, or a name through the CRM contacts (``"Priya"`` → priya.shah@example.com).
"""

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

from integrations.base.arguments import (
    CreateCalendarEventArgs,
    DeleteCalendarEventArgs,
    FetchCalendarEventsArgs,
    UpdateCalendarEventArgs,
)
from integrations.base.errors import NotFoundError
from integrations.local.crm import CONTACT_ADDRESSES_NAMED
from integrations.local.database import SERVICE, inserted_row_id
from integrations.local.timestamps import from_storage, local_iso, storage_key

DEFAULT_LIMIT = 100
_PREFIX = "event"


@dataclass(frozen=True)
class NewEvent:
    title: str
    start: datetime
    end: datetime
    attendees: Sequence[str] = ()
    location: str | None = None
    description: str | None = None


def insert_event(connection: sqlite3.Connection, event: NewEvent) -> int:
    cursor = connection.execute(
        "INSERT INTO events (title, starts_at, ends_at, location, description) VALUES (?, ?, ?, ?, ?)",
        [event.title, storage_key(event.start), storage_key(event.end), event.location, event.description],
    )
    row_id = inserted_row_id(cursor)
    _store_attendees(connection, row_id, event.attendees)
    return row_id


def create_event(connection: sqlite3.Connection, args: CreateCalendarEventArgs, *, zone: tzinfo) -> dict[str, Any]:
    end = args.startTime + timedelta(minutes=args.durationMinutes)
    event = NewEvent(args.title, args.startTime, end, args.attendees or (), args.location, args.description)
    return _load(connection, insert_event(connection, event), zone)


def update_event(connection: sqlite3.Connection, args: UpdateCalendarEventArgs, *, zone: tzinfo) -> dict[str, Any]:
    """Change what the arguments set; a new start keeps the duration unless ``durationMinutes`` changes it."""
    row_id = _existing_row_id(connection, args.eventId)
    row = connection.execute("SELECT starts_at, ends_at FROM events WHERE id = ?", [row_id]).fetchone()
    old_start, old_end = from_storage(row["starts_at"]), from_storage(row["ends_at"])
    changed = args.model_fields_set
    start = args.startTime or old_start
    duration = timedelta(minutes=args.durationMinutes) if args.durationMinutes else old_end - old_start
    columns: dict[str, Any] = {"starts_at": storage_key(start), "ends_at": storage_key(start + duration)}
    if args.title is not None:
        columns["title"] = args.title
    for name in ("location", "description"):
        if name in changed:
            columns[name] = getattr(args, name)
    assignments = ", ".join(f"{column} = ?" for column in columns)
    connection.execute(f"UPDATE events SET {assignments} WHERE id = ?", [*columns.values(), row_id])
    if "attendees" in changed:
        connection.execute("DELETE FROM event_attendees WHERE event_id = ?", [row_id])
        _store_attendees(connection, row_id, args.attendees or ())
    return _load(connection, row_id, zone)


def delete_event(connection: sqlite3.Connection, args: DeleteCalendarEventArgs) -> dict[str, Any]:
    row_id = _existing_row_id(connection, args.eventId)
    connection.execute("DELETE FROM events WHERE id = ?", [row_id])
    return {"id": _public_id(row_id)}


def fetch_events(
    connection: sqlite3.Connection, args: FetchCalendarEventsArgs, *, zone: tzinfo
) -> list[dict[str, Any]]:
    conditions: list[str] = []
    parameters: list[Any] = []
    if args.start:
        conditions.append("e.ends_at > ?")
        parameters.append(storage_key(args.start))
    if args.end:
        conditions.append("e.starts_at < ?")
        parameters.append(storage_key(args.end))
    if args.query:
        conditions.append(
            "(contains_folded(e.title, ?) OR contains_folded(e.description, ?) OR contains_folded(e.location, ?))"
        )
        parameters.extend([args.query] * 3)
    if args.attendee:
        conditions.append(
            "EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = e.id"
            f" AND (contains_folded(a.address, ?) OR folded(a.address) IN ({CONTACT_ADDRESSES_NAMED})))"
        )
        parameters.extend([args.attendee] * 2)
    rows = connection.execute(
        f"SELECT e.* FROM events e WHERE {' AND '.join(conditions) or '1'} ORDER BY e.starts_at, e.id LIMIT ?",
        [*parameters, args.limit or DEFAULT_LIMIT],
    ).fetchall()
    attendees = _attendees(connection, [row["id"] for row in rows])
    return [_shown(row, attendees[row["id"]], zone) for row in rows]


def busy_intervals(connection: sqlite3.Connection, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """The events overlapping ``[start, end)`` as (start, end) instants, in start order."""
    rows = connection.execute(
        "SELECT starts_at, ends_at FROM events WHERE ends_at > ? AND starts_at < ? ORDER BY starts_at",
        [storage_key(start), storage_key(end)],
    )
    return [(from_storage(row["starts_at"]), from_storage(row["ends_at"])) for row in rows]


def _store_attendees(connection: sqlite3.Connection, row_id: int, addresses: Sequence[str]) -> None:
    unique = list(dict.fromkeys(addresses))
    connection.executemany(
        "INSERT INTO event_attendees (event_id, position, address) VALUES (?, ?, ?)",
        [(row_id, position, address) for position, address in enumerate(unique)],
    )


def _attendees(connection: sqlite3.Connection, row_ids: Sequence[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {row_id: [] for row_id in row_ids}
    if not row_ids:
        return found
    rows = connection.execute(
        f"SELECT event_id, address FROM event_attendees WHERE event_id IN ({', '.join('?' for _ in row_ids)})"
        " ORDER BY event_id, position",
        list(row_ids),
    )
    for row in rows:
        found[row["event_id"]].append(row["address"])
    return found


def _load(connection: sqlite3.Connection, row_id: int, zone: tzinfo) -> dict[str, Any]:
    row = connection.execute("SELECT * FROM events WHERE id = ?", [row_id]).fetchone()
    return _shown(row, _attendees(connection, [row_id])[row_id], zone)


def _shown(row: sqlite3.Row, attendees: list[str], zone: tzinfo) -> dict[str, Any]:
    return {
        "id": _public_id(row["id"]),
        "title": row["title"],
        "startTime": local_iso(row["starts_at"], zone),
        "endTime": local_iso(row["ends_at"], zone),
        "attendees": attendees,
        "location": row["location"],
    }


def _public_id(row_id: int) -> str:
    return f"{_PREFIX}-{row_id}"


def _existing_row_id(connection: sqlite3.Connection, public_id: str) -> int:
    match = re.fullmatch(rf"{_PREFIX}-(\d+)", public_id.strip())
    row_id = int(match.group(1)) if match else None
    if row_id is None or not connection.execute("SELECT 1 FROM events WHERE id = ?", [row_id]).fetchone():
        raise NotFoundError(f"no calendar event with id {public_id!r}", service=SERVICE)
    return row_id
