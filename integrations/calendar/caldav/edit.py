"""Writing iCalendar: a new event, a change to an event or to one occurrence, an occurrence left out.

Times are written in the owner's zone with a TZID and a VTIMEZONE (so that other clients show them at the right
local time on both sides of a daylight-saving change); a time that falls in the repeated hour of a fall-back
change is written in UTC, because a TZID time there means its first occurrence (RFC 5545 §3.3.5).
"""

from datetime import UTC, date, datetime, timedelta, tzinfo

from icalendar import Calendar, Component, Event, vCalAddress

from integrations.base.arguments import CreateCalendarEventArgs, UpdateCalendarEventArgs
from integrations.base.errors import NotFoundError
from integrations.calendar.caldav.dav import SERVICE
from integrations.calendar.caldav.ical import RecurrenceId, address_of, as_instant, is_person, listed, span

PRODID = "-//planbot//CalDAV connector//EN"
_NOT_COPIED = {"DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "SEQUENCE"}


def new_calendar(
    args: CreateCalendarEventArgs, *, uid: str, zone: tzinfo, organizer: str | None, now: datetime
) -> tuple[Calendar, Event]:
    calendar = Calendar()
    calendar.add("PRODID", PRODID)
    calendar.add("VERSION", "2.0")
    event = Event()
    event.add("UID", uid)
    event.add("DTSTAMP", now.astimezone(UTC))
    event.add("CREATED", now.astimezone(UTC))
    event.add("SEQUENCE", 0)
    event.add("SUMMARY", args.title)
    set_times(event, args.startTime, args.startTime + timedelta(minutes=args.durationMinutes), zone)
    if args.location:
        event.add("LOCATION", args.location)
    if args.description:
        event.add("DESCRIPTION", args.description)
    if organizer:
        event.add("ORGANIZER", vCalAddress(f"mailto:{organizer}"))
    set_attendees(event, args.attendees or [])
    calendar.add_component(event)
    _add_time_zones(calendar, event, zone)
    return calendar, event


def change(
    calendar: Calendar, rid: RecurrenceId | None, args: UpdateCalendarEventArgs, *, zone: tzinfo, now: datetime
) -> Component:
    """Apply ``args`` to the event (or to the occurrence ``rid``, as an override); returns the changed VEVENT."""
    master = _master(calendar)
    target = master if rid is None else _override(calendar, master, rid, zone)
    changed = args.model_fields_set
    if changed & {"startTime", "durationMinutes"}:
        old_start, old_end = span(target, zone)
        start = args.startTime or old_start
        length = timedelta(minutes=args.durationMinutes) if args.durationMinutes else old_end - old_start
        set_times(target, start, start + length, zone)
    if args.title is not None:
        _replace(target, "SUMMARY", args.title)
    for field, name in (("location", "LOCATION"), ("description", "DESCRIPTION")):
        if field in changed:
            _replace(target, name, getattr(args, field))
    if "attendees" in changed:
        set_attendees(target, args.attendees or [])
    _replace(target, "SEQUENCE", int(target.get("SEQUENCE", 0)) + 1)
    _replace(target, "DTSTAMP", now.astimezone(UTC))
    _replace(target, "LAST-MODIFIED", now.astimezone(UTC))
    _add_time_zones(calendar, target, zone)
    return target


def leave_out(calendar: Calendar, rid: RecurrenceId, *, zone: tzinfo, now: datetime) -> None:
    """Delete one occurrence: an EXDATE on the series, and no override for it."""
    master = _master(calendar)
    _check_occurrence(master, rid, zone)
    for override in [c for c in calendar.walk("VEVENT") if c is not master and _is(c, rid, zone)]:
        calendar.subcomponents.remove(override)
    master.add("EXDATE", _like_start(rid, master, zone))
    _replace(master, "DTSTAMP", now.astimezone(UTC))


def set_times(event: Component, start: datetime, end: datetime, zone: tzinfo) -> None:
    for name in ("DTSTART", "DTEND", "DURATION"):
        event.pop(name, None)
    event.add("DTSTART", _local(start, zone))
    event.add("DTEND", _local(end, zone))


def set_attendees(event: Component, addresses: list[str]) -> None:
    """Replace the people invited; one already invited keeps their reply (PARTSTAT), rooms stay."""
    before = listed(event.pop("ATTENDEE", None))
    kept = {address_of(prop).casefold(): prop for prop in before if is_person(prop)}
    for prop in [prop for prop in before if not is_person(prop)]:
        event.add("ATTENDEE", prop)
    for address in dict.fromkeys(addresses):
        prop = kept.get(address.casefold())
        if prop is None:
            prop = vCalAddress(f"mailto:{address}")
            prop.params.update({"ROLE": "REQ-PARTICIPANT", "PARTSTAT": "NEEDS-ACTION", "RSVP": "TRUE"})
        event.add("ATTENDEE", prop)


def _master(calendar: Calendar) -> Component:
    events = calendar.walk("VEVENT")
    if not events:
        raise NotFoundError("the calendar object holds no event", service=SERVICE)
    return next((event for event in events if "RECURRENCE-ID" not in event), events[0])


def _override(calendar: Calendar, master: Component, rid: RecurrenceId, zone: tzinfo) -> Component:
    existing = next((c for c in calendar.walk("VEVENT") if c is not master and _is(c, rid, zone)), None)
    if existing is not None:
        return existing
    _check_occurrence(master, rid, zone)
    start, end = span(master, zone)
    override = Event()
    for name, value in master.items():
        if name not in _NOT_COPIED:
            override[name] = value
    recurrence_id = _like_start(rid, master, zone)
    override.add("RECURRENCE-ID", recurrence_id)
    override.add("DTSTART", recurrence_id)
    occurrence_start = as_instant(recurrence_id, zone)
    override.add("DTEND", _local(occurrence_start + (end - start), zone))
    calendar.add_component(override)
    return override


def _check_occurrence(master: Component, rid: RecurrenceId, zone: tzinfo) -> None:
    recurring = "RRULE" in master or "RDATE" in master
    excluded = master.exdates if isinstance(master, Event) else []
    if not recurring or any(_same(moment, rid, zone) for moment in excluded):
        raise NotFoundError("no such occurrence of the recurring event", service=SERVICE)


def _is(component: Component, rid: RecurrenceId, zone: tzinfo) -> bool:
    return "RECURRENCE-ID" in component and _same(component.decoded("RECURRENCE-ID"), rid, zone)


def _same(left: date | datetime, right: date | datetime, zone: tzinfo) -> bool:
    if isinstance(left, datetime) != isinstance(right, datetime):
        return False
    return as_instant(left, zone) == as_instant(right, zone)


def _like_start(rid: RecurrenceId, master: Component, zone: tzinfo) -> RecurrenceId:
    """``rid`` in the form of the series' DTSTART (date, floating, or in its zone), as RFC 5545 asks."""
    start = master.decoded("DTSTART")
    if not isinstance(start, datetime):
        return rid if not isinstance(rid, datetime) else as_instant(rid, zone).astimezone(zone).date()
    moment = as_instant(rid, zone)
    if start.tzinfo is None:
        return moment.astimezone(zone).replace(tzinfo=None)
    return moment.astimezone(start.tzinfo)


def _local(moment: datetime, zone: tzinfo) -> datetime:
    local = moment.astimezone(zone)
    if local.fold and local.replace(fold=0).utcoffset() != local.utcoffset():
        return moment.astimezone(UTC)
    return local


def _replace(component: Component, name: str, value: object) -> None:
    component.pop(name, None)
    if value is not None and value != "":
        component.add(name, value)


def _add_time_zones(calendar: Calendar, event: Component, zone: tzinfo) -> None:
    start, end = span(event, zone)
    calendar.add_missing_timezones(
        first_date=date(start.year - 1, 1, 1), last_date=date(max(end.year, start.year) + 2, 1, 1)
    )
