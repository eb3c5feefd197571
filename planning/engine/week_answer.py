"""A start time answered with a week where the request gave the day ("a weekly 1:1 on tuesdays" → "What start time
on Tue 3 Mar?" → "4pm, starting next week"): that weekday of the week said, at the time said."""

from datetime import datetime, timedelta

from planning.understanding.timeexpr import find_times


def in_week_said(day: datetime | None, text: str, now: datetime) -> str | None:
    """The start on ``day``'s weekday in the one week ``text`` names, at the one clock time it says (the wall-clock
    time in ``now``'s zone); None when no day was asked, or the answer says no week, several, or no time."""
    if day is None:
        return None
    found = find_times(text, now)
    clocks = [t for t in found if t.has_clock_time]
    weeks = [t for t in found if not t.has_clock_time and t.end is not None and t.end - t.start > timedelta(days=1)]
    if len(clocks) != 1 or len(weeks) != 1 or len(found) != 2:
        return None
    week = weeks[0]
    assert week.end is not None
    date = week.start.date()
    while date.weekday() != day.weekday():
        date += timedelta(days=1)
    if date >= week.end.date():
        return None
    clock = clocks[0].start.astimezone(now.tzinfo).time()
    return datetime.combine(date, clock, tzinfo=now.tzinfo).isoformat()
