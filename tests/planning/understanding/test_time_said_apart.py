"""A clause that says a time of day and nothing else, next to a booking that says no time of day, is the booking's
start ("ok 1pm then - need 45 min with sarah about the offsite"); on the booking's own day when it names one; not
taken when the booking names a week (which day is then not said)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def _goals(text: str) -> list[tuple[str, str, datetime | None]]:
    parse = GoalUnderstandingService().parse(text, NOW)
    return [(g.intent, g.entity, g.slots.when.start if g.slots.when else None) for g in parse.goals]


def test_a_time_said_apart_before_a_booking_is_its_start() -> None:
    [(intent, entity, start)] = _goals("ok 1pm then - need 45 min with sarah about the offsite")
    assert (intent, entity) == ("create", "event")
    assert start is not None and (start.hour, start.minute) == (13, 0)


def test_a_time_said_apart_takes_the_day_the_booking_names() -> None:
    [(_, _, start)] = _goals("4:30 works. grab 30 min w tom thursday about hiring")
    assert start == datetime(2026, 3, 5, 16, 30, tzinfo=ZoneInfo("America/New_York"))


def test_a_time_said_apart_from_a_booking_in_a_week_is_not_its_start() -> None:
    goals = _goals("4pm. book lunch with priya next week")
    assert not any(start is not None and start.day == 9 and start.hour == 16 for _, _, start in goals)
