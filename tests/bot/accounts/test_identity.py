"""Identity through the path: each Slack user's plan reads their own calendar (two real Radicale users), someone
without a connected calendar is asked to connect it and sees nobody's data, and the environment's mail or calendar
credentials belong to PLANBOT_OWNER alone (refused at start without it)."""

import logging
import uuid
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner

from bot.cli import main
from bot.compose import App, StartupError, build_app
from bot.settings import Settings
from integrations.base.principal import Principal
from planning.engine.replies import AskConnect, StepOutcome
from tests.integrations.calendar.radicale import USERS, Radicale

ZONE = "America/New_York"
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo(ZONE))  # a Monday
ASK = "what's on my calendar on Thursday?"


def put_event(radicale: Radicale, calendar: str, user: str, summary: str) -> None:
    uid = uuid.uuid4().hex
    body = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\nBEGIN:VEVENT\r\n"
        f"UID:{uid}\r\nDTSTAMP:20260301T120000Z\r\nDTSTART:20260305T150000Z\r\nDTEND:20260305T160000Z\r\n"
        f"SUMMARY:{summary}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    ).encode()
    status, _ = radicale.send("PUT", f"{calendar}{uid}.ics", user=user, body=body, Content_Type="text/calendar")
    assert status == 201


@pytest.fixture
async def app(radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[App]:
    """PLANBOT_CALENDAR=caldav; UA has connected planbot's calendar, UB ann's, UC nothing."""
    monkeypatch.setenv("PLANBOT_CALENDAR", "caldav")
    mine, hers = radicale.new_calendar("planbot"), radicale.new_calendar("ann")
    put_event(radicale, mine, "planbot", "Roadmap review of A")
    put_event(radicale, hers, "ann", "Dentist of B")
    built = await build_app(Settings(), ZONE, clock=lambda: NOW)
    assert built.accounts is not None
    for user, login, url in (("UA", "planbot", mine), ("UB", "ann", hers)):
        credentials = {"url": url, "username": login, "password": USERS[login]}
        await built.accounts.save(
            team="T1", user=user, kind="calendar", service="caldav", label=login, credentials=credentials
        )
    yield built
    await built.close()


async def ask(app: App, user: str) -> tuple[list[Any], str]:
    replies = await app.conversation.message(
        thread_key=f"slack:T1:C1:{uuid.uuid4().hex}", text=ASK, who=Principal("T1", user, ZONE)
    )
    found = [r for r in replies if isinstance(r, StepOutcome | AskConnect)]  # the result, or: connect first
    assert [getattr(r, "tool", "connect") for r in found] in (["fetch_calendar_events"], ["connect"]), replies
    return found, " ".join(str(r.model_dump()) for r in replies)


async def test_each_person_sees_their_own_calendar_only(app: App, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    (a,), a_text = await ask(app, "UA")
    (b,), b_text = await ask(app, "UB")
    assert a.ok and [e["title"] for e in a.data] == ["Roadmap review of A"]
    assert b.ok and [e["title"] for e in b.data] == ["Dentist of B"]
    assert "Dentist" not in a_text and "Roadmap" not in b_text
    assert all(password not in caplog.text for password in USERS.values())  # credentials are never logged


async def test_someone_without_a_calendar_is_asked_to_connect_it_and_sees_no_data(app: App) -> None:
    (c,), c_text = await ask(app, "UC")
    assert isinstance(c, AskConnect) and c.account == "calendar" and not c.reconnect
    assert "needs your own calendar account" in c.text
    assert "Roadmap" not in c_text and "Dentist" not in c_text


async def test_the_same_user_in_another_workspace_is_someone_else(app: App) -> None:
    replies = await app.conversation.message(thread_key="slack:T2:C1:1.1", text=ASK, who=Principal("T2", "UA", ZONE))
    assert not [r for r in replies if isinstance(r, StepOutcome)]
    (asked,) = [r for r in replies if isinstance(r, AskConnect)]
    assert asked.account == "calendar"


def caldav_environment(radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> str:
    calendar = radicale.new_calendar("planbot")
    put_event(radicale, calendar, "planbot", "Owner's planning")
    for name, value in {
        "PLANBOT_CALENDAR": "caldav",
        "PLANBOT_CALDAV_URL": calendar,
        "PLANBOT_CALDAV_USERNAME": "planbot",
        "PLANBOT_CALDAV_PASSWORD": USERS["planbot"],
    }.items():
        monkeypatch.setenv(name, value)
    return calendar


async def test_environment_credentials_without_an_owner_are_refused_at_start(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    caldav_environment(radicale, monkeypatch)
    with pytest.raises(StartupError, match="PLANBOT_OWNER is not set") as raised:
        await build_app(Settings(), ZONE, clock=lambda: NOW)
    assert "planbot accounts connect caldav" in str(raised.value) and USERS["planbot"] not in str(raised.value)


def test_the_chat_runs_as_its_one_person_on_the_environments_account(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    caldav_environment(radicale, monkeypatch)  # and no PLANBOT_OWNER
    script = tmp_path / "script.txt"
    script.write_text(f"{ASK}\n")
    result = CliRunner().invoke(main, ["chat", "--script", str(script), "--tz", ZONE, "--now", NOW.isoformat()])
    assert result.exit_code == 0, result.output
    assert "PLANBOT_OWNER" not in result.output and "Owner's planning" in result.output


async def test_environment_credentials_serve_the_owner_only(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    caldav_environment(radicale, monkeypatch)
    monkeypatch.setenv("PLANBOT_OWNER", "UA")
    built = await build_app(Settings(), ZONE, clock=lambda: NOW)
    try:
        (a,), _ = await ask(built, "UA")
        (b,), b_text = await ask(built, "UB")
    finally:
        await built.close()
    assert a.ok and [e["title"] for e in a.data] == ["Owner's planning"]
    assert isinstance(b, AskConnect) and b.account == "calendar" and "Owner" not in b_text


async def test_credentials_in_the_env_file_count_as_the_environment(
    radicale: Radicale, planbot_env: dict[str, str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PLANBOT_CALENDAR", "caldav")
    env_file = f"PLANBOT_CALDAV_URL={radicale.base_url}\nPLANBOT_CALDAV_USERNAME=planbot\nPLANBOT_CALDAV_PASSWORD=pw\n"
    (tmp_path / ".env").write_text(env_file)  # the test runs in tmp_path (planbot_env)
    with pytest.raises(StartupError, match="PLANBOT_CALDAV_PASSWORD"):
        await build_app(Settings(), ZONE, clock=lambda: NOW)
