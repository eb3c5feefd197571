"""A zone after a clock time is that zone's wall time, written in the requester's zone (contract §2.4 v3)."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.timeexpr import find_times
from planning.understanding.timezones import zone_after

NEW_YORK = ZoneInfo("America/New_York")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)  # a Monday, before either side's daylight-saving change


def _start(text: str, now: datetime = NOW) -> str:
    found = find_times(text, now)
    assert len(found) == 1, found
    return found[0].start.isoformat()


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("call at 4pm CT", "2026-03-02T17:00:00-05:00"),
        ("sync tomorrow at 10am London", "2026-03-03T05:00:00-05:00"),
        ("standup 9am Pacific", "2026-03-02T12:00:00-05:00"),
        ("review noon UTC on friday", "2026-03-06T07:00:00-05:00"),
        ("demo thursday 3pm central time", "2026-03-05T16:00:00-05:00"),
        ("4pm ct tomorrow", "2026-03-03T17:00:00-05:00"),
        ("board call at 2pm (CET) on thursday", "2026-03-05T08:00:00-05:00"),
        ("at 9:30am IST on wednesday", "2026-03-03T23:00:00-05:00"),  # Wednesday there, Tuesday here
    ],
)
def test_a_zone_after_a_time_is_that_zones_wall_clock(text: str, start: str) -> None:
    assert _start(text) == start


def test_the_offset_is_the_instants_own_across_a_daylight_saving_change() -> None:
    # New York moves to EDT on 8 March 2026, London on 29 March: 10am London on the 20th is 06:00 EDT
    assert _start("call on march 20 at 10am London") == "2026-03-20T06:00:00-04:00"


def test_a_range_in_another_zone_keeps_its_length() -> None:
    (found,) = find_times("1-3pm PT tomorrow", NOW)
    assert found.start.isoformat() == "2026-03-03T16:00:00-05:00"
    assert found.end is not None and (found.end - found.start).total_seconds() == 2 * 3600


def test_a_time_with_no_zone_day_picked_in_that_zone() -> None:
    # 23:00 in New York is already 13:00 the next day in Tokyo: "9am Tokyo" is the coming one, not 20 hours ago
    late = datetime(2026, 3, 2, 23, 0, tzinfo=NEW_YORK)
    assert _start("call 9am JST", late) == "2026-03-03T19:00:00-05:00"


@pytest.mark.parametrize("text", ["lunch at 3pm central park", "at 4pm eastern market on friday", "at 4pm"])
def test_an_everyday_word_after_a_time_is_no_zone(text: str) -> None:
    found = find_times(text, NOW)
    assert found and found[0].start.hour in (15, 16) and found[0].start.utcoffset() == NOW.utcoffset()


def test_the_zones_words_are_part_of_the_time_expression() -> None:
    text = "call at 4pm CT about the renewal"
    (found,) = find_times(text, NOW)
    assert text[found.spans[-1][0] : found.spans[-1][1]] == "4pm CT"


def test_zone_words_come_from_the_data_file() -> None:
    said = zone_after(" Pacific time, thanks", 0)
    assert said is not None and str(said.zone) == "America/Los_Angeles" and said.end == len(" Pacific time")
    assert zone_after(" mountain bike", 0) is None


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("30 min with omar thursday 3pm pacific about the budget", "2026-03-05T18:00:00-05:00"),
        ("an hour w/ lena fri 9am mountain re the audit", "2026-03-06T11:00:00-05:00"),
        ("call at 1pm central with the vendor", "2026-03-02T14:00:00-05:00"),
    ],
)
def test_an_everyday_zone_word_before_who_or_what_the_time_is_about_is_the_zone(text: str, start: str) -> None:
    assert _start(text) == start
