"""Writing the calendar: create (once or recurring), update, respond to an invitation, delete.

- An id names a single event or a whole series (``event-7``), or one occurrence (``event-7_20260309T133000Z``,
  as ``fetch_calendar_events`` lists them). Changing, answering or deleting one occurrence stores an exception
  for it; the series' other occurrences stay as they are. Changing the series (its id) changes them all: an
  occurrence changed on its own keeps what was changed on it and follows the series in the rest (title, place,
  description, attendees); moving a series moves its occurrences along, and a rule on one weekday (``BYDAY=MO``)
  follows the series to its new day.
- Deleting a series deletes every occurrence; deleting an occurrence cancels that one only.
- Events someone else organises (invitations) are answered with ``respond_to_event`` and cannot be changed;
  deleting one declines it and takes it off the user's calendar (contract §2.6). Answering one's own event is
  refused.
"""

import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from integrations.base.arguments import (
    CreateCalendarEventArgs,
    DeleteCalendarEventArgs,
    RespondToEventArgs,
    UpdateCalendarEventArgs,
)
from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.shifts import shifted
from integrations.calendar.rules import moved_to_weekday
from integrations.local.calendar_rows import (
    MEETING_LINK,
    PRIMARY_ROW,
    NewEvent,
    People,
    Shown,
    insert_event,
    occurrence_id,
    parse_id,
    people_of,
    series_id,
    shown,
    store_attendees,
)
from integrations.local.calendars import calendar_row
from integrations.local.database import SERVICE, inserted_row_id
from integrations.local.recurrence import Recurrence
from integrations.local.timestamps import from_storage, storage_key


@dataclass(frozen=True)
class _Target:
    """What an id names: a stored row (single event, series, or an occurrence's exception), or an occurrence."""

    row: sqlite3.Row | None
    series: sqlite3.Row | None = None  # the series of an occurrence
    original: datetime | None = None  # an occurrence's original start

    @property
    def event(self) -> sqlite3.Row:
        found = self.row if self.row is not None else self.series
        assert found is not None
        return found

    @property
    def public_id(self) -> str:
        if self.series is not None and self.original is not None:
            return occurrence_id(self.series["id"], self.original)
        return series_id(self.event["id"])


def create_event(connection: sqlite3.Connection, args: CreateCalendarEventArgs, *, view: Shown) -> dict[str, Any]:
    """A recurring event starts at the rule's first occurrence from ``startTime``; the result is the series."""
    start, rule = args.startTime, None
    if args.recurrence:
        recurrence = Recurrence(args.recurrence, start, view.zone)
        first = recurrence.first_from(start)
        if first is None:
            raise PermanentError(f"the recurrence rule {recurrence.rule} has no occurrence", service=SERVICE)
        start, rule = first, recurrence.rule
    end = start + timedelta(minutes=args.durationMinutes)
    event = NewEvent(
        args.title,
        start,
        end,
        args.attendees or (),
        args.location,
        args.description,
        recurrence=rule,
        optional=args.optionalAttendees or (),
        calendar_id=calendar_row(connection, args.calendarId, writing=True),
        online_meeting=bool(args.onlineMeeting),
    )
    return _load(connection, insert_event(connection, event), view)


def update_event(connection: sqlite3.Connection, args: UpdateCalendarEventArgs, *, view: Shown) -> dict[str, Any]:
    """Change what the arguments set; a new start keeps the duration unless ``durationMinutes`` changes it."""
    target = _resolve(connection, args.eventId, view)
    if target.event["organizer"] is not None:
        raise PermanentError(
            f"{target.event['organizer']} organises {target.event['title']!r}: you can accept, decline or remove"
            " it, not change it",
            service=SERVICE,
        )
    row_id = _stored_row_id(connection, target)
    row = connection.execute("SELECT * FROM events WHERE id = ?", [row_id]).fetchone()
    old_start, old_end = from_storage(row["starts_at"]), from_storage(row["ends_at"])
    start = args.startTime or shifted(old_start, args.shiftMinutes or 0, view.zone)
    duration = timedelta(minutes=args.durationMinutes) if args.durationMinutes else old_end - old_start
    columns: dict[str, Any] = {"starts_at": storage_key(start), "ends_at": storage_key(start + duration)}
    if args.title is not None:
        columns["title"] = args.title
    for name in ("location", "description"):
        if name in args.model_fields_set:
            columns[name] = getattr(args, name)
    if row["recurrence"] is not None and start != old_start:
        columns["recurrence"] = _moved_rule(row["recurrence"], old_start, start, view)
        _move_exceptions(connection, row_id, start - old_start)
    if args.onlineMeeting is not None:
        link = row["meeting_url"] or MEETING_LINK.format(row_id=row_id)
        columns["meeting_url"] = link if args.onlineMeeting else None
    if "calendarId" in args.model_fields_set and calendar_row(connection, args.calendarId, writing=True) != (
        None if target.event["calendar_id"] in (None, PRIMARY_ROW) else target.event["calendar_id"]
    ):  # the calendar the event is on (as a calendar service needs it), not one to move it to
        raise NotFoundError(f"no calendar event with id {args.eventId!r} on {args.calendarId!r}", service=SERVICE)
    attendees = _new_attendees(connection, row_id, args)
    if row["recurrence"] is not None:
        _exceptions_follow(connection, row, columns, attendees)
    assignments = ", ".join(f"{column} = ?" for column in columns)
    connection.execute(f"UPDATE events SET {assignments} WHERE id = ?", [*columns.values(), row_id])
    if attendees is not None:
        store_attendees(connection, row_id, *attendees)
    return _load(connection, row_id, view)


def respond_to_event(connection: sqlite3.Connection, args: RespondToEventArgs, *, view: Shown) -> dict[str, Any]:
    """Set the user's answer to an invitation (to every occurrence when the id names a series)."""
    target = _resolve(connection, args.eventId, view)
    if target.event["organizer"] is None:
        raise PermanentError(
            f"you organise {target.event['title']!r}: there is no invitation to answer", service=SERVICE
        )
    row_id = _stored_row_id(connection, target)
    connection.execute(
        "UPDATE events SET my_response = ?, my_comment = ? WHERE id = ? OR (series_id = ? AND ? AND removed = 0)",
        [args.response, args.comment, row_id, row_id, target.original is None],
    )
    return _load(connection, row_id, view)


def delete_event(connection: sqlite3.Connection, args: DeleteCalendarEventArgs, *, view: Shown) -> dict[str, Any]:
    target = _resolve(connection, args.eventId, view)
    invited = target.event["organizer"] is not None
    if target.original is not None:
        row_id = _stored_row_id(connection, target)
        declined = "'declined'" if invited else "my_response"
        connection.execute(f"UPDATE events SET removed = 1, my_response = {declined} WHERE id = ?", [row_id])
    elif invited:
        row_id = target.event["id"]
        connection.execute(
            "UPDATE events SET removed = 1, my_response = 'declined' WHERE id = ? OR series_id = ?", [row_id, row_id]
        )
    else:
        connection.execute("DELETE FROM events WHERE id = ?", [target.event["id"]])
    return {"id": target.public_id}


def _resolve(connection: sqlite3.Connection, event_id: str, view: Shown) -> _Target:
    row_id, original = parse_id(event_id)
    row = connection.execute("SELECT * FROM events WHERE id = ? AND removed = 0", [row_id]).fetchone()
    missing = NotFoundError(f"no calendar event with id {event_id!r}", service=SERVICE)
    if original is None:
        if row is None or row["series_id"] is not None:
            raise missing
        return _Target(row)
    if row is None or row["recurrence"] is None:
        raise missing
    exception = connection.execute(
        "SELECT * FROM events WHERE series_id = ? AND original_start = ?", [row_id, storage_key(original)]
    ).fetchone()
    if exception is not None:
        if exception["removed"]:
            raise missing
        return _Target(exception, row, original)
    if not Recurrence(row["recurrence"], from_storage(row["starts_at"]), view.zone).includes(original):
        raise missing
    return _Target(None, row, original)


def _stored_row_id(connection: sqlite3.Connection, target: _Target) -> int:
    """The row to change; an occurrence without one gets its exception row, a copy of the series' values."""
    if target.row is not None:
        return int(target.row["id"])
    assert target.series is not None and target.original is not None
    series = target.series
    duration = from_storage(series["ends_at"]) - from_storage(series["starts_at"])
    original = storage_key(target.original)
    cursor = connection.execute(
        "INSERT INTO events (title, starts_at, ends_at, location, description, organizer, my_response, my_comment,"
        " series_id, original_start, meeting_url) SELECT title, ?, ?, location, description, organizer, my_response,"
        " my_comment, id, ?, meeting_url FROM events WHERE id = ?",
        [original, storage_key(target.original + duration), original, series["id"]],
    )
    row_id = inserted_row_id(cursor)
    connection.execute(
        "INSERT INTO event_attendees (event_id, position, address, optional)"
        " SELECT ?, position, address, optional FROM event_attendees WHERE event_id = ?",
        [row_id, series["id"]],
    )
    return row_id


Lists = tuple[list[str], list[str]]


def _new_attendees(connection: sqlite3.Connection, row_id: int, args: UpdateCalendarEventArgs) -> Lists | None:
    """The (required, optional) attendee lists after the update, or None when it does not change them. Someone
    added as optional leaves the required list; someone added as required leaves the optional one."""
    if not ({"attendees", "addAttendees", "removeAttendees", "optionalAttendees"} & args.model_fields_set):
        return None
    people = people_of(connection, [row_id])[row_id]
    required = list(args.attendees or ()) if "attendees" in args.model_fields_set else people.required
    removed = {address.strip().casefold() for address in args.removeAttendees or ()}
    added = [*(args.addAttendees or ())]
    optional_added = [*(args.optionalAttendees or ())]
    moved = {address.strip().casefold() for address in added}
    optional = [a for a in people.optional if a.casefold() not in removed and a.casefold() not in moved]
    required = [a for a in required if a.casefold() not in removed] + added
    return required, optional + optional_added


def _exceptions_follow(
    connection: sqlite3.Connection, series: sqlite3.Row, columns: dict[str, Any], attendees: Lists | None
) -> None:
    """A series change reaches its changed occurrences where they still had the series' value."""
    for column in ("title", "location", "description"):
        if column in columns:
            connection.execute(
                f"UPDATE events SET {column} = ? WHERE series_id = ? AND {column} IS ?",
                [columns[column], series["id"], series[column]],
            )
    if attendees is None:
        return
    rows = connection.execute("SELECT id FROM events WHERE series_id = ?", [series["id"]]).fetchall()
    lists = people_of(connection, [series["id"], *(row["id"] for row in rows)])

    def folded(people: People) -> tuple[list[str], list[str]]:
        return [a.casefold() for a in people.required], [a.casefold() for a in people.optional]

    before = folded(lists[series["id"]])
    for row in rows:
        if folded(lists[row["id"]]) == before:
            store_attendees(connection, row["id"], *attendees)


def _moved_rule(rule: str, old: datetime, new: datetime, view: Shown) -> str:
    moved = moved_to_weekday(rule, old, new, view.zone)
    if not Recurrence(moved, new, view.zone).includes(new):
        raise PermanentError(f"{new.isoformat()} does not fall on the series' rule {rule}", service=SERVICE)
    return moved


def _move_exceptions(connection: sqlite3.Connection, series_row_id: int, delta: timedelta) -> None:
    """Move a series' exception rows along with it (in two steps, so their keys never collide)."""
    rows = connection.execute(
        "SELECT id, starts_at, ends_at, original_start FROM events WHERE series_id = ?", [series_row_id]
    ).fetchall()
    connection.execute("UPDATE events SET original_start = 'moving-' || id WHERE series_id = ?", [series_row_id])
    connection.executemany(
        "UPDATE events SET starts_at = ?, ends_at = ?, original_start = ? WHERE id = ?",
        [
            (
                storage_key(from_storage(row["starts_at"]) + delta),
                storage_key(from_storage(row["ends_at"]) + delta),
                storage_key(from_storage(row["original_start"]) + delta),
                row["id"],
            )
            for row in rows
        ],
    )


def _load(connection: sqlite3.Connection, row_id: int, view: Shown) -> dict[str, Any]:
    row = connection.execute("SELECT * FROM events WHERE id = ?", [row_id]).fetchone()
    series = None
    if row["series_id"] is not None:
        series = connection.execute("SELECT * FROM events WHERE id = ?", [row["series_id"]]).fetchone()
    return shown(row, people_of(connection, [row_id])[row_id], view, series)
