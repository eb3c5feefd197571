"""Time expressions (contract §2.4), with the clock fixed at Monday 2026-03-02 09:00 America/New_York.

Daylight-saving time starts in New York on Sunday 2026-03-08 (-05:00 before, -04:00 from 03:00 that day).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planning.understanding.timeexpr import TimeMatch, find_duration, find_shift, find_times

NY = ZoneInfo("America/New_York")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=NY)  # a Monday


def one(text: str, now: datetime = NOW, prefer: str = "future") -> TimeMatch:
    matches = find_times(text, now, prefer)  # type: ignore[arg-type]
    assert len(matches) == 1, matches
    return matches[0]


def iso(text: str, now: datetime = NOW, prefer: str = "future") -> tuple[str, str | None]:
    m = one(text, now, prefer)
    return m.start.isoformat(), None if m.end is None else m.end.isoformat()


def words(text: str, m: TimeMatch) -> list[str]:
    return [text[s:e] for s, e in m.spans]


# ----------------------------------------------------------------------------------- exact ISO strings


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("tomorrow at 3pm", "2026-03-03T15:00:00-05:00", None),
        ("March 10 at 9am", "2026-03-10T09:00:00-04:00", None),
        ("next week", "2026-03-09T00:00:00-04:00", "2026-03-16T00:00:00-04:00"),
        ("Thursday at 2pm", "2026-03-05T14:00:00-05:00", None),
        ("Friday at 10am", "2026-03-06T10:00:00-05:00", None),
        ("on Thursday at 11", "2026-03-05T11:00:00-05:00", None),
        ("this week", "2026-03-02T00:00:00-05:00", "2026-03-09T00:00:00-04:00"),
        ("Thursday afternoon", "2026-03-05T12:00:00-05:00", "2026-03-05T17:00:00-05:00"),
        ("today", "2026-03-02T00:00:00-05:00", "2026-03-03T00:00:00-05:00"),
    ],
)
def test_contract_examples_exact_iso(text: str, start: str, end: str | None) -> None:
    assert iso(text) == (start, end)


def test_results_are_aware_in_the_callers_zone() -> None:
    m = one("March 10 at 9am")
    assert m.start.tzinfo is NY
    assert m.start.utcoffset() == timedelta(hours=-4)


# ------------------------------------------------------------------------------------- daylight saving


def test_dst_offsets_either_side_of_the_change() -> None:
    assert iso("March 3 at 3pm")[0] == "2026-03-03T15:00:00-05:00"
    assert iso("March 10 at 9am")[0] == "2026-03-10T09:00:00-04:00"


def test_dst_day_itself() -> None:
    assert iso("march 8 at 1am")[0] == "2026-03-08T01:00:00-05:00"
    assert iso("march 8 at 3am")[0] == "2026-03-08T03:00:00-04:00"
    # 02:30 does not exist that night: it is the instant 07:30Z, i.e. 03:30 EDT.
    assert iso("march 8 at 2:30am")[0] == "2026-03-08T03:30:00-04:00"
    assert iso("march 8") == ("2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00")


def test_weekend_spanning_the_change() -> None:
    assert iso("this weekend") == ("2026-03-07T00:00:00-05:00", "2026-03-09T00:00:00-04:00")


def test_fall_back_repeated_hour_takes_the_first() -> None:
    assert iso("november 1 at 1:30am")[0] == "2026-11-01T01:30:00-04:00"


def test_relative_hours_are_elapsed_time_across_the_change() -> None:
    now = datetime(2026, 3, 8, 1, 30, tzinfo=NY)
    assert iso("in 2 hours", now)[0] == "2026-03-08T04:30:00-04:00"


# ------------------------------------------------------------------------------------------- weekdays


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Thursday", 5),
        ("Monday", 9),  # said on a Monday: the following Monday
        ("next Wednesday", 11),
        ("next Monday", 9),
        ("this Monday", 2),
        ("this Thursday", 5),
        ("last Thursday", -26),  # negative: February
        ("last Monday", -23),
        ("Thursday next week", 12),
        ("next week Thursday", 12),
        ("this coming friday", 6),
    ],
)
def test_weekday_rules(text: str, day: int) -> None:
    m = one(text)
    assert (m.start.month, m.start.day) == ((2, -day) if day < 0 else (3, day))
    assert m.end == m.start + timedelta(days=1) and (m.start.hour, m.start.minute) == (0, 0)


def test_this_weekday_already_past_is_the_next_one() -> None:
    wednesday = datetime(2026, 3, 4, 9, 0, tzinfo=NY)
    assert one("this Monday", wednesday).start.day == 9
    assert one("Wednesday", wednesday).start.day == 11


def test_prefer_past_bare_weekday_is_the_last_one() -> None:
    m = one("what did Priya send me on Monday", prefer="past")
    assert m.start.isoformat() == "2026-02-23T00:00:00-05:00"
    assert one("next Monday", prefer="past").start.day == 9  # explicit words ignore prefer


# ---------------------------------------------------------------------------------- weeks and months


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("last week", "2026-02-23T00:00:00-05:00", "2026-03-02T00:00:00-05:00"),
        ("next weekend", "2026-03-14T00:00:00-04:00", "2026-03-16T00:00:00-04:00"),
        ("this month", "2026-03-01T00:00:00-05:00", "2026-04-01T00:00:00-04:00"),
        ("next month", "2026-04-01T00:00:00-04:00", "2026-05-01T00:00:00-04:00"),
        ("last month", "2026-02-01T00:00:00-05:00", "2026-03-01T00:00:00-05:00"),
        ("in march", "2026-03-01T00:00:00-05:00", "2026-04-01T00:00:00-04:00"),
        ("march", "2026-03-01T00:00:00-05:00", "2026-04-01T00:00:00-04:00"),
        ("in may", "2026-05-01T00:00:00-04:00", "2026-06-01T00:00:00-04:00"),
        ("the week after next", "2026-03-16T00:00:00-04:00", "2026-03-23T00:00:00-04:00"),
    ],
)
def test_periods(text: str, start: str, end: str) -> None:
    assert iso(text) == (start, end)


def test_may_alone_is_the_verb() -> None:
    assert find_times("you may go", NOW) == []


# ------------------------------------------------------------------------------------------ clock times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("at 9", "2026-03-02T09:00:00-05:00"),
        ("at 3", "2026-03-02T15:00:00-05:00"),
        ("at 11", "2026-03-02T11:00:00-05:00"),
        ("at 12", "2026-03-02T12:00:00-05:00"),
        ("at 6", "2026-03-02T18:00:00-05:00"),
        ("at 7", "2026-03-03T07:00:00-05:00"),  # 7 a.m. is past at 09:00: tomorrow
        ("5 o'clock", "2026-03-02T17:00:00-05:00"),
        ("3pm", "2026-03-02T15:00:00-05:00"),
        ("3 p.m.", "2026-03-02T15:00:00-05:00"),
        ("3:30pm", "2026-03-02T15:30:00-05:00"),
        ("10:15 AM", "2026-03-02T10:15:00-05:00"),
        ("15:00", "2026-03-02T15:00:00-05:00"),
        ("at 5:30", "2026-03-02T17:30:00-05:00"),
        ("noon", "2026-03-02T12:00:00-05:00"),
        ("midnight", "2026-03-03T00:00:00-05:00"),
        ("12am", "2026-03-03T00:00:00-05:00"),
        ("half past 3", "2026-03-02T15:30:00-05:00"),
    ],
)
def test_clock_times(text: str, expected: str) -> None:
    m = one(text)
    assert (m.start.isoformat(), m.end, m.has_clock_time) == (expected, None, True)


def test_clock_without_a_day_future_and_past() -> None:
    assert iso("at 8am")[0] == "2026-03-03T08:00:00-05:00"
    assert iso("at 8am", prefer="past")[0] == "2026-03-02T08:00:00-05:00"
    assert iso("at 9am")[0] == "2026-03-02T09:00:00-05:00"  # not yet past: today
    assert iso("at 3pm", prefer="past")[0] == "2026-03-02T15:00:00-05:00"


@pytest.mark.parametrize(
    "text",
    [
        "1:1",
        "my 1:1",
        "1-1 with Ana",
        "one on one",
        "Q3 numbers",
        "50k deal",
        "30 minutes",
        "2 hours",
        "version 2",
        "call 555 123 4567",
        "room 4",
        "upcoming meetings",
        "later",
        "good morning team",
        "I sat down",
        "at 5 people",
        "by 2 hours",
        "between 2 and 3 people",
    ],
)
def test_not_times(text: str) -> None:
    assert find_times(text, NOW) == []


def test_an_unmarked_count_beside_a_day_is_no_range() -> None:
    assert [m.has_clock_time for m in find_times("we need 2-3 people on friday", NOW)] == [False]


def test_one_on_one_next_to_a_time() -> None:
    text = "my 1:1 tomorrow at 3"
    m = one(text)
    assert m.start.isoformat() == "2026-03-03T15:00:00-05:00"
    assert words(text, m) == ["tomorrow at 3"]


# ------------------------------------------------------------------------------------- parts of the day


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("tonight", "2026-03-02T17:00:00-05:00", "2026-03-02T21:00:00-05:00"),
        ("this morning", "2026-03-02T08:00:00-05:00", "2026-03-02T12:00:00-05:00"),
        ("tomorrow evening", "2026-03-03T17:00:00-05:00", "2026-03-03T21:00:00-05:00"),
        ("last night", "2026-03-01T17:00:00-05:00", "2026-03-01T21:00:00-05:00"),
        ("in the afternoon", "2026-03-02T12:00:00-05:00", "2026-03-02T17:00:00-05:00"),
    ],
)
def test_parts_of_day(text: str, start: str, end: str) -> None:
    assert iso(text) == (start, end)
    assert not one(text).has_clock_time


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tonight at 8", "2026-03-02T20:00:00-05:00"),
        ("10 in the morning", "2026-03-02T10:00:00-05:00"),
        ("8 in the morning", "2026-03-03T08:00:00-05:00"),
        ("tomorrow morning 10 am", "2026-03-03T10:00:00-05:00"),
        ("at 5 in the morning", "2026-03-03T05:00:00-05:00"),
    ],
)
def test_part_of_day_with_a_clock(text: str, expected: str) -> None:
    assert iso(text) == (expected, None)


# ---------------------------------------------------------------------------------------------- merging


@pytest.mark.parametrize(
    ("text", "expected", "used"),
    [
        ("tomorrow at 3pm", "2026-03-03T15:00:00-05:00", ["tomorrow at 3pm"]),
        ("at 4pm on friday", "2026-03-06T16:00:00-05:00", ["4pm on friday"]),
        ("Thursday, March 5 at 3pm", "2026-03-05T15:00:00-05:00", ["Thursday, March 5 at 3pm"]),
        ("noon tomorrow", "2026-03-03T12:00:00-05:00", ["noon tomorrow"]),
        ("book it on Thursday with Sarah at 3pm", "2026-03-05T15:00:00-05:00", ["Thursday", "3pm"]),
    ],
)
def test_merged_expressions(text: str, expected: str, used: list[str]) -> None:
    m = one(text)
    assert m.start.isoformat() == expected and m.end is None and m.has_clock_time
    assert words(text, m) == used


def test_separate_expressions_stay_separate() -> None:
    text = "move my 3pm meeting to 4pm"
    got = find_times(text, NOW)
    assert [(m.start.isoformat(), m.end) for m in got] == [
        ("2026-03-02T15:00:00-05:00", None),
        ("2026-03-02T16:00:00-05:00", None),
    ]
    assert [words(text, m) for m in got] == [["3pm"], ["4pm"]]


def test_two_days_with_two_times() -> None:
    text = "today at 3pm, tomorrow at 4pm"
    got = find_times(text, NOW)
    assert [m.start.isoformat() for m in got] == ["2026-03-02T15:00:00-05:00", "2026-03-03T16:00:00-05:00"]


# ------------------------------------------------------------------------------------------------ dates


@pytest.mark.parametrize(
    "text",
    [
        "March 10",
        "10 March",
        "march 10th",
        "the 10th of march",
        "mar 10",
        "2026-03-10",
        "3/10",
        "Mar. 10, 2026",
    ],
)
def test_date_forms(text: str) -> None:
    assert iso(text) == ("2026-03-10T00:00:00-04:00", "2026-03-11T00:00:00-04:00")


def test_date_year_rules() -> None:
    assert iso("june 14th 2017")[0] == "2017-06-14T00:00:00-04:00"
    assert iso("March 1")[0] == "2027-03-01T00:00:00-05:00"  # already past: next year
    assert iso("March 2")[0] == "2026-03-02T00:00:00-05:00"  # today counts
    assert iso("March 10", prefer="past")[0] == "2025-03-10T00:00:00-04:00"


def test_day_of_month() -> None:
    assert iso("the 14th")[0] == "2026-03-14T00:00:00-04:00"
    assert iso("on the 14th")[0] == "2026-03-14T00:00:00-04:00"
    assert iso("on the 1st")[0] == "2026-04-01T00:00:00-04:00"
    assert iso("the 14th", prefer="past")[0] == "2026-02-14T00:00:00-05:00"
    assert find_times("the 1st meeting", NOW) == []


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("yesterday", "2026-03-01"),
        ("the day after tomorrow", "2026-03-04"),
        ("day before yesterday", "2026-02-28"),
    ],
)
def test_relative_days(text: str, day: str) -> None:
    assert one(text).start.isoformat() == f"{day}T00:00:00-05:00"


# --------------------------------------------------------------------------------------------- relative


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in 2 hours", "2026-03-02T11:00:00-05:00"),
        ("in 10 minutes", "2026-03-02T09:10:00-05:00"),
        ("in an hour", "2026-03-02T10:00:00-05:00"),
        ("in half an hour", "2026-03-02T09:30:00-05:00"),
    ],
)
def test_relative_instants(text: str, expected: str) -> None:
    m = one(text)
    assert (m.start.isoformat(), m.end, m.has_clock_time) == (expected, None, True)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("in 3 days", "2026-03-05T00:00:00-05:00", "2026-03-06T00:00:00-05:00"),
        ("a week from today", "2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00"),
        ("2 days from now", "2026-03-04T00:00:00-05:00", "2026-03-05T00:00:00-05:00"),
        ("the next 5 days", "2026-03-02T09:00:00-05:00", "2026-03-07T00:00:00-05:00"),
        ("the past hour", "2026-03-02T08:00:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("last 2 hours", "2026-03-02T07:00:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("the last 12 hours", "2026-03-01T21:00:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("in the last 5 minutes", "2026-03-02T08:55:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("since 5pm", "2026-03-01T17:00:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("since friday", "2026-02-27T00:00:00-05:00", "2026-03-02T09:00:00-05:00"),
        ("the rest of the day", "2026-03-02T09:00:00-05:00", "2026-03-03T00:00:00-05:00"),
        ("the rest of the week", "2026-03-02T09:00:00-05:00", "2026-03-09T00:00:00-04:00"),
        ("remainder of the week", "2026-03-02T09:00:00-05:00", "2026-03-09T00:00:00-04:00"),
    ],
)
def test_relative_ranges(text: str, start: str, end: str) -> None:
    assert iso(text) == (start, end)


def test_since_span_includes_since() -> None:
    text = "anything since 5pm?"
    assert words(text, one(text)) == ["since 5pm"]


# ------------------------------------------------------------------------------------------ clock ranges


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("between 2 and 4 pm", "2026-03-02T14:00:00-05:00", "2026-03-02T16:00:00-05:00"),
        ("from 2 to 4pm", "2026-03-02T14:00:00-05:00", "2026-03-02T16:00:00-05:00"),
        ("between 8 am and 5 pm today", "2026-03-02T08:00:00-05:00", "2026-03-02T17:00:00-05:00"),
        ("between 10 and 12", "2026-03-02T10:00:00-05:00", "2026-03-02T12:00:00-05:00"),
        ("from 9 to 5", "2026-03-02T09:00:00-05:00", "2026-03-02T17:00:00-05:00"),
        ("11-1pm", "2026-03-02T11:00:00-05:00", "2026-03-02T13:00:00-05:00"),
        ("tomorrow between 2 and 4pm", "2026-03-03T14:00:00-05:00", "2026-03-03T16:00:00-05:00"),
        ("4 to 5:45", "2026-03-02T16:00:00-05:00", "2026-03-02T17:45:00-05:00"),
        ("11:30 to 1", "2026-03-02T11:30:00-05:00", "2026-03-02T13:00:00-05:00"),
        ("9 until noon", "2026-03-02T09:00:00-05:00", "2026-03-02T12:00:00-05:00"),
        ("wed from 2 to 3", "2026-03-04T14:00:00-05:00", "2026-03-04T15:00:00-05:00"),
        ("friday 9-10", "2026-03-06T09:00:00-05:00", "2026-03-06T10:00:00-05:00"),
        ("12-1 tomorrow", "2026-03-03T12:00:00-05:00", "2026-03-03T13:00:00-05:00"),
        # a date said by its number right before an unmarked range makes it hours, a comma between or not
        ("the 6th, 9 to 10", "2026-03-06T09:00:00-05:00", "2026-03-06T10:00:00-05:00"),
        ("march 6 11-12", "2026-03-06T11:00:00-05:00", "2026-03-06T12:00:00-05:00"),
        ("thursday, 4 to 5", "2026-03-05T16:00:00-05:00", "2026-03-05T17:00:00-05:00"),
    ],
)
def test_clock_ranges(text: str, start: str, end: str) -> None:
    m = one(text)
    assert (m.start.isoformat(), m.end and m.end.isoformat(), m.has_clock_time) == (start, end, True)
    assert words(text, m) == [text]


# ------------------------------------------------------------------------------------------------ spans


@pytest.mark.parametrize(
    ("text", "used"),
    [
        ("Can we meet tomorrow at 3pm with Bob?", ["tomorrow at 3pm"]),
        ("Schedule it for next Wednesday, please", ["next Wednesday"]),
        ("What's on MY calendar This Week?", ["This Week"]),
        ("lunch at 12", ["12"]),
        ("emails from the last 2 hours please", ["the last 2 hours"]),
        ("Präsentation am March 10 ok", ["March 10"]),
    ],
)
def test_spans(text: str, used: list[str]) -> None:
    assert words(text, one(text)) == used


# ---------------------------------------------------------------------------------- durations and shifts


@pytest.mark.parametrize(
    ("text", "minutes", "used"),
    [
        ("book 30 minutes with Ana", 30, "30 minutes"),
        ("a 30 min sync", 30, "30 min"),
        ("a 30-minute call", 30, "30-minute"),
        ("a 45 minute slot", 45, "45 minute"),
        ("block an hour", 60, "an hour"),
        ("1 hour", 60, "1 hour"),
        ("2 hours", 120, "2 hours"),
        ("two hours", 120, "two hours"),
        ("1.5 hours", 90, "1.5 hours"),
        ("an hour and a half", 90, "an hour and a half"),
        ("half an hour", 30, "half an hour"),
        ("90 mins", 90, "90 mins"),
        ("a 2-hour workshop", 120, "2-hour"),
        ("meet for 2 hours", 120, "2 hours"),
        ("off for a day", 1440, "a day"),
        ("call in 30 minutes for 1 hour", 60, "1 hour"),
    ],
)
def test_durations(text: str, minutes: int, used: str) -> None:
    d = find_duration(text)
    assert d is not None and d.minutes == minutes and text[d.span[0] : d.span[1]] == used


@pytest.mark.parametrize(
    "text",
    [
        "in 2 hours",
        "push it back by an hour",
        "push the call back an hour",
        "the last 2 hours",
        "in the past hour",
        "every 30 minutes",
        "twice a day",
        "3pm tomorrow",
    ],
)
def test_not_durations(text: str) -> None:
    assert find_duration(text) is None


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("push back by an hour", 60),
        ("push the call back an hour", 60),
        ("an hour later", 60),
        ("delay by 30 minutes", 30),
        ("postpone the sync 15 min", 15),
        ("move up by 15 minutes", -15),
        ("bring forward an hour", -60),
        ("30 minutes earlier", -30),
        ("move it an hour earlier", -60),
    ],
)
def test_shifts(text: str, minutes: int) -> None:
    s = find_shift(text)
    assert s is not None and s.minutes == minutes and s.span == (0, len(text))


@pytest.mark.parametrize(
    "text",
    [
        "move my 3pm meeting to 4pm",
        "move my 2 hour meeting to Friday",
        "in 2 hours",
    ],
)
def test_not_shifts(text: str) -> None:
    assert find_shift(text) is None


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("bump the launch review an hour", 60),
        ("shift my sync with tom 20 minutes", 20),
        ("move it 15 min", 15),
        ("pull the 1:1 with priya 10 minutes", -10),
    ],
)
def test_a_length_after_a_verb_of_moving_and_what_it_moves_is_how_far(text: str, minutes: int) -> None:
    """Everyday "push X 20 min" moves X later by 20 minutes; it never says X's new length."""
    s = find_shift(text)
    assert s is not None and s.minutes == minutes and s.span == (0, len(text))
    assert find_duration(text) is None


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("move our 90 minute workshop to friday", 90),
        ("bump tomorrow's 45 min review to 4", 45),
        ("shift 30 min meeting to noon", 30),
        ("push the call and make it 50 minutes", 50),
    ],
)
def test_a_length_that_describes_the_thing_moved_is_its_length(text: str, minutes: int) -> None:
    assert find_shift(text) is None
    d = find_duration(text)
    assert d is not None and d.minutes == minutes


# ------------------------------------------------------------------------------------------- robustness

_VOCAB = [
    "at",
    "on",
    "the",
    "in",
    "since",
    "between",
    "and",
    "to",
    "from",
    "next",
    "last",
    "this",
    "tomorrow",
    "today",
    "tonight",
    "morning",
    "evening",
    "noon",
    "midnight",
    "monday",
    "sat",
    "march",
    "may",
    "week",
    "weekend",
    "month",
    "3pm",
    "3",
    "12",
    "7:30",
    "1:1",
    "1-1",
    "2-4pm",
    "3/10",
    "2026-03-08",
    "14th",
    "hours",
    "minutes",
    "an",
    "hour",
    "ago",
    "from now",
    "rest",
    "of",
    "day",
    "push",
    "back",
    "by",
    "later",
    "earlier",
    "ü",
    ",",
    "0",
    "99",
    "31st",
    "2/30",
    "12:60",
    "25:00",
    "feb 29",
    "february 29 2027",
    "9999-12-31",
    "in 9999 weeks",
]


def _check(text: str) -> None:
    for prefer in ("future", "past"):
        for m in find_times(text, NOW, prefer):
            assert m.end is None or m.end > m.start
            assert m.start.tzinfo is NY
            assert all(0 <= s < e <= len(text) for s, e in m.spans)
    d, s = find_duration(text), find_shift(text)
    assert d is None or d.minutes > 0
    assert s is None or s.minutes != 0


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_never_raises(text: str) -> None:
    _check(text)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_VOCAB), max_size=40).map(" ".join))
def test_time_word_soup_never_raises(text: str) -> None:
    _check(text)


def test_long_input() -> None:
    text = ("Move my 3pm meeting to Thursday afternoon. ✨ " * 300)[:10_000]
    got = find_times(text, NOW)
    assert got and all(m.end is None or m.end > m.start for m in got)


def test_naive_now_does_not_raise() -> None:
    assert find_times("tomorrow at 3pm", datetime(2026, 3, 2, 9, 0))[0].start == datetime(2026, 3, 3, 15, 0)


@pytest.mark.parametrize(("text", "minutes"), [("find a free hour with omar", 60), ("2 solid hours of focus", 120)])
def test_a_describing_word_inside_a_length_keeps_it(text: str, minutes: int) -> None:
    found = find_duration(text)
    assert found is not None and found.minutes == minutes
