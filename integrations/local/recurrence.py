"""Recurring events: an RFC 5545 RRULE expanded with python-dateutil in the workspace's local wall-clock time,
so a weekly 09:30 meeting stays at 09:30 across a daylight-saving change.

``UNTIL`` may be UTC (``...Z``), local (``20260401T170000``) or a day (``20260401``: that whole day counts).
Events repeat daily, weekly, monthly or yearly (as Google Calendar allows). A rule with both ``COUNT`` and
``UNTIL``, a finer frequency, a day of the month that none of its months has (``BYMONTH=2;BYMONTHDAY=30``), or
one dateutil cannot read, is refused with PermanentError. An open-ended search looks at most ``HORIZON`` ahead.
"""

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, tzinfo

from dateutil.rrule import rrule, rrulestr  # type: ignore[import-untyped]

from integrations.base.errors import PermanentError
from integrations.calendar.rules import normalized
from integrations.local.database import SERVICE

_UNTIL = re.compile(r"(?:^|;)UNTIL=([0-9TZ]+)(?=;|$)")
_SLACK = timedelta(hours=3)  # local wall-clock times may differ from UTC arithmetic by a DST jump
_FREQUENCIES = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
HORIZON = timedelta(days=10 * 366)


class Recurrence:
    """The occurrences of ``rule`` from ``first`` (an aware instant), as aware UTC instants."""

    def __init__(self, rule: str, first: datetime, zone: tzinfo) -> None:
        self.rule = normalized(rule)
        self._zone = zone
        self._first = first
        self._rrule = _parse(self.rule, _local(first, zone), zone)

    def starts(self, low: datetime | None, high: datetime | None, limit: int | None) -> Iterator[datetime]:
        """Occurrence starts in ``[low, high)`` (either open), in order, at most ``limit`` of them."""
        after = _local(low, self._zone) - _SLACK if low else datetime.min
        ceiling = _local(high or max(low or self._first, self._first) + HORIZON, self._zone) + _SLACK
        count = 0
        for naive in self._rrule.xafter(after, inc=True):
            if naive > ceiling:
                return
            moment = self._instant(naive)
            if (low and moment < low) or (high and moment >= high):
                continue
            yield moment
            count += 1
            if limit is not None and count >= limit:
                return

    def includes(self, moment: datetime) -> bool:
        return next(self.starts(moment, moment + timedelta(seconds=1), 1), None) == moment

    def first_from(self, moment: datetime) -> datetime | None:
        return next(self.starts(moment, None, 1), None)

    def _instant(self, naive: datetime) -> datetime:
        return naive.replace(tzinfo=self._zone).astimezone(UTC)


def _parse(rule: str, first: datetime, zone: tzinfo) -> rrule:
    if "COUNT=" in rule and "UNTIL=" in rule:
        raise PermanentError("a recurrence rule may give COUNT or UNTIL, not both", service=SERVICE)
    if not any(f"FREQ={frequency}" in rule.split(";") for frequency in _FREQUENCIES):
        raise PermanentError("events repeat daily, weekly, monthly or yearly", service=SERVICE)
    if not _has_a_month_day(rule):
        raise PermanentError(f"the recurrence rule {rule} never occurs", service=SERVICE)
    try:
        parsed = rrulestr(_UNTIL.sub(lambda m: _local_until(m, zone), rule), dtstart=first)
    except (ValueError, TypeError, OverflowError) as error:
        raise PermanentError(f"the recurrence rule {rule!r} cannot be read: {error}", service=SERVICE) from error
    if not isinstance(parsed, rrule):
        raise PermanentError(f"the recurrence rule {rule!r} is not one RRULE", service=SERVICE)
    return parsed


def _has_a_month_day(rule: str) -> bool:
    """False when BYMONTHDAY names only days that none of the rule's months has: dateutil would search for ever."""
    parts = dict(part.partition("=")[::2] for part in rule.split(";"))
    try:
        days = [int(day) for day in parts["BYMONTHDAY"].split(",")] if "BYMONTHDAY" in parts else []
        months = [int(month) for month in parts["BYMONTH"].split(",")] if "BYMONTH" in parts else range(1, 13)
    except ValueError:
        return True  # dateutil says what is wrong
    longest = {month: 29 if month == 2 else 30 if month in (4, 6, 9, 11) else 31 for month in range(1, 13)}
    return not days or any(0 < abs(day) <= longest.get(month, 31) for day in days for month in months)


def _local_until(match: re.Match[str], zone: tzinfo) -> str:
    value = match.group(1)
    prefix = match.group(0)[: match.start(1) - match.start(0)]
    try:
        if re.fullmatch(r"\d{8}", value):
            until = datetime.strptime(value, "%Y%m%d") + timedelta(days=1, seconds=-1)
        elif value.endswith("Z"):
            until = _local(datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC), zone)
        else:
            until = datetime.strptime(value, "%Y%m%dT%H%M%S")
    except ValueError as error:
        raise PermanentError(f"UNTIL={value} is not a date or time", service=SERVICE) from error
    return f"{prefix}{until:%Y%m%dT%H%M%S}"


def _local(moment: datetime, zone: tzinfo) -> datetime:
    """An aware instant as a naive local wall-clock time of ``zone``."""
    return moment.astimezone(zone).replace(tzinfo=None)
