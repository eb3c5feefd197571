"""An RFC 5545 RRULE (``FREQ=WEEKLY;BYDAY=MO;COUNT=3``) → Graph's ``patternedRecurrence``, and back to words.

    DAILY                          → daily (every INTERVAL days); with BYDAY and INTERVAL 1 → weekly on those days
    WEEKLY [BYDAY]                 → weekly on BYDAY (default: the start's weekday), first day of week from WKST
    MONTHLY [BYMONTHDAY=d]         → absoluteMonthly on day d (default: the start's day)
    MONTHLY BYDAY=2TU | BYSETPOS   → relativeMonthly (index first … fourth, or last)
    YEARLY [BYMONTH] [BYMONTHDAY]  → absoluteYearly;  YEARLY BYMONTH BYDAY=-1FR → relativeYearly
    COUNT → numbered, UNTIL → endDate (a date in the owner's zone), neither → noEnd

The series starts at the rule's first occurrence from the requested start (as the local workspace does), in the
owner's zone, so a 10:00 weekly meeting stays at 10:00 across a daylight-saving change. What Outlook cannot repeat
(hourly rules, several month days, BYHOUR ...) is refused with the part it cannot do.
"""

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from dateutil.rrule import rrulestr  # type: ignore[import-untyped]

from integrations.base.errors import PermanentError

DAYS = dict(
    zip(
        ("MO", "TU", "WE", "TH", "FR", "SA", "SU"),
        ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"),
        strict=True,
    )
)
INDEX = {1: "first", 2: "second", 3: "third", 4: "fourth", -1: "last"}
KNOWN = {"FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST"}


@dataclass(frozen=True)
class Series:
    start: datetime  # the first occurrence, in the owner's zone
    recurrence: dict[str, Any]  # Graph's patternedRecurrence


def series(rule: str, start: datetime, zone: ZoneInfo, *, service: str) -> Series:
    parts = _parts(rule, service)
    local = start.astimezone(zone)
    try:
        first = rrulestr(rule, dtstart=local).after(local, inc=True)
    except (ValueError, TypeError) as error:
        raise PermanentError(f"the recurrence rule {rule} cannot be read ({error})", service=service) from None
    if first is None:
        raise PermanentError(f"the recurrence rule {rule} has no occurrence", service=service)
    pattern = _pattern(parts, first, service)
    return Series(first, {"pattern": pattern, "range": _range(parts, first, zone)})


def _parts(rule: str, service: str) -> dict[str, str]:
    parts = dict(part.split("=", 1) for part in rule.upper().removeprefix("RRULE:").split(";") if "=" in part)
    unknown = sorted(set(parts) - KNOWN)
    if unknown:
        raise PermanentError(f"Outlook cannot repeat an event by {', '.join(unknown)}", service=service)
    return parts


def _pattern(parts: dict[str, str], first: datetime, service: str) -> dict[str, Any]:
    frequency, interval = parts["FREQ"], int(parts.get("INTERVAL", "1"))
    days = [day for day in parts.get("BYDAY", "").split(",") if day]
    weekday = list(DAYS.values())[first.weekday()]
    if frequency == "DAILY" and not days and not _any(parts, "BYMONTHDAY", "BYMONTH", "BYSETPOS"):
        return {"type": "daily", "interval": interval}
    if frequency == "WEEKLY" or (frequency == "DAILY" and interval == 1 and days):
        if _any(parts, "BYMONTHDAY", "BYMONTH", "BYSETPOS") or any(day[-2:] != day for day in days):
            raise PermanentError(f"Outlook cannot repeat weekly by {_described(parts)}", service=service)
        return {
            "type": "weekly",
            "interval": interval,
            "daysOfWeek": [_day(day, service) for day in days] or [weekday],
            "firstDayOfWeek": _day(parts.get("WKST", "MO"), service),
        }
    if frequency in ("MONTHLY", "YEARLY"):
        yearly = frequency == "YEARLY"
        month = {"month": _single(parts, "BYMONTH", first.month, service)} if yearly else {}
        if days:
            day, index = _relative(days, parts.get("BYSETPOS"), service)
            kind = "relativeYearly" if yearly else "relativeMonthly"
            return {"type": kind, "interval": interval, "daysOfWeek": [day], "index": index, **month}
        kind = "absoluteYearly" if yearly else "absoluteMonthly"
        day_of_month = _single(parts, "BYMONTHDAY", first.day, service)
        return {"type": kind, "interval": interval, "dayOfMonth": day_of_month, **month}
    raise PermanentError(f"Outlook cannot repeat an event {frequency.lower()}", service=service)


def _range(parts: dict[str, str], first: datetime, zone: ZoneInfo) -> dict[str, Any]:
    shown = {"startDate": first.date().isoformat(), "recurrenceTimeZone": zone.key}
    if "COUNT" in parts:
        return {"type": "numbered", "numberOfOccurrences": int(parts["COUNT"]), **shown}
    if "UNTIL" in parts:
        return {"type": "endDate", "endDate": _until(parts["UNTIL"], zone).isoformat(), **shown}
    return {"type": "noEnd", **shown}


def _until(value: str, zone: ZoneInfo) -> date:
    if "T" not in value:
        return datetime.strptime(value, "%Y%m%d").date()
    moment = datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
    return moment.replace(tzinfo=ZoneInfo("UTC")).astimezone(zone).date() if value.endswith("Z") else moment.date()


def _relative(days: list[str], position: str | None, service: str) -> tuple[str, str]:
    if len(days) != 1:
        raise PermanentError("Outlook repeats a monthly or yearly event on one weekday only", service=service)
    ordinal = int(days[0][:-2] or position or "0")
    if ordinal not in INDEX:
        raise PermanentError(f"Outlook cannot repeat on {days[0]} (first to fourth, or last)", service=service)
    return _day(days[0][-2:], service), INDEX[ordinal]


def _single(parts: dict[str, str], name: str, default: int, service: str) -> int:
    values = [value for value in parts.get(name, "").split(",") if value]
    if len(values) > 1 or any(not value.isdigit() for value in values):
        raise PermanentError(f"Outlook cannot repeat by {name}={parts[name]}", service=service)
    return int(values[0]) if values else default


def _day(code: str, service: str) -> str:
    if code not in DAYS:
        raise PermanentError(f"{code} is not a weekday of a recurrence rule", service=service)
    return DAYS[code]


def _any(parts: dict[str, str], *names: str) -> bool:
    return any(name in parts for name in names)


def _described(parts: dict[str, str]) -> str:
    return ";".join(f"{key}={value}" for key, value in parts.items() if key != "FREQ")
