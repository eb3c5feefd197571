"""Recurring events expanded into their occurrences here, not by the server.

Servers' ``CALDAV:expand`` (RFC 4791 §9.6.5) is optional in practice and uneven: Radicale 3.9 answers 500 for a
floating recurring event, and expands a TZID without a VTIMEZONE at a fixed offset (wrong after a DST change).
Expanding here gives one behaviour on every server; the tests check it against Radicale's own expansion.

RRULE (through ``dateutil``, which ``icalendar`` already needs), RDATE, EXDATE and overrides (RECURRENCE-ID)
of one calendar object. Occurrences repeat in the series' own zone (10:00 stays 10:00 local across a DST
change); each lasts the series' exact duration (RFC 5545 §3.8.5.3).
"""

from collections.abc import Iterable
from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Any

from dateutil.rrule import rruleset, rrulestr  # type: ignore[import-untyped]
from icalendar import Component, vRecur

from integrations.base.errors import PermanentError
from integrations.calendar.caldav.dav import SERVICE
from integrations.calendar.caldav.ical import (
    Me,
    as_instant,
    event_id,
    is_cancelled,
    listed,
    parse_calendar,
    span,
    to_event,
)
from integrations.calendar.events import CalendarEvent

MAX_OCCURRENCES = 5000


def read_object(
    text: str, resource: str, window: tuple[datetime, datetime], zone: tzinfo, me: Me = ()
) -> list[CalendarEvent]:
    """The events of one calendar object: a single event, or the occurrences of a series that may overlap
    ``window`` (with its overrides); cancelled ones are left out. ``me``: the user's addresses."""
    components = [c for c in parse_calendar(text).walk("VEVENT") if "DTSTART" in c]
    if any(is_series(component) for component in components):
        return expand(components, resource, window, zone, me)
    return [
        to_event(c, event_id(resource, c.decoded("RECURRENCE-ID") if "RECURRENCE-ID" in c else None, zone), zone, me)
        for c in components
        if not is_cancelled(c)
    ]


def is_series(component: Component) -> bool:
    return "RECURRENCE-ID" not in component and ("RRULE" in component or "RDATE" in component)


def expand(
    components: list[Component], resource: str, window: tuple[datetime, datetime], zone: tzinfo, me: Me = ()
) -> list[CalendarEvent]:
    """The occurrences of the series in ``components`` that may overlap ``window``, overrides included."""
    series = next(component for component in components if is_series(component))
    if is_cancelled(series):
        return []
    overrides = [c for c in components if "RECURRENCE-ID" in c and not is_cancelled(c)]
    replaced = {_key(c.decoded("RECURRENCE-ID"), zone) for c in components if "RECURRENCE-ID" in c}
    length = _length(series, zone)
    template = replace(to_event(series, resource, zone, me), series_id=resource)
    found: list[CalendarEvent] = []
    for moment in _starts(series, window, length, zone):
        if _key(moment, zone) in replaced:
            continue
        start = as_instant(moment, zone)
        end = _after(start, length) if isinstance(moment, datetime) else as_instant(moment + length, zone)
        found.append(replace(template, id=event_id(resource, moment, zone), start=start, end=end))
    for override in overrides:
        identifier = event_id(resource, override.decoded("RECURRENCE-ID"), zone)
        found.append(to_event(override, identifier, zone, me, series=series))
    return found


def _length(series: Component, zone: tzinfo) -> timedelta:
    """How long each occurrence lasts: exact time, or whole days for an all-day series (a day may be 23 hours)."""
    start = series.decoded("DTSTART")
    if isinstance(start, datetime):
        first, last = span(series, zone)
        return last - first
    if "DTEND" in series:
        end = series.decoded("DTEND")
        return timedelta(days=((end.date() if isinstance(end, datetime) else end) - start).days)
    duration: timedelta = series.decoded("DURATION") if "DURATION" in series else timedelta(days=1)
    return timedelta(days=duration.days)


def _starts(
    series: Component, window: tuple[datetime, datetime], length: timedelta, zone: tzinfo
) -> list[date | datetime]:
    dtstart = series.decoded("DTSTART")
    whole_days = not isinstance(dtstart, datetime)
    anchor = datetime.combine(dtstart, time()) if whole_days else dtstart
    rules = rruleset()
    for rule in listed(series.get("RRULE")):
        rules.rrule(rrulestr(_rule_text(rule, anchor, zone), dtstart=anchor))
    rules.rdate(anchor)
    for moment in _moments(series.get("RDATE")):
        rules.rdate(_like(moment, anchor, zone))
    for moment in _moments(series.get("EXDATE")):
        rules.exdate(_like(moment, anchor, zone))
    low, high = (_like(bound, anchor, zone) for bound in (window[0] - length, window[1]))
    starts = rules.between(low, high, inc=True, count=MAX_OCCURRENCES)
    if len(starts) >= MAX_OCCURRENCES:
        raise PermanentError("a recurring event has too many occurrences in the range", service=SERVICE)
    return [moment.date() for moment in starts] if whole_days else list(starts)


def _rule_text(rule: Any, anchor: datetime, zone: tzinfo) -> str:
    """The RRULE with its UNTIL in the form ``dateutil`` accepts for this DTSTART (UTC if aware, else local)."""
    values: Any = vRecur(dict(rule))
    if "UNTIL" in values:
        values["UNTIL"] = [_like(until, anchor, zone) for until in listed(values["UNTIL"])]
        if anchor.tzinfo is not None:
            values["UNTIL"] = [until.astimezone(UTC) for until in values["UNTIL"]]
    return str(values.to_ical().decode())


def _like(moment: date | datetime, anchor: datetime, zone: tzinfo) -> datetime:
    """``moment`` as a datetime of the same kind as ``anchor``: aware in its zone, or naive local time."""
    instant = as_instant(moment, zone)
    if anchor.tzinfo is None:
        return instant.astimezone(zone).replace(tzinfo=None)
    return instant.astimezone(anchor.tzinfo)


def _moments(value: Any) -> Iterable[date | datetime]:
    for prop in listed(value):
        for item in getattr(prop, "dts", []):
            moment = item.dt
            if isinstance(moment, date):  # a PERIOD in RDATE is (start, end): its start is used
                yield moment
            elif isinstance(moment, tuple):
                yield moment[0]


def _after(start: datetime, length: timedelta) -> datetime:
    return (start.astimezone(UTC) + length).astimezone(start.tzinfo)


def _key(moment: date | datetime, zone: tzinfo) -> date | datetime:
    return as_instant(moment, zone).astimezone(UTC) if isinstance(moment, datetime) else moment
