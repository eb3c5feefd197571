"""`planbot chat` on a real CalDAV server (Radicale): booking onto a busy time names the requester's own event and
the attendee's busy time (read through free/busy, the only right planbot has on her calendar), and books the next
free slot when asked."""

from pathlib import Path

import pytest
from click.testing import CliRunner
from icalendar import Calendar

from bot.cli import main
from tests.integrations.calendar.radicale import USERS, Radicale
from tests.integrations.calendar.test_caldav_server import BUSY, ann_work, put_busy


def test_a_busy_time_on_caldav_is_named_and_the_next_free_slot_booked(
    tmp_path: Path, radicale: Radicale, monkeypatch: pytest.MonkeyPatch
) -> None:
    calendar = radicale.new_calendar()
    pipeline = BUSY.format(uid="pipeline", start="20260305T193000Z", end="20260305T200000Z", extra="")
    status, _ = radicale.send(
        "PUT",
        f"{calendar}pipeline.ics",
        body=pipeline.replace("SUMMARY:private", "SUMMARY:Pipeline review").encode(),
        Content_Type="text/calendar",
    )
    assert status == 201  # 14:30-15:00 New York time
    put_busy(radicale, ann_work(radicale), "ann-thursday", "20260305T183000Z", "20260305T193000Z", user="ann")
    for name, value in {
        "PLANBOT_DATA_DIR": str(tmp_path / "data"),
        "PLANBOT_CALENDAR": "caldav",
        "PLANBOT_OWNER": "you",
        "PLANBOT_CALDAV_URL": calendar,
        "PLANBOT_CALDAV_USERNAME": "planbot",
        "PLANBOT_CALDAV_PASSWORD": USERS["planbot"],
        "PLANBOT_CALDAV_TIMEZONE": "America/New_York",
        "PLANBOT_CALDAV_ATTENDEE_CALENDAR_TEMPLATE": f"{radicale.base_url}{{local}}/work/",
    }.items():
        monkeypatch.setenv(name, value)
    script = tmp_path / "script.txt"
    script.write_text("schedule a 1 hour sync with ann@example.org Thursday at 2pm\nf\na\n")

    result = CliRunner().invoke(
        main,
        ["chat", "--script", str(script), "--now", "2026-03-02T09:00:00", "--tz", "America/New_York"],
        catch_exceptions=False,
    )

    assert result.exit_code == 0, result.output
    output = result.output
    assert "⚠ Not free at Thu 5 Mar, 14:00–15:00 EST" in output
    assert "You have “Pipeline review” 14:30–15:00" in output  # an event of the requester's own, by name
    assert "ann@example.org is busy 13:30–14:30" in output  # her busy time only: nothing else of hers is read
    assert "[f] Book 15:00–16:00 instead" in output and "Finished" in output
    booked = [o for o in radicale.objects(calendar) if "Sync with" in o]
    [event] = Calendar.from_ical(booked[0]).walk("VEVENT")
    assert event.decoded("DTSTART").isoformat() == "2026-03-05T15:00:00-05:00"
