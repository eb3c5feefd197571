"""The calendar owner's time zone and working hours: settings types, validated when the settings load.

Working hours are local wall-clock times of the owner's zone on working days; each day's UTC offset comes from
``zoneinfo``, so 09:00–17:00 stays 09:00–17:00 local across a daylight-saving change.
"""

import re
from dataclasses import dataclass
from datetime import time
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AfterValidator

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_HOURS = re.compile(r"^\s*(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s*$")


def parse_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"unknown time zone {name!r} (use an IANA name such as America/New_York)") from error


def parse_hours(text: str) -> tuple[time, time]:
    """``"09:00-17:00"`` → (09:00, 17:00); the end must come after the start (no overnight shifts)."""
    match = _HOURS.match(text)
    if not match:
        raise ValueError(f"working hours {text!r} are not of the form HH:MM-HH:MM")
    start, end = (time.fromisoformat(part.zfill(5)) for part in match.groups())
    if end <= start:
        raise ValueError(f"working hours {text!r} must end after they start")
    return start, end


def parse_days(text: str) -> frozenset[int]:
    """``"mon-fri"``, ``"mon,wed,fri"`` or ``"sun-thu"`` → weekday numbers (Monday = 0)."""
    days: set[int] = set()
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        first, _, last = item.partition("-")
        low, high = _weekday(first, text), _weekday(last or first, text)
        days.update(range(low, high + 1) if low <= high else [*range(low, 7), *range(high + 1)])
    if not days:
        raise ValueError("working days must name at least one day")
    return frozenset(days)


def _weekday(word: str, text: str) -> int:
    short = word.strip().lower()[:3]
    if short not in WEEKDAYS:
        raise ValueError(f"working days {text!r}: {word.strip()!r} is not a weekday (mon ... sun)")
    return WEEKDAYS.index(short)


def _zone_name(value: str) -> str:
    parse_zone(value)
    return value.strip()


def _hours_text(value: str) -> str:
    parse_hours(value)
    return value


def _days_text(value: str) -> str:
    parse_days(value)
    return value


ZoneName = Annotated[str, AfterValidator(_zone_name)]
HoursText = Annotated[str, AfterValidator(_hours_text)]
DaysText = Annotated[str, AfterValidator(_days_text)]


@dataclass(frozen=True, slots=True)
class WorkWeek:
    """When the owner works: ``zone`` and, on ``days`` (Monday = 0), from ``start`` to ``end`` local time."""

    zone: ZoneInfo
    start: time = time(9)
    end: time = time(17)
    days: frozenset[int] = frozenset(range(5))

    @classmethod
    def from_settings(cls, zone: str, hours: str, days: str) -> "WorkWeek":
        start, end = parse_hours(hours)
        return cls(zone=parse_zone(zone), start=start, end=end, days=parse_days(days))
