"""Everyday calendar requests (contract v3) through `planbot chat --script` on Radicale: an event put on a second
calendar named in words, and a guest added as optional (ROLE=OPT-PARTICIPANT)."""

import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner
from icalendar import Calendar

from bot.cli import main
from tests.integrations.calendar.radicale import USERS, Radicale


def test_a_team_calendar_and_an_optional_guest_on_radicale(
    tmp_path: Path, radicale: Radicale, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PLANBOT_OWNER", raising=False)
    primary = radicale.new_calendar()
    team = radicale.new_calendar(name=f"team-{uuid.uuid4().hex[:8]}")
    for name, value in {
        "PLANBOT_DATA_DIR": str(tmp_path / "data"),
        "PLANBOT_CALENDAR": "caldav",
        "PLANBOT_CALDAV_URL": radicale.base_url,
        "PLANBOT_CALDAV_CALENDAR": primary.rstrip("/").rsplit("/", 1)[-1],
        "PLANBOT_CALDAV_USERNAME": "planbot",
        "PLANBOT_CALDAV_PASSWORD": USERS["planbot"],
        "PLANBOT_CALDAV_TIMEZONE": "America/New_York",
    }.items():
        monkeypatch.setenv(name, value)
    script = tmp_path / "script.txt"
    script.write_text(
        "schedule a sync with priya thursday at 2pm on my team calendar\na\n"
        "schedule a review with john smith friday at 10\na\n"
        "invite tom as optional to the review\na\n"
    )

    result = CliRunner().invoke(
        main,
        ["chat", "--script", str(script), "--now", "2026-03-02T09:00:00", "--tz", "America/New_York"],
        catch_exceptions=False,
    )

    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert (
        f"Calendar: on the planbot/{team.rstrip('/').rsplit('/', 1)[-1]} calendar" in said
        and "Optional: Tom Reyes (optional)" in said
    ), result.output
    (on_team,) = [Calendar.from_ical(text) for text in radicale.objects(team)]
    assert [str(e["SUMMARY"]) for e in on_team.walk("VEVENT")] == ["Sync with Priya"]
    (review,) = [Calendar.from_ical(text) for text in radicale.objects(primary)]
    (event,) = review.walk("VEVENT")
    roles = {str(p).removeprefix("mailto:"): p.params["ROLE"] for p in event.get("ATTENDEE")}
    assert roles == {"john.smith@example.com": "REQ-PARTICIPANT", "tom.reyes@example.com": "OPT-PARTICIPANT"}
