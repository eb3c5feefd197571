"""Recurring events: an RFC 5545 RRULE expanded with python-dateutil in the workspace's local wall-clock time,
so a weekly 09:30 meeting stays at 09:30 across a daylight-saving change.

``UNTIL`` may be UTC (``...Z``), local (``20260401T170000``) or a day (``20260401``: that whole day counts).
A rule with both ``COUNT`` and ``UNTIL``, or one dateutil cannot read, is refused with PermanentError.
"""

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, tzinfo

from dateutil.rrule import rrule, rrulestr  # type: ignore[import-untyped]

from integrations.base.errors import PermanentError
from integrations.local.database import SERVICE

_UNTIL = re.compile(r"(?:^|;)UNTIL=([0-9TZ]+)(?=;|$)")
_WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
_SLACK = timedelta(hours=3)  # local wall-clock times may differ from UTC arithmetic by a DST jump


class Recurrence:
    """The occurrences of ``rule`` from ``first`` (an aware instant), as aware UTC instants."""

    def __init__(self, rule: str, first: datetime, zone: tzinfo) -> None:
        self.rule = normalized(rule)
        self._zone = zone
        self._rrule = _parse(self.rule, _local(first, zone), zone)

    def starts(self, low: datetime | None, high: datetime | None, limit: int | None) -> Iterator[datetime]:
        """Occurrence starts in ``[low, high)`` (either open), in order, at most ``limit`` of them."""
        after = _local(low, self._zone) - _SLACK if low else datetime.min
        ceiling = _local(high, self._zone) + _SLACK if high else None
        count = 0
        for naive in self._rrule.xafter(after, inc=True):
            if ceiling is not None and naive > ceiling:
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


def normalized(rule: str) -> str:
    """Upper case, without an ``RRULE:`` prefix or empty parts."""
    text = rule.strip().upper().removeprefix("RRULE:")
    return ";".join(part for part in text.split(";") if part)


def moved_to_weekday(rule: str, old: datetime, new: datetime, zone: tzinfo) -> str:
    """A rule on one weekday (``BYDAY=MO``) follows its series to another day; other rules stay as they are."""
    old_day, new_day = old.astimezone(zone).weekday(), new.astimezone(zone).weekday()
    single = f"BYDAY={_WEEKDAYS[old_day]}"
    parts = normalized(rule).split(";")
    if old_day == new_day or single not in parts:
        return normalized(rule)
    return ";".join(f"BYDAY={_WEEKDAYS[new_day]}" if part == single else part for part in parts)


def _parse(rule: str, first: datetime, zone: tzinfo) -> rrule:
    if "COUNT=" in rule and "UNTIL=" in rule:
        raise PermanentError("a recurrence rule may give COUNT or UNTIL, not both", service=SERVICE)
    try:
        parsed = rrulestr(_UNTIL.sub(lambda m: _local_until(m, zone), rule), dtstart=first)
    except (ValueError, TypeError, OverflowError) as error:
        raise PermanentError(f"the recurrence rule {rule!r} cannot be read: {error}", service=SERVICE) from error
    if not isinstance(parsed, rrule):
        raise PermanentError(f"the recurrence rule {rule!r} is not one RRULE", service=SERVICE)
    return parsed


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
