"""Busy time where a write would book one: the requester's own events (by name) and the known attendees'
free/busy, and the next free slot to offer instead.

Only the calendar tools are used, through the requester's own account (contract §2.6): ``fetch_calendar_events``
over the booking for their own events, ``find_free_slots`` for attendees. Free/busy gives free time only, so an
attendee's busy time is what is free for the requester alone but not once the attendee is added, read minute by
minute around the booking; a connector that cannot see an attendee's calendar adds no busy time, and nothing is
said about them.
"""

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.checks import Choice, Notice
from planning.engine.targets import when_text

Read = Callable[[str, dict[str, Any]], Awaitable[Any]]
SLOT_SEARCH_DAYS = 7
MAX_ATTENDEES = 10
WINDOW_MINUTES = 480  # free/busy read minute by minute around a booking (a connector returns at most 500 slots)
MARGIN_MINUTES = 120


@dataclass(frozen=True)
class Booking:
    """The time a write would book, whose time to check (the requester's own, attendees'), and the event it moves."""

    start: datetime
    end: datetime
    attendees: list[str] = field(default_factory=list)
    own: bool = True
    moved: dict[str, Any] | None = None
    verb: str = "Book"

    @property
    def minutes(self) -> int:
        return max(1, int((self.end - self.start).total_seconds() // 60))


@dataclass(frozen=True)
class Busy:
    who: str | None  # an attendee's address; None for the requester
    title: str | None
    start: datetime
    end: datetime


def booking_of(tool: str, arguments: dict[str, Any], record: dict[str, Any] | None) -> Booking | None:
    """The booking a new event or a change of an event makes; None when it books no time."""
    if tool == "create_calendar_event":
        start = moment(arguments.get("startTime"))
        if start is None:
            return None
        length = arguments.get("durationMinutes") or 30
        return Booking(start, start + timedelta(minutes=int(length)), _addresses(arguments.get("attendees")))
    if tool != "update_calendar_event" or record is None:
        return None
    old_start, old_end = moment(record.get("startTime")), moment(record.get("endTime"))
    if old_start is None or old_end is None:
        return None
    moves = any(key in arguments for key in ("startTime", "shiftMinutes", "durationMinutes"))
    if not moves:  # "also invite Priya": is she free at that time
        added = _addresses(arguments.get("addAttendees"))
        return Booking(old_start, old_end, added, own=False, moved=record) if added else None
    start = moment(arguments.get("startTime")) or old_start + timedelta(minutes=int(arguments.get("shiftMinutes") or 0))
    length = arguments.get("durationMinutes")
    end = start + (timedelta(minutes=int(length)) if length else old_end - old_start)
    people = _addresses(arguments.get("attendees")) if "attendees" in arguments else _addresses(record.get("attendees"))
    removed = set(_addresses(arguments.get("removeAttendees")))
    people = [p for p in [*people, *_addresses(arguments.get("addAttendees"))] if p not in removed]
    return Booking(start, end, list(dict.fromkeys(people)), moved=record, verb="Move to")


async def own_events(read: Read, booking: Booking) -> list[dict[str, Any]]:
    """The requester's events that overlap the booking (as the calendar returns them)."""
    found = await read("fetch_calendar_events", {"start": _iso(booking.start), "end": _iso(booking.end)})
    return [e for e in found if isinstance(e, dict)] if isinstance(found, list) else []


def own_busy(events: Iterable[dict[str, Any]], booking: Booking, leave_out: Iterable[str] = ()) -> list[Busy]:
    """Events that take the requester's time during the booking: not declined, not the event being moved, not the
    ones in ``leave_out`` (an identical event, shown as a duplicate instead)."""
    skip = {str(i) for i in leave_out}
    if booking.moved is not None:
        skip |= {str(booking.moved.get(key)) for key in ("id", "seriesId") if booking.moved.get(key)}
    found = []
    for event in events:
        start, end = moment(event.get("startTime")), moment(event.get("endTime"))
        if start is None or end is None or not (start < booking.end and booking.start < end):
            continue
        if event.get("myResponse") == "declined" or str(event.get("id")) in skip:
            continue
        if event.get("seriesId") and str(event.get("seriesId")) in skip:
            continue
        found.append(Busy(None, str(event.get("title") or "an event"), start, end))
    return found


async def attendees_busy(read: Read, booking: Booking) -> list[Busy]:
    """Attendees busy during the booking, with the stretch of their busy time around it."""
    people = booking.attendees[:MAX_ATTENDEES]
    if not people:
        return []
    together = _slots(await read("find_free_slots", _query(booking.start, booking.end, booking.minutes, people)))
    if together is None or any(moment(s.get("start")) == booking.start for s in together):
        return []  # everyone is free then, or the calendar cannot say
    low, high = _window(booking)
    mine = _free_minutes(await read("find_free_slots", _query(low, high, 1, None)))
    moved = _minutes_of(booking.moved) if booking.moved is not None else set()
    found: list[Busy] = []
    for person in people:
        theirs = _free_minutes(await read("find_free_slots", _query(low, high, 1, [person])))
        for start, end in _runs(mine - theirs - moved):
            if start < booking.end and booking.start < end:
                found.append(Busy(person, None, start, end))
    return found


async def next_free(read: Read, booking: Booking, now: datetime) -> dict[str, str] | None:
    """The first slot of the same length from the booking on (not before now) that is free for everyone."""
    begin = max(booking.start, _up_to_minute(now))
    people = booking.attendees[:MAX_ATTENDEES] or None
    found = _slots(
        await read("find_free_slots", _query(begin, begin + timedelta(days=SLOT_SEARCH_DAYS), booking.minutes, people))
    )
    for slot in found or []:
        start, end = moment(slot.get("start")), moment(slot.get("end"))
        if start is not None and end is not None and start != booking.start:
            return {"start": str(slot["start"]), "end": str(slot["end"])}
    return None


def notice(busy: list[Busy], booking: Booking, tz: ZoneInfo, names: dict[str, str]) -> Notice:
    """ "Not free at Thu 5 Mar, 14:00–14:30 EST": "You have “Pipeline review” 14:00–15:00", "Priya Shah is busy
    14:00–15:00"."""
    day = booking.start.astimezone(tz).date()
    lines = []
    for item in sorted(busy, key=lambda b: (b.who is not None, b.start)):
        when = _clock(item.start, item.end, tz, day)
        if item.who is None:
            lines.append(f"You have “{item.title}” {when}")
        else:
            lines.append(f"{names.get(item.who.casefold(), item.who)} is busy {when}")
    return Notice(title=f"Not free at {when_text(_iso(booking.start), tz, _iso(booking.end))}", lines=lines)


def offer(slot: dict[str, str], booking: Booking, tz: ZoneInfo) -> Choice:
    """ "Book 15:00–15:30 instead" (with the day when it is another day)."""
    start, end = moment(slot["start"]), moment(slot["end"])
    assert start is not None and end is not None
    when = _clock(start, end, tz, booking.start.astimezone(tz).date())
    return Choice(key="free_slot", label=f"{booking.verb} {when} instead", letter="f")


def moment(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        found = datetime.fromisoformat(value)
    except ValueError:
        return None
    return found if found.tzinfo is not None else None


def _clock(start: datetime, end: datetime, tz: ZoneInfo, day: Any) -> str:
    """ "14:00–15:00" on the booking's day, else with the day and zone."""
    local_start, local_end = start.astimezone(tz), end.astimezone(tz)
    if local_start.date() == day and local_end.date() == day:
        return f"{local_start:%H:%M}–{local_end:%H:%M}"
    return when_text(_iso(start), tz, _iso(end))


def _addresses(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return [str(item).strip() for item in items if isinstance(item, str) and "@" in item]


def _query(start: datetime, end: datetime, minutes: int, people: list[str] | None) -> dict[str, Any]:
    query: dict[str, Any] = {"durationMinutes": minutes, "windowStart": _iso(start), "windowEnd": _iso(end)}
    if people:
        query["attendees"] = people
    return query


def _window(booking: Booking) -> tuple[datetime, datetime]:
    """Around the booking, at most ``WINDOW_MINUTES`` long, so that a busy stretch is seen whole."""
    if booking.minutes >= WINDOW_MINUTES:
        return booking.start, booking.start + timedelta(minutes=WINDOW_MINUTES)
    margin = timedelta(minutes=min(MARGIN_MINUTES, (WINDOW_MINUTES - booking.minutes) // 2))
    return booking.start - margin, booking.end + margin


def _slots(value: Any) -> list[dict[str, Any]] | None:
    return [s for s in value if isinstance(s, dict)] if isinstance(value, list) else None


def _free_minutes(value: Any) -> set[int]:
    found: set[int] = set()
    for slot in _slots(value) or []:
        start, end = moment(slot.get("start")), moment(slot.get("end"))
        if start is not None and end is not None:
            found |= set(range(_minute(start), _minute(end)))
    return found


def _minutes_of(event: dict[str, Any]) -> set[int]:
    start, end = moment(event.get("startTime")), moment(event.get("endTime"))
    return set(range(_minute(start), _minute(end))) if start is not None and end is not None else set()


def _runs(minutes: set[int]) -> list[tuple[datetime, datetime]]:
    """Contiguous stretches of minutes, as intervals."""
    found: list[tuple[datetime, datetime]] = []
    for minute in sorted(minutes):
        at = datetime.fromtimestamp(minute * 60, UTC)
        if found and found[-1][1] == at:
            found[-1] = (found[-1][0], at + timedelta(minutes=1))
        else:
            found.append((at, at + timedelta(minutes=1)))
    return found


def _minute(moment_: datetime) -> int:
    return int(moment_.timestamp() // 60)


def _up_to_minute(moment_: datetime) -> datetime:
    floor = moment_.replace(second=0, microsecond=0)
    return floor if floor == moment_ else floor + timedelta(minutes=1)


def _iso(moment_: datetime) -> str:
    return moment_.isoformat()
