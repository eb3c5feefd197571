"""A move of an event to a weekday said alone lands in the event's own week (user test s14 c53: "move lunch w maria to
thurs", the lunch being on Tue 10 Mar, moved it a week earlier to Thu 5 Mar)."""

from pathlib import Path

from integrations.base.arguments import FetchCalendarEventsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _lunches(tmp_path: Path) -> list[str]:
    found = read(
        tmp_path,
        "fetch_calendar_events",
        FetchCalendarEventsArgs(query="lunch", start="2026-03-02T00:00:00-05:00", end="2026-03-31T00:00:00-04:00"),
    )
    return [event["startTime"] for event in found]


def test_a_weekday_said_alone_is_that_day_of_the_moved_events_week(tmp_path: Path) -> None:
    output = chat(tmp_path, "can you shift my lunch with maria to wednesday", "a")
    assert "Wed 11 Mar, 12:30" in output
    assert _lunches(tmp_path) == ["2026-03-11T12:30:00-04:00"]


def test_a_weekday_of_this_week_still_ahead_stays_the_next_one(tmp_path: Path) -> None:
    """A guard: the pricing review (Wed 4 Mar) moved "to friday" goes to Fri 6 Mar, as before."""
    output = chat(tmp_path, "push the globex pricing review to friday", "a")
    assert "Fri 6 Mar, 15:00" in output
