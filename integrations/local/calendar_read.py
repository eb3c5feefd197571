"""Reading the calendar: events (and occurrences of series) that overlap a range, in start order.

A range ``[start, end)`` selects what overlaps it. ``query`` matches when each of its words occurs in the title,
location or description; ``attendee`` matches an address by containment, or a name through the CRM contacts
(``"Priya"`` → priya.shah@example.com). Events the user removed are never shown; declined ones are shown (with
``myResponse`` ``declined``) but are not busy time.
"""

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.local.calendar_rows import People, Shown, people_of, shown, shown_occurrence
from integrations.local.calendars import calendar_row, on_calendar
from integrations.local.crm import CONTACT_ADDRESSES_NAMED
from integrations.local.recurrence import Recurrence
from integrations.local.search_words import query_words
from integrations.local.timestamps import from_storage, storage_key

DEFAULT_LIMIT = 100


@dataclass(frozen=True)
class _Found:
    row: sqlite3.Row
    start: datetime
    end: datetime
    series: sqlite3.Row | None = None  # set for an occurrence (stored as an exception or not)
    stored: bool = True  # False: an occurrence computed from its series


def fetch_events(connection: sqlite3.Connection, args: FetchCalendarEventsArgs, *, view: Shown) -> list[dict[str, Any]]:
    conditions: list[str] = []
    parameters: list[Any] = []
    for word in query_words(args.query):
        conditions.append(
            "(contains_folded(e.title, ?) OR contains_folded(e.description, ?) OR contains_folded(e.location, ?))"
        )
        parameters.extend([word] * 3)
    if args.attendee:
        conditions.append(
            "EXISTS (SELECT 1 FROM event_attendees a WHERE a.event_id = e.id"
            f" AND (contains_folded(a.address, ?) OR folded(a.address) IN ({CONTACT_ADDRESSES_NAMED})))"
        )
        parameters.extend([args.attendee] * 2)
    calendar, values = on_calendar(calendar_row(connection, args.calendarId, writing=False))
    conditions.append(calendar)
    parameters.extend(values)
    limit = args.limit or DEFAULT_LIMIT
    found = _occurring(connection, args.start, args.end, conditions, parameters, view.zone, limit)
    people = people_of(connection, sorted({item.row["id"] for item in found}))
    return [_shown(item, people[item.row["id"]], view) for item in found]


def busy_intervals(
    connection: sqlite3.Connection, start: datetime, end: datetime, zone: tzinfo
) -> list[tuple[datetime, datetime]]:
    """What the user is busy with in ``[start, end)``: every event overlapping it, except declined ones."""
    conditions = ["(e.my_response IS NULL OR e.my_response != 'declined')"]
    found = _occurring(connection, start, end, conditions, [], zone, None)
    return [(item.start, item.end) for item in found]


def _occurring(
    connection: sqlite3.Connection,
    start: datetime | None,
    end: datetime | None,
    conditions: list[str],
    parameters: list[Any],
    zone: tzinfo,
    limit: int | None,
) -> list[_Found]:
    """Single events and occurrences overlapping ``[start, end)`` that meet ``conditions``, the first ``limit``."""
    where = ["e.removed = 0", *conditions]
    single_where, single_parameters = [*where, "e.recurrence IS NULL"], list(parameters)
    if start:
        single_where.append("e.ends_at > ?")
        single_parameters.append(storage_key(start))
    if end:
        single_where.append("e.starts_at < ?")
        single_parameters.append(storage_key(end))
    rows = connection.execute(
        f"SELECT e.* FROM events e WHERE {' AND '.join(single_where)} ORDER BY e.starts_at, e.id LIMIT ?",
        [*single_parameters, -1 if limit is None else limit],
    ).fetchall()
    series_of = _series_rows(connection, [row["series_id"] for row in rows if row["series_id"] is not None])
    found = [
        _Found(row, from_storage(row["starts_at"]), from_storage(row["ends_at"]), series_of.get(row["series_id"]))
        for row in rows
    ]
    series_where, series_parameters = [*where, "e.recurrence IS NOT NULL"], list(parameters)
    if end:
        series_where.append("e.starts_at < ?")
        series_parameters.append(storage_key(end))
    for series in connection.execute(f"SELECT e.* FROM events e WHERE {' AND '.join(series_where)}", series_parameters):
        found.extend(_occurrences(connection, series, start, end, zone, limit))
    found.sort(key=lambda item: (item.start, item.row["id"]))
    return found if limit is None else found[:limit]


def _occurrences(
    connection: sqlite3.Connection,
    series: sqlite3.Row,
    start: datetime | None,
    end: datetime | None,
    zone: tzinfo,
    limit: int | None,
) -> list[_Found]:
    """The computed occurrences of ``series`` overlapping the range (those with an exception row are skipped)."""
    first = from_storage(series["starts_at"])
    duration = from_storage(series["ends_at"]) - first
    exceptions = {
        row["original_start"]
        for row in connection.execute("SELECT original_start FROM events WHERE series_id = ?", [series["id"]])
    }
    low = start - duration + timedelta(microseconds=1) if start else None
    found: list[_Found] = []
    for moment in Recurrence(series["recurrence"], first, zone).starts(low, end, None):
        if storage_key(moment) in exceptions:
            continue
        found.append(_Found(series, moment, moment + duration, series, stored=False))
        if limit is not None and len(found) >= limit:
            break
    return found


def _series_rows(connection: sqlite3.Connection, row_ids: list[int]) -> dict[int, sqlite3.Row]:
    if not row_ids:
        return {}
    marks = ", ".join("?" for _ in row_ids)
    return {row["id"]: row for row in connection.execute(f"SELECT * FROM events WHERE id IN ({marks})", row_ids)}


def _shown(item: _Found, people: People, view: Shown) -> dict[str, Any]:
    if item.stored:
        return shown(item.row, people, view, item.series)
    return shown_occurrence(item.row, item.start, item.end, people, view)
