"""Working hours as configured, and free slots from busy time (pure functions, no server)."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from integrations.calendar.slots import free_slots
from integrations.calendar.workweek import WorkWeek, parse_days, parse_hours

NEW_YORK = ZoneInfo("America/New_York")


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


@pytest.mark.parametrize(
    ("text", "days"),
    [("mon-fri", {0, 1, 2, 3, 4}), ("Sun-Thu", {6, 0, 1, 2, 3}), ("mon, wed,friday", {0, 2, 4}), ("sat", {5})],
)
def test_working_days_are_read_as_ranges_and_lists(text: str, days: set[int]) -> None:
    assert parse_days(text) == frozenset(days)


@pytest.mark.parametrize("text", ["", "mon-xyz", "weekdays"])
def test_working_days_that_name_no_weekday_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="working days"):
        parse_days(text)


def test_working_hours_are_read_and_must_not_run_overnight() -> None:
    assert parse_hours("8:30 - 17:15") == (time(8, 30), time(17, 15))
    for bad in ("22:00-06:00", "9-5", "09:00"):
        with pytest.raises(ValueError, match="working hours"):
            parse_hours(bad)


def test_free_slots_follow_local_hours_across_the_dst_change_and_skip_the_weekend() -> None:
    week = WorkWeek(zone=NEW_YORK, start=time(9), end=time(11))
    slots = free_slots((at("2026-03-06T00:00:00-05:00"), at("2026-03-10T00:00:00-04:00")), [], timedelta(hours=1), week)
    assert slots == [
        {"start": "2026-03-06T09:00:00-05:00", "end": "2026-03-06T10:00:00-05:00"},
        {"start": "2026-03-06T10:00:00-05:00", "end": "2026-03-06T11:00:00-05:00"},
        {"start": "2026-03-09T09:00:00-04:00", "end": "2026-03-09T10:00:00-04:00"},
        {"start": "2026-03-09T10:00:00-04:00", "end": "2026-03-09T11:00:00-04:00"},
    ]


def test_overlapping_busy_time_and_odd_minutes_leave_whole_minute_slots() -> None:
    week = WorkWeek(zone=NEW_YORK, days=frozenset(range(7)))
    busy = [
        (at("2026-03-10T09:00:00-04:00"), at("2026-03-10T10:00:00-04:00")),
        (at("2026-03-10T09:30:00-04:00"), at("2026-03-10T10:20:30-04:00")),  # overlaps, ends mid-minute
        (at("2026-03-10T09:40:00-04:00"), at("2026-03-10T09:50:00-04:00")),  # inside the first
    ]
    window = (at("2026-03-10T09:00:00-04:00"), at("2026-03-10T11:00:00-04:00"))
    assert free_slots(window, busy, timedelta(minutes=15), week) == [
        {"start": "2026-03-10T10:21:00-04:00", "end": "2026-03-10T10:36:00-04:00"},
        {"start": "2026-03-10T10:36:00-04:00", "end": "2026-03-10T10:51:00-04:00"},
    ]
