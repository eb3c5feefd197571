"""`planbot chat` configured by settings only (the environment) books the meeting on a real CalDAV calendar."""

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from icalendar import Calendar

from bot.cli import main
from tests.integrations.calendar.radicale import USERS, Radicale


def test_chat_books_the_meeting_on_the_caldav_calendar(
    tmp_path: Path, radicale: Radicale, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PLANBOT_OWNER", raising=False)
    calendar = radicale.new_calendar()
    for name, value in {
        "PLANBOT_DATA_DIR": str(tmp_path / "data"),
        "PLANBOT_CALENDAR": "caldav",  # no PLANBOT_OWNER: the chat's one person owns the environment's calendar
        "PLANBOT_CALDAV_URL": radicale.base_url,  # discovered: principal → calendar home → the calendar named below
        "PLANBOT_CALDAV_CALENDAR": calendar.rstrip("/").rsplit("/", 1)[-1],
        "PLANBOT_CALDAV_USERNAME": "planbot",
        "PLANBOT_CALDAV_PASSWORD": USERS["planbot"],
        "PLANBOT_CALDAV_TIMEZONE": "America/New_York",
    }.items():
        monkeypatch.setenv(name, value)
    script = tmp_path / "script.txt"
    script.write_text("schedule a sync with priya.shah@example.com Thursday at 2pm\na\n")

    result = CliRunner().invoke(
        main,
        ["chat", "--script", str(script), "--now", "2026-03-02T09:00:00", "--tz", "America/New_York"],
        catch_exceptions=False,
    )

    assert result.exit_code == 0, result.output
    assert "Finished" in result.output and "Sync with Priya Shah" in result.output
    (stored,) = radicale.objects(calendar)
    (event,) = Calendar.from_ical(stored).walk("VEVENT")
    assert str(event["SUMMARY"]) == "Sync with Priya Shah"
    assert "DTSTART;TZID=America/New_York:20260305T140000" in stored  # 14:00 New York time, as written
    assert event.decoded("DTSTART").isoformat() == "2026-03-05T14:00:00-05:00"
    assert event.decoded("DTEND").isoformat() == "2026-03-05T14:30:00-05:00"
    assert str(event["ATTENDEE"]) == "mailto:priya.shah@example.com"  # one attendee (a list if there were more)
    assert "BEGIN:VTIMEZONE" in stored
    with sqlite3.connect(tmp_path / "data" / "workspace.sqlite3") as local:  # the local calendar got nothing
        assert local.execute("SELECT count(*) FROM events WHERE title LIKE 'Sync%'").fetchone() == (0,)
