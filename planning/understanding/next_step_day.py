"""A request said as the next step after a plan ended, with a time of day and no day ("then block 1 to 4 for the
deck" after "clear my thurs afternoon"): the time is on the day that plan was about. The request opens with a word of
data/cues/day_carried_leads.txt."""

from datetime import date, datetime, timedelta

from planning.understanding.cues import Words, cues
from planning.understanding.timeexpr import find_times


def on_day_said_before(text: str, day: date, now: datetime) -> str | None:
    """``text`` with ``day`` said after it, when it is such a next step and says a time of day and no day; else
    None."""
    words = Words.of(text)
    if not len(words) or cues("day_carried_leads").at(words) is None:
        return None
    times = find_times(text, now)
    if not times or not all(t.has_clock_time for t in times):
        return None
    later = find_times(text, now + timedelta(days=1))  # a day said stays where it is when the clock moves on a day
    if [t.start.date() for t in later] == [t.start.date() for t in times]:
        return None
    return f"{text} on {day:%A} {day.day} {day:%B}"
