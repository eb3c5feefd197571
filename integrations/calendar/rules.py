"""Recurrence rules as the calendar services take them (the local workspace's semantics, contract §2.6).

- Events repeat daily, weekly, monthly or yearly; a rule with both ``COUNT`` and ``UNTIL``, a day of the month
  that none of its months has, or a rule ``dateutil`` cannot read, is refused with PermanentError before anything
  is written.
- A new series starts at the rule's first occurrence from the start asked for (a weekly Monday meeting asked
  for on a Tuesday starts next Monday), in the owner's local wall-clock time.
- Moving a series to another weekday moves a one-weekday rule along (``BYDAY=MO`` → ``BYDAY=TH``).
"""

import re
from datetime import datetime, timedelta, tzinfo

from dateutil.rrule import rrule, rrulestr  # type: ignore[import-untyped]

from integrations.base.errors import PermanentError

_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_FREQUENCIES = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
_UNTIL = re.compile(r"(?:^|;)UNTIL=([0-9TZ]+)(?=;|$)")
HORIZON = timedelta(days=10 * 366)


def normalized(rule: str) -> str:
    """Upper case, without an ``RRULE:`` prefix or empty parts."""
    text = rule.strip().upper().removeprefix("RRULE:")
    return ";".join(part for part in text.split(";") if part)


def first_start(rule: str, start: datetime, zone: tzinfo, *, service: str) -> datetime:
    """The first occurrence of ``rule`` at or after ``start`` (aware, in ``zone``); refuses a rule it cannot
    follow, or one with no occurrence."""
    text = normalized(rule)
    local = start.astimezone(zone).replace(tzinfo=None)
    parsed = _parse(text, local, service)
    first = parsed.after(local, inc=True)
    if first is None or first > local + HORIZON:
        raise PermanentError(f"the recurrence rule {text} has no occurrence", service=service)
    moment: datetime = first.replace(tzinfo=zone)
    return moment


def moved_to_weekday(rule: str, old: datetime, new: datetime, zone: tzinfo) -> str:
    """A rule on one weekday (``BYDAY=MO``) follows its series to another day; other rules stay as they are."""
    old_day, new_day = old.astimezone(zone).weekday(), new.astimezone(zone).weekday()
    single = f"BYDAY={_WEEKDAYS[old_day]}"
    parts = normalized(rule).split(";")
    if old_day == new_day or single not in parts:
        return normalized(rule)
    return ";".join(f"BYDAY={_WEEKDAYS[new_day]}" if part == single else part for part in parts)


def _parse(rule: str, first: datetime, service: str) -> rrule:
    parts = rule.split(";")
    if any(part.startswith("COUNT=") for part in parts) and any(part.startswith("UNTIL=") for part in parts):
        raise PermanentError("a recurrence rule may give COUNT or UNTIL, not both", service=service)
    if not any(f"FREQ={frequency}" in parts for frequency in _FREQUENCIES):
        raise PermanentError("events repeat daily, weekly, monthly or yearly", service=service)
    if not _has_a_month_day(parts):
        raise PermanentError(f"the recurrence rule {rule} never occurs", service=service)
    try:
        parsed = rrulestr(_UNTIL.sub(_floating_until, rule), dtstart=first)
    except (ValueError, TypeError, OverflowError) as error:
        raise PermanentError(f"the recurrence rule {rule!r} cannot be read: {error}", service=service) from error
    if not isinstance(parsed, rrule):
        raise PermanentError(f"the recurrence rule {rule!r} is not one RRULE", service=service)
    return parsed


def _has_a_month_day(parts: list[str]) -> bool:
    """False when BYMONTHDAY names only days that none of the rule's months has: dateutil would search for ever."""
    values = dict(part.partition("=")[::2] for part in parts)
    try:
        days = [int(day) for day in values["BYMONTHDAY"].split(",")] if "BYMONTHDAY" in values else []
        months = [int(month) for month in values["BYMONTH"].split(",")] if "BYMONTH" in values else range(1, 13)
    except ValueError:
        return True  # dateutil says what is wrong
    longest = {month: 29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31 for month in range(1, 13)}
    return not days or any(0 < abs(day) <= longest.get(month, 31) for day in days for month in months)


def _floating_until(match: re.Match[str]) -> str:
    """UNTIL for a floating DTSTART (dateutil wants both of a kind): a day's end, or the time without its Z (the
    first occurrence is all this module looks for, so an hour's offset cannot matter)."""
    value = match.group(1)
    prefix = match.group(0)[: match.start(1) - match.start(0)]
    if re.fullmatch(r"\d{8}", value):
        return f"{prefix}{value}T235959"
    return f"{prefix}{value.removesuffix('Z')}"
