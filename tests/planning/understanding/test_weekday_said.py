"""A weekday said alone to move an event is that day of the event's own week, or the next one after today when it
has passed; a weekday said with its week or date is read as said (issue 23)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.weekday_said import in_week_of, weekday_alone

TZ = ZoneInfo("America/New_York")
TODAY = datetime(2026, 3, 2, 9, tzinfo=TZ)  # a Monday


def test_a_weekday_alone_is_the_day_of_that_name_in_the_moved_events_week() -> None:
    booked = datetime(2026, 3, 19, 11, tzinfo=TZ)  # Thursday of the week after next
    assert in_week_of("tues", booked, TODAY) == "March 17"
    assert in_week_of("sorry, make that sat at 10", booked, TODAY) == "sorry, make that March 21 at 10"


def test_a_weekday_of_a_week_that_has_passed_is_the_next_one_after_today() -> None:
    earlier = datetime(2026, 2, 26, 11, tzinfo=TZ)  # last Thursday
    assert in_week_of("wed", earlier, TODAY) == "March 4"


def test_a_weekday_said_with_its_week_or_date_or_as_a_repeat_is_read_as_said() -> None:
    for said in ("next tues", "tuesday the 17th", "tomorrow", "tuesdays", "3/17", "tues or wed"):
        assert weekday_alone(said) is None, said
