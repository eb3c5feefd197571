"""Calendar rows: how events are stored, named and shown.

- ``events`` holds single events and series (``recurrence`` set; ``starts_at`` is the first occurrence). A row
  with ``series_id`` and ``original_start`` is an exception: it replaces that occurrence, or with ``removed``
  cancels it. ``removed`` on a single event or series: declined and taken off the user's calendar.
- Ids: ``event-7`` is a single event or a whole series; ``event-7_20260309T133000Z`` is the occurrence of series
  7 that (originally) starts at that UTC instant. Both are stable: an edited occurrence keeps its id.
- ``organizer`` NULL means the user; the user's ``myResponse`` to their own events is ``accepted``.
- (v3) ``calendar_id`` NULL is the primary calendar (``calendars``); an attendee row with ``optional`` is an optional
  attendee (``optionalAttendees``); ``meeting_url`` is the event's online meeting link (``meetingUrl``).
"""

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any

from integrations.base.errors import NotFoundError
from integrations.local.database import SERVICE, inserted_row_id
from integrations.local.timestamps import from_storage, local_iso, storage_key

_ID = re.compile(r"event-(\d+)(?:_(\d{8}T\d{6}Z))?")
_STAMP = "%Y%m%dT%H%M%SZ"


@dataclass(frozen=True)
class NewEvent:
    title: str
    start: datetime
    end: datetime
    attendees: Sequence[str] = ()
    location: str | None = None
    description: str | None = None
    organizer: str | None = None  # None: the user
    my_response: str | None = None  # None: the user's own event
    recurrence: str | None = None
    optional: Sequence[str] = ()
    calendar_id: int | None = None  # None: the primary calendar
    online_meeting: bool = False


MEETING_LINK = "https://meet.example.com/planbot-{row_id}"
"""The local workspace's stand-in for a Meet or Teams link: one per event, stable."""


@dataclass(frozen=True)
class Shown:
    """What the results say about the user: their address (the organizer of their own events)."""

    owner_address: str
    zone: tzinfo


def insert_event(connection: sqlite3.Connection, event: NewEvent) -> int:
    cursor = connection.execute(
        "INSERT INTO events (title, starts_at, ends_at, location, description, organizer, my_response, recurrence,"
        " calendar_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            event.title,
            storage_key(event.start),
            storage_key(event.end),
            event.location,
            event.description,
            event.organizer,
            event.my_response,
            event.recurrence,
            event.calendar_id,
        ],
    )
    row_id = inserted_row_id(cursor)
    store_attendees(connection, row_id, event.attendees, event.optional)
    if event.online_meeting:
        link = MEETING_LINK.format(row_id=row_id)
        connection.execute("UPDATE events SET meeting_url = ? WHERE id = ?", [link, row_id])
    return row_id


def store_attendees(
    connection: sqlite3.Connection, row_id: int, addresses: Sequence[str], optional: Sequence[str] = ()
) -> None:
    """Replace the attendees: in order, once each (addresses compared case-insensitively); someone in both lists is
    optional."""
    connection.execute("DELETE FROM event_attendees WHERE event_id = ?", [row_id])
    extra = _unique(optional)
    keys = {address.casefold() for address in extra}
    required = [address for address in _unique(addresses) if address.casefold() not in keys]
    rows = [(address, 0) for address in required] + [(address, 1) for address in extra]
    connection.executemany(
        "INSERT INTO event_attendees (event_id, position, address, optional) VALUES (?, ?, ?, ?)",
        [(row_id, position, address, flag) for position, (address, flag) in enumerate(rows)],
    )


def _unique(addresses: Sequence[str]) -> list[str]:
    return list({address.strip().casefold(): address.strip() for address in reversed(addresses)}.values())[::-1]


def attendees_of(
    connection: sqlite3.Connection, row_ids: Sequence[int], *, optional: bool = False
) -> dict[int, list[str]]:
    """The (required, or with ``optional`` the optional) attendees of each event row."""
    found: dict[int, list[str]] = {row_id: [] for row_id in row_ids}
    if not row_ids:
        return found
    rows = connection.execute(
        f"SELECT event_id, address FROM event_attendees WHERE event_id IN ({', '.join('?' for _ in row_ids)})"
        " AND optional = ? ORDER BY event_id, position",
        [*row_ids, int(optional)],
    )
    for row in rows:
        found[row["event_id"]].append(row["address"])
    return found


def series_id(row_id: int) -> str:
    return f"event-{row_id}"


def occurrence_id(series_row_id: int, original: datetime) -> str:
    return f"event-{series_row_id}_{original.astimezone(UTC).strftime(_STAMP)}"


def parse_id(public_id: str) -> tuple[int, datetime | None]:
    """``event-7`` → (7, None); ``event-7_20260309T133000Z`` → (7, that instant); else NotFoundError."""
    match = _ID.fullmatch(public_id.strip())
    if not match:
        raise NotFoundError(f"no calendar event with id {public_id!r}", service=SERVICE)
    stamp = match.group(2)
    return int(match.group(1)), datetime.strptime(stamp, _STAMP).replace(tzinfo=UTC) if stamp else None


def public_id(row: sqlite3.Row) -> str:
    if row["series_id"] is not None:
        return occurrence_id(row["series_id"], from_storage(row["original_start"]))
    return series_id(row["id"])


@dataclass(frozen=True)
class People:
    """An event's attendees: required and optional."""

    required: list[str]
    optional: list[str]


def people_of(connection: sqlite3.Connection, row_ids: Sequence[int]) -> dict[int, People]:
    required, optional = attendees_of(connection, row_ids), attendees_of(connection, row_ids, optional=True)
    return {row_id: People(required[row_id], optional[row_id]) for row_id in row_ids}


def shown(row: sqlite3.Row, people: People, view: Shown, series: sqlite3.Row | None = None) -> dict[str, Any]:
    """A stored event as results show it; ``series`` is the series of an exception row.

    Besides the contract's fields: ``recurrence`` (the series' rule, or null) and ``seriesId`` (the series an
    occurrence belongs to, or null).
    """
    return _shown(row, public_id(row), row["starts_at"], row["ends_at"], people, view, series)


def shown_occurrence(
    series: sqlite3.Row, start: datetime, end: datetime, people: People, view: Shown
) -> dict[str, Any]:
    """The occurrence of ``series`` that starts at ``start`` (no exception row of its own)."""
    shown_id = occurrence_id(series["id"], start)
    return _shown(series, shown_id, storage_key(start), storage_key(end), people, view, series)


def _shown(
    row: sqlite3.Row,
    shown_id: str,
    starts: str,
    ends: str,
    people: People,
    view: Shown,
    series: sqlite3.Row | None,
) -> dict[str, Any]:
    calendar = row["calendar_id"] if row["calendar_id"] is not None else (series or row)["calendar_id"]
    return {
        "id": shown_id,
        "title": row["title"],
        "startTime": local_iso(starts, view.zone),
        "endTime": local_iso(ends, view.zone),
        "attendees": people.required,
        "optionalAttendees": people.optional,
        "location": row["location"],
        "description": row["description"],
        "organizer": row["organizer"] or view.owner_address,
        "myResponse": row["my_response"] or ("accepted" if row["organizer"] is None else "needsAction"),
        "recurrence": (series or row)["recurrence"],
        "seriesId": series_id(series["id"]) if series is not None else None,
        "meetingUrl": row["meeting_url"] or (series["meeting_url"] if series is not None else None),
        "calendarId": calendar_public_id(calendar),
    }


def calendar_public_id(row_id: int | None) -> str:
    """``calendar-2``; the primary calendar (row id NULL in events, or its own row) is ``primary``."""
    return "primary" if row_id is None or row_id == PRIMARY_ROW else f"calendar-{row_id}"


PRIMARY_ROW = 1  # schema version 3 creates the primary calendar first
