"""Reading iCalendar (RFC 5545) with ``icalendar``: events, their ids, free/busy periods.

An event's id is its resource name in the calendar collection (``3f2c....ics``); an occurrence of a recurring
event adds its RECURRENCE-ID in UTC (``3f2c....ics@20260309T140000Z``, or ``@20260309`` for an all-day one),
so that a change or a deletion can touch one occurrence and leave the series alone.

Times: a TZID or UTC time is an instant; a floating time is read in the owner's zone; an all-day date is that
day's midnight in the owner's zone.
"""

import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from icalendar import Calendar, Component

from integrations.base.errors import NotFoundError, PermanentError
from integrations.calendar.caldav.dav import SERVICE
from integrations.calendar.events import CalendarEvent, MyResponse
from integrations.calendar.slots import Interval

RecurrenceId = date | datetime
Me = tuple[str, ...]  # the user's own calendar addresses, the one shown as organiser first
PARTSTATS: dict[str, MyResponse] = {
    "ACCEPTED": "accepted",
    "DECLINED": "declined",
    "TENTATIVE": "tentative",
    "NEEDS-ACTION": "needsAction",
}
RESPONSES: dict[str, str] = {response: partstat for partstat, response in PARTSTATS.items()}
_OCCURRENCE = re.compile(r"^(?P<resource>.+)@(?P<stamp>\d{8}(T\d{6}Z)?)$")
_SAFE_RESOURCE = re.compile(r"^[^/?#\s]+$")
_NOT_PEOPLE = {"ROOM", "RESOURCE"}


def parse_calendar(text: str) -> Calendar:
    try:
        return Calendar.from_ical(text)
    except ValueError as error:
        raise PermanentError("the CalDAV server sent iCalendar data we cannot read", service=SERVICE) from error


def event_id(resource: str, rid: RecurrenceId | None, zone: tzinfo) -> str:
    if rid is None:
        return resource
    if isinstance(rid, datetime):
        return f"{resource}@{as_instant(rid, zone).astimezone(UTC):%Y%m%dT%H%M%SZ}"
    return f"{resource}@{rid:%Y%m%d}"


def parse_event_id(text: str) -> tuple[str, RecurrenceId | None]:
    """(resource name, RECURRENCE-ID or None); an id that cannot be ours is not found."""
    text = text.strip()
    match = _OCCURRENCE.match(text)
    resource, rid = text, None
    if match:
        resource, stamp = match.group("resource"), match.group("stamp")
        if len(stamp) == 8:
            rid = datetime.strptime(stamp, "%Y%m%d").date()
        else:
            rid = datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
    if not _SAFE_RESOURCE.match(resource) or resource in (".", ".."):
        raise NotFoundError(f"no calendar event with id {text!r}", service=SERVICE)
    return resource, rid


def as_instant(value: date | datetime, zone: tzinfo) -> datetime:
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=zone)
    return datetime.combine(value, time(), tzinfo=zone)


def span(component: Component, zone: tzinfo) -> tuple[datetime, datetime]:
    """(start, end) instants of a VEVENT: DTEND, else DTSTART + DURATION, else a day (dates) or nothing."""
    raw_start = component.decoded("DTSTART")
    start = as_instant(raw_start, zone)
    if "DTEND" in component:
        return start, as_instant(component.decoded("DTEND"), zone)
    if "DURATION" in component:
        duration: timedelta = component.decoded("DURATION")
        return start, (start.astimezone(UTC) + duration).astimezone(start.tzinfo)
    whole_day = not isinstance(raw_start, datetime)
    return start, as_instant(raw_start + timedelta(days=1), zone) if whole_day else start


def is_cancelled(component: Component) -> bool:
    return str(component.get("STATUS", "")).upper() == "CANCELLED"


def to_event(
    component: Component, identifier: str, zone: tzinfo, me: Me = (), series: Component | None = None
) -> CalendarEvent:
    """The event; ``me``: the user's addresses (to tell invitations apart); ``series``: an occurrence's series."""
    start, end = span(component, zone)
    everyone = [prop for prop in listed(component.get("ATTENDEE")) if is_person(prop)]
    people = [prop for prop in everyone if not is_optional(prop)]
    addresses = list(dict.fromkeys(address_of(prop) for prop in people))
    optional = list(dict.fromkeys(address_of(prop) for prop in everyone if is_optional(prop)))
    rule = (series if series is not None else component).get("RRULE")
    return CalendarEvent(
        id=identifier,
        title=str(component.get("SUMMARY", "")),
        start=start,
        end=end,
        attendees=tuple(address for address in addresses if address),
        attendee_names=tuple(str(prop.params["CN"]) for prop in people if "CN" in prop.params),
        location=_text(component.get("LOCATION")),
        description=_text(component.get("DESCRIPTION")),
        organizer=organizer_of(component) or (me[0] if me else None),
        my_response=my_response(component, me),
        recurrence=_rule_text(rule),
        series_id=None if series is None else identifier.rpartition("@")[0],
        optional_attendees=tuple(address for address in optional if address),
    )


def is_optional(prop: Any) -> bool:
    """An attendee whose participation is optional (RFC 5545 ``ROLE=OPT-PARTICIPANT``)."""
    return str(getattr(prop, "params", {}).get("ROLE", "")).upper() == "OPT-PARTICIPANT"


def organizer_of(component: Component) -> str | None:
    prop = component.get("ORGANIZER")
    return address_of(prop) or None if prop is not None else None


def is_invitation(component: Component, me: Me) -> bool:
    """Someone else organises it (known only when the user's own addresses are)."""
    organizer = organizer_of(component)
    return bool(me) and organizer is not None and organizer.casefold() not in {a.casefold() for a in me}


def own_attendee(component: Component, me: Me) -> Any | None:
    mine = {address.casefold() for address in me}
    return next((p for p in listed(component.get("ATTENDEE")) if address_of(p).casefold() in mine), None)


def my_response(component: Component, me: Me) -> MyResponse:
    if not is_invitation(component, me):
        return "accepted"
    prop = own_attendee(component, me)
    partstat = str(prop.params.get("PARTSTAT", "NEEDS-ACTION")).upper() if prop is not None else "NEEDS-ACTION"
    return PARTSTATS.get(partstat, "needsAction")


def _rule_text(rule: Any) -> str | None:
    first = next(iter(listed(rule)), None)
    return first.to_ical().decode() if first is not None else None


def busy_periods(text: str, zone: tzinfo) -> list[Interval]:
    """The busy FREEBUSY periods of a free-busy-query answer (FBTYPE=FREE is not busy)."""
    periods: list[Interval] = []
    for component in parse_calendar(text).walk("VFREEBUSY"):
        for prop in listed(component.get("FREEBUSY")):
            if str(prop.params.get("FBTYPE", "BUSY")).upper() == "FREE":
                continue
            low, high = prop.dt
            start = as_instant(low, zone)
            end = start + high if isinstance(high, timedelta) else as_instant(high, zone)
            periods.append((start.astimezone(UTC), end.astimezone(UTC)))
    return periods


def listed(value: Any) -> Iterable[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def address_of(prop: Any) -> str:
    """``mailto:ann@example.org`` → ``ann@example.org``."""
    text = str(prop).strip()
    return text[7:] if text.lower().startswith("mailto:") else text


def is_person(prop: Any) -> bool:
    return _cutype(prop) not in _NOT_PEOPLE


def _cutype(prop: Any) -> str:
    return str(getattr(prop, "params", {}).get("CUTYPE", "INDIVIDUAL")).upper()


def _text(value: Any) -> str | None:
    return str(value) if value is not None and str(value) != "" else None
