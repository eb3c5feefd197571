"""What an update asks of an event's times and attendees, the same for every calendar service.

- Times: ``startTime`` moves the start, ``shiftMinutes`` moves start and end, ``durationMinutes`` sets the length;
  otherwise the length stays. Arithmetic is on instants (UTC), except that a move by whole days keeps the wall-clock
  time in the event's zone across a daylight-saving change (contract §2.4, v3: Thursday 14:00 EST moved to the
  Monday after the change stays 14:00, EDT) and an all-day event moved by whole days stays on local midnights.
- **All-day events**: an event that runs from a local midnight to a later local midnight is written as an all-day
  event (a date, not a time), and an all-day event given a time of day becomes a timed one. Reads show an all-day
  event as midnight to midnight, so writing back what was read keeps its kind.
- Attendees: ``attendees`` replaces the list; ``addAttendees`` / ``removeAttendees`` change it and keep the others
  (addresses compared case-insensitively, each once, in the order they were invited).
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from integrations.base.arguments import UpdateCalendarEventArgs
from integrations.base.shifts import DAY_MINUTES, shifted


@dataclass(frozen=True, slots=True)
class Times:
    start: datetime
    end: datetime
    zone: tzinfo

    @property
    def all_day(self) -> bool:
        local_start, local_end = self.start.astimezone(self.zone), self.end.astimezone(self.zone)
        midnight = time()
        return local_start.time() == midnight and local_end.time() == midnight and local_end > local_start

    @property
    def dates(self) -> tuple[date, date]:
        """The first day and the day after the last (an all-day event's DTEND / ``end.date``)."""
        return self.start.astimezone(self.zone).date(), self.end.astimezone(self.zone).date()


def new_times(start: datetime, minutes: int, zone: tzinfo) -> Times:
    return Times(start, _after(start, timedelta(minutes=minutes)), zone)


def changed_times(args: UpdateCalendarEventArgs, current: Times) -> Times | None:
    """The event's times after ``args``, or None when they do not change."""
    if not args.model_fields_set & {"startTime", "durationMinutes", "shiftMinutes"}:
        return None
    zone = current.zone
    days = current.all_day
    if args.startTime is not None:
        start = args.startTime
    elif args.shiftMinutes is not None and days and args.shiftMinutes % DAY_MINUTES == 0:
        start = _midnight(current.dates[0] + timedelta(days=args.shiftMinutes // DAY_MINUTES), zone)
    else:
        start = shifted(current.start, args.shiftMinutes or 0, zone)
    at_midnight = days and start.astimezone(zone).time() == time()
    if at_midnight and (args.durationMinutes or DAY_MINUTES) % DAY_MINUTES == 0:  # whole days stay whole days
        length = timedelta(days=args.durationMinutes // DAY_MINUTES) if args.durationMinutes else None
        end = _midnight(start.astimezone(zone).date() + (length or current.dates[1] - current.dates[0]), zone)
    elif args.durationMinutes is not None:
        end = _after(start, timedelta(minutes=args.durationMinutes))
    else:
        end = _after(start, current.end.astimezone(UTC) - current.start.astimezone(UTC))
    return Times(start, end, zone)


def changed_attendees(args: UpdateCalendarEventArgs, current: list[str]) -> list[str] | None:
    """The attendee list after ``args``, or None when it does not change."""
    if "attendees" in args.model_fields_set:
        return _once(list(args.attendees or []))
    if not (args.addAttendees or args.removeAttendees):
        return None
    removed = {address.strip().casefold() for address in args.removeAttendees or []}
    kept = [address for address in current if address.strip().casefold() not in removed]
    return _once([*kept, *(args.addAttendees or [])])


def _once(addresses: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for address in addresses:
        seen.setdefault(address.strip().casefold(), address.strip())
    return list(seen.values())


def _after(moment: datetime, length: timedelta) -> datetime:
    """``moment + length`` as elapsed time (Python adds wall-clock time to an aware datetime of one zone)."""
    return (moment.astimezone(UTC) + length).astimezone(moment.tzinfo)


def _midnight(day: date, zone: tzinfo) -> datetime:
    return datetime.combine(day, time(), tzinfo=zone)
