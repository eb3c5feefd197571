"""Free slots: the demo calendar, the interval arithmetic, and working hours as settings."""

from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from integrations.base.freebusy import WorkingTime
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, WorkingHours, open_workspace
from integrations.local.freebusy import consecutive_slots, free_intervals, working_intervals
from tests.integrations.contract_suite import run

NEW_YORK = ZoneInfo("America/New_York")


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def pairs(data: list[dict[str, str]]) -> list[tuple[str, str]]:
    return [(slot["start"][11:16], slot["end"][11:16]) for slot in data]


async def test_tuesday_of_the_demo_week_around_the_acme_call(workspace: LocalWorkspace) -> None:
    free = await run(
        workspace,
        "find_free_slots",
        durationMinutes=60,
        attendees=["laura.chen@acme.com"],
        windowStart="2026-03-03T00:00:00-05:00",
        windowEnd="2026-03-04T00:00:00-05:00",
    )
    assert pairs(free) == [
        ("09:00", "10:00"),
        ("10:00", "11:00"),
        ("11:45", "12:45"),
        ("12:45", "13:45"),
        ("13:45", "14:45"),
        ("14:45", "15:45"),
        ("15:45", "16:45"),
    ]
    assert free[0] == {"start": "2026-03-03T09:00:00-05:00", "end": "2026-03-03T10:00:00-05:00"}


async def test_am_i_free_at_a_busy_time(workspace: LocalWorkspace) -> None:
    busy = await run(
        workspace,
        "find_free_slots",
        durationMinutes=30,
        windowStart="2026-03-05T14:00:00-05:00",
        windowEnd="2026-03-05T14:30:00-05:00",
    )
    free = await run(
        workspace,
        "find_free_slots",
        durationMinutes=30,
        windowStart="2026-03-05T15:00:00-05:00",
        windowEnd="2026-03-05T15:30:00-05:00",
    )
    assert busy == []
    assert free == [{"start": "2026-03-05T15:00:00-05:00", "end": "2026-03-05T15:30:00-05:00"}]


async def test_slots_start_on_a_whole_minute(empty_workspace: LocalWorkspace) -> None:
    free = await run(
        empty_workspace,
        "find_free_slots",
        durationMinutes=20,
        windowStart="2026-03-03T09:07:30-05:00",
        windowEnd="2026-03-03T10:00:00-05:00",
    )
    assert pairs(free) == [("09:08", "09:28"), ("09:28", "09:48")]


async def test_working_hours_and_days_are_settings(tmp_path: Path) -> None:
    hours = WorkingHours(start=time(8), end=time(12), days=frozenset({5}))  # Saturday mornings
    settings = LocalWorkspaceSettings(time_zone="Europe/London", working_hours=hours, demo_data=False)
    with open_workspace(tmp_path / "w.sqlite3", settings=settings) as workspace:
        free = await run(
            workspace,
            "find_free_slots",
            durationMinutes=120,
            windowStart="2026-03-27T00:00:00Z",
            windowEnd="2026-04-01T00:00:00Z",
        )
    assert free == [
        {"start": "2026-03-28T08:00:00+00:00", "end": "2026-03-28T10:00:00+00:00"},
        {"start": "2026-03-28T10:00:00+00:00", "end": "2026-03-28T12:00:00+00:00"},
    ]


def test_working_days_keep_local_hours_when_the_clocks_change() -> None:
    hours = WorkingHours(days=frozenset(range(7)))
    working = WorkingTime(zone=NEW_YORK, opens=hours.start, closes=hours.end, days=hours.days)
    days = working_intervals(utc("2026-03-07T00:00:00-05:00"), utc("2026-03-09T00:00:00-04:00"), working)
    assert days == [
        (utc("2026-03-07T14:00:00+00:00"), utc("2026-03-07T22:00:00+00:00")),
        (utc("2026-03-08T13:00:00+00:00"), utc("2026-03-08T21:00:00+00:00")),
    ]
    autumn = working_intervals(utc("2026-11-01T00:00:00-04:00"), utc("2026-11-02T00:00:00-05:00"), working)
    assert autumn == [(utc("2026-11-01T14:00:00+00:00"), utc("2026-11-01T22:00:00+00:00"))]


def test_busy_time_is_cut_out_even_when_events_overlap() -> None:
    day = (utc("2026-03-03T14:00:00Z"), utc("2026-03-03T22:00:00Z"))
    busy = [
        (utc("2026-03-03T15:00:00Z"), utc("2026-03-03T16:00:00Z")),
        (utc("2026-03-03T13:00:00Z"), utc("2026-03-03T14:30:00Z")),
        (utc("2026-03-03T15:30:00Z"), utc("2026-03-03T17:00:00Z")),
        (utc("2026-03-03T21:30:00Z"), utc("2026-03-03T23:00:00Z")),
    ]
    assert free_intervals([day], busy) == [
        (utc("2026-03-03T14:30:00Z"), utc("2026-03-03T15:00:00Z")),
        (utc("2026-03-03T17:00:00Z"), utc("2026-03-03T21:30:00Z")),
    ]
    assert free_intervals([day], [day]) == []


def test_each_free_interval_becomes_back_to_back_slots() -> None:
    free = [
        (utc("2026-03-03T14:30:00Z"), utc("2026-03-03T15:00:00Z")),
        (utc("2026-03-03T17:00:00Z"), utc("2026-03-03T18:10:00Z")),
    ]
    assert list(consecutive_slots(free, timedelta(minutes=30))) == [
        (utc("2026-03-03T14:30:00Z"), utc("2026-03-03T15:00:00Z")),
        (utc("2026-03-03T17:00:00Z"), utc("2026-03-03T17:30:00Z")),
        (utc("2026-03-03T17:30:00Z"), utc("2026-03-03T18:00:00Z")),
    ]


async def test_a_huge_window_returns_the_earliest_slots_only(empty_workspace: LocalWorkspace) -> None:
    free = await run(
        empty_workspace,
        "find_free_slots",
        durationMinutes=1,
        windowStart="2026-03-02T00:00:00-05:00",
        windowEnd="2026-04-02T00:00:00-04:00",
    )
    assert len(free) == 500
    assert (free[0]["start"], free[-1]["end"]) == ("2026-03-02T09:00:00-05:00", "2026-03-03T09:20:00-05:00")
