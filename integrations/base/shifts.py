"""What ``shiftMinutes`` does to a time, the same for every calendar service and for the cards that show it.

Whole days move the date and keep the wall-clock time in the event's zone, across a daylight-saving change too
(contract §2.4, v3: Thursday 14:00 EST moved four days stays 14:00 on Monday, EDT); any other amount is elapsed
time ("2 hours later" is two hours on the clock of the world).
"""

from datetime import UTC, datetime, timedelta, tzinfo

DAY_MINUTES = 24 * 60


def shifted(start: datetime, minutes: int, zone: tzinfo) -> datetime:
    """``start`` (aware) moved by ``minutes``, in ``start``'s own zone."""
    if minutes % DAY_MINUTES:
        return (start.astimezone(UTC) + timedelta(minutes=minutes)).astimezone(start.tzinfo)
    local = start.astimezone(zone)
    moved = datetime.combine(local.date() + timedelta(days=minutes // DAY_MINUTES), local.time(), tzinfo=zone)
    return moved.astimezone(start.tzinfo)
