"""Writing iCalendar: a new event (once or recurring), a change to an event or to one occurrence, an answer to an
invitation, an occurrence left out.

Times are written in the owner's zone with a TZID and a VTIMEZONE (so that other clients show them at the right
local time on both sides of a daylight-saving change); a time that falls in the repeated hour of a fall-back
change is written in UTC, because a TZID time there means its first occurrence (RFC 5545 §3.3.5). An event from
a local midnight to a later one is written as an all-day event (``VALUE=DATE``, ``integrations.calendar.changes``).

Occurrences and series: a change to an occurrence's id writes an override (RECURRENCE-ID) for it only; a change
to the series' id changes the series, and moving the series moves its overrides and EXDATEs along (and a
one-weekday rule, ``BYDAY=MO``, to the new day).
"""

import copy
from datetime import UTC, date, datetime, tzinfo

from icalendar import Calendar, Component, Event, vCalAddress, vRecur

from integrations.base.arguments import CreateCalendarEventArgs, UpdateCalendarEventArgs
from integrations.base.errors import NotFoundError, PermanentError, PermissionDeniedError
from integrations.calendar.caldav.dav import SERVICE
from integrations.calendar.caldav.ical import (
    RESPONSES,
    Me,
    RecurrenceId,
    address_of,
    as_instant,
    is_invitation,
    is_person,
    listed,
    organizer_of,
    own_attendee,
    span,
)
from integrations.calendar.changes import Times, changed_attendees, changed_times, new_times
from integrations.calendar.rules import first_start, moved_to_weekday, normalized

PRODID = "-//planbot//CalDAV connector//EN"
_NOT_COPIED = {"DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID", "SEQUENCE"}


def new_calendar(
    args: CreateCalendarEventArgs, *, uid: str, zone: tzinfo, organizer: str | None, now: datetime
) -> tuple[Calendar, Event]:
    """A new event; a recurring one starts at its rule's first occurrence from ``startTime``."""
    calendar = Calendar()
    calendar.add("PRODID", PRODID)
    calendar.add("VERSION", "2.0")
    event = Event()
    event.add("UID", uid)
    event.add("DTSTAMP", now.astimezone(UTC))
    event.add("CREATED", now.astimezone(UTC))
    event.add("SEQUENCE", 0)
    event.add("SUMMARY", args.title)
    start = args.startTime
    if args.recurrence:
        start = first_start(args.recurrence, args.startTime, zone, service=SERVICE)
    times = new_times(start, args.durationMinutes, zone)
    set_times(event, times)
    if args.recurrence:
        event.add("RRULE", vRecur.from_ical(utc_until(normalized(args.recurrence), times)))
    if args.location:
        event.add("LOCATION", args.location)
    if args.description:
        event.add("DESCRIPTION", args.description)
    if organizer:
        event.add("ORGANIZER", vCalAddress(f"mailto:{organizer}"))
    set_attendees(event, [*(args.attendees or []), *(args.optionalAttendees or [])], set(args.optionalAttendees or []))
    calendar.add_component(event)
    _add_time_zones(calendar, event, zone)
    return calendar, event


def change(
    calendar: Calendar,
    rid: RecurrenceId | None,
    args: UpdateCalendarEventArgs,
    *,
    zone: tzinfo,
    now: datetime,
    me: Me = (),
) -> Component:
    """Apply ``args`` to the event (or to the occurrence ``rid``, as an override); returns the changed VEVENT.
    An event someone else organises is not changed (PermissionDeniedError): it is answered or removed."""
    master = _master(calendar)
    if is_invitation(master, me):
        raise PermissionDeniedError(
            f"{organizer_of(master)} organises {str(master.get('SUMMARY', 'this event'))!r}: you can accept, decline"
            " or remove it, not change it",
            service=SERVICE,
        )
    target = master if rid is None else _override(calendar, master, rid, zone)
    changed = args.model_fields_set
    before = Times(*span(target, zone), zone)
    times = changed_times(args, before)
    if times is not None:
        if target is master and "RRULE" in master and times.start != before.start:
            _move_series(calendar, master, before, times, zone)
        set_times(target, times)
    if args.title is not None:
        _replace(target, "SUMMARY", args.title)
    for field, name in (("location", "LOCATION"), ("description", "DESCRIPTION")):
        if field in changed:
            _replace(target, name, getattr(args, field))
    people = [address_of(prop) for prop in listed(target.get("ATTENDEE")) if is_person(prop)]
    addresses = changed_attendees(args, people)
    if addresses is not None or args.optionalAttendees:
        listed_now = addresses if addresses is not None else people
        optional = {a.casefold() for a in args.optionalAttendees or []}
        extra = [a for a in args.optionalAttendees or [] if a.casefold() not in {x.casefold() for x in listed_now}]
        set_attendees(target, [*listed_now, *extra], optional)
    _touch(target, now)
    _add_time_zones(calendar, target, zone)
    return target


def answer(
    calendar: Calendar,
    rid: RecurrenceId | None,
    response: str,
    comment: str | None,
    *,
    me: Me,
    zone: tzinfo,
    now: datetime,
) -> Component:
    """The user's PARTSTAT on the invitation (or on one occurrence, as an override): the server's scheduling
    sends the organiser the iTIP REPLY (RFC 6638 §3.2.2)."""
    master = _master(calendar)
    title = str(master.get("SUMMARY", "this event"))
    if not is_invitation(master, me):
        raise PermanentError(f"you organise {title!r}: there is no invitation to answer", service=SERVICE)
    target = master if rid is None else _override(calendar, master, rid, zone)
    prop = own_attendee(target, me)
    if prop is None:
        raise PermanentError(f"you are not among the attendees of {title!r}", service=SERVICE)
    prop.params["PARTSTAT"] = RESPONSES[response]
    prop.params.pop("RSVP", None)
    if comment is not None:
        _replace(target, "COMMENT", comment)
    _replace(target, "DTSTAMP", now.astimezone(UTC))
    return target


def utc_until(rule: str, times: Times) -> str:
    """RFC 5545 wants UNTIL in UTC when DTSTART has a zone: a day means its end, a local time is the owner's."""
    parts = []
    for part in rule.split(";"):
        name, _, value = part.partition("=")
        if name == "UNTIL" and not value.endswith("Z") and not times.all_day:
            day, _, clock = value.partition("T")
            local = datetime.strptime(f"{day}T{clock or '235959'}", "%Y%m%dT%H%M%S").replace(tzinfo=times.zone)
            value = f"{local.astimezone(UTC):%Y%m%dT%H%M%SZ}"
        parts.append(f"{name}={value}")
    return ";".join(parts)


def leave_out(calendar: Calendar, rid: RecurrenceId, *, zone: tzinfo, now: datetime) -> None:
    """Delete one occurrence: an EXDATE on the series, and no override for it."""
    master = _master(calendar)
    _check_occurrence(master, rid, zone)
    for override in [c for c in calendar.walk("VEVENT") if c is not master and _is(c, rid, zone)]:
        calendar.subcomponents.remove(override)
    master.add("EXDATE", _like_start(rid, master, zone))
    _replace(master, "DTSTAMP", now.astimezone(UTC))


def set_times(event: Component, times: Times) -> None:
    for name in ("DTSTART", "DTEND", "DURATION"):
        event.pop(name, None)
    if times.all_day:
        first, after = times.dates
        event.add("DTSTART", first)
        event.add("DTEND", after)
        return
    event.add("DTSTART", _local(times.start, times.zone))
    event.add("DTEND", _local(times.end, times.zone))


def _move_series(calendar: Calendar, master: Component, before: Times, after: Times, zone: tzinfo) -> None:
    """Overrides and EXDATEs move with the series; a one-weekday rule follows it to its new day."""
    delta = after.start.astimezone(UTC) - before.start.astimezone(UTC)
    written = next(iter(listed(master.get("RRULE")))).to_ical()
    rule = written.decode() if isinstance(written, bytes) else str(written)
    master["RRULE"] = vRecur.from_ical(moved_to_weekday(rule, before.start, after.start, zone))
    excluded = [as_instant(moment, zone) + delta for moment in (master.exdates if isinstance(master, Event) else [])]
    master.pop("EXDATE", None)
    for moment in excluded:
        master.add("EXDATE", _local(moment, zone))
    for override in [c for c in calendar.walk("VEVENT") if c is not master and "RECURRENCE-ID" in c]:
        original = as_instant(override.decoded("RECURRENCE-ID"), zone) + delta
        _replace(override, "RECURRENCE-ID", _local(original, zone))
        first, last = span(override, zone)
        set_times(override, Times(first + delta, last + delta, zone))


def _touch(component: Component, now: datetime) -> None:
    _replace(component, "SEQUENCE", int(component.get("SEQUENCE", 0)) + 1)
    _replace(component, "DTSTAMP", now.astimezone(UTC))
    _replace(component, "LAST-MODIFIED", now.astimezone(UTC))


def set_attendees(event: Component, addresses: list[str], optional: set[str] | None = None) -> None:
    """Replace the people invited; one already invited keeps their reply (PARTSTAT) and role, rooms stay; those in
    ``optional`` (any case) get ``ROLE=OPT-PARTICIPANT`` (RFC 5545), a new one otherwise ``REQ-PARTICIPANT``."""
    folded = {address.casefold() for address in optional or set()}
    before = listed(event.pop("ATTENDEE", None))
    kept = {address_of(prop).casefold(): prop for prop in before if is_person(prop)}
    for prop in [prop for prop in before if not is_person(prop)]:
        event.add("ATTENDEE", prop)
    for address in dict.fromkeys(addresses):
        prop = kept.get(address.casefold())
        if prop is None:
            prop = vCalAddress(f"mailto:{address}")
            prop.params.update({"ROLE": "REQ-PARTICIPANT", "PARTSTAT": "NEEDS-ACTION", "RSVP": "TRUE"})
        if address.casefold() in folded:
            prop.params["ROLE"] = "OPT-PARTICIPANT"
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
    start, end = (moment.astimezone(UTC) for moment in span(master, zone))
    override = Event()
    for name, value in master.items():
        if name not in _NOT_COPIED:
            override[name] = copy.deepcopy(value)  # an answer on the override must not reach the series
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
