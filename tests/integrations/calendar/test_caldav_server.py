"""CalDAV against Radicale: free/busy of attendees, finding the calendar, failures mapped into the error tree."""

import socket
from typing import Any

import aiohttp
import pytest
from pydantic import ValidationError

from integrations.base import CATALOG, AuthError, PermanentError, PermissionDeniedError, TransientError
from integrations.calendar.caldav import CalDavCalendar, CalDavSettings, connect
from integrations.calendar.caldav.dav import DavClient, basic_auth
from planning.engine.runner import describe_failure
from tests.integrations.calendar.conftest import caldav_settings
from tests.integrations.calendar.radicale import USERS, Radicale

TUESDAY = {"windowStart": "2026-03-10T09:00:00-04:00", "windowEnd": "2026-03-10T13:00:00-04:00"}
BUSY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//x//EN
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260101T000000Z
DTSTART:{start}
DTEND:{end}
SUMMARY:private
{extra}END:VEVENT
END:VCALENDAR
"""


async def run(connector: CalDavCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def starts(slots: list[dict[str, str]]) -> list[str]:
    return [slot["start"][11:16] for slot in slots]


def put_busy(radicale: Radicale, calendar: str, uid: str, start: str, end: str, *, user: str, extra: str = "") -> None:
    text = BUSY.format(uid=uid, start=start, end=end, extra=extra)
    status, _ = radicale.send(
        "PUT", f"{calendar}{uid}.ics", user=user, body=text.encode(), Content_Type="text/calendar"
    )
    assert status == 201


def ann_work(radicale: Radicale) -> str:
    """ann's "work" calendar (the rights file lets planbot see its free/busy time only), made once per server."""
    url = f"{radicale.base_url}ann/work/"
    status, _ = radicale.send("PROPFIND", url, user="ann", Depth="0")
    if status == 404:
        assert radicale.send("MKCALENDAR", url, user="ann")[0] == 201
    return url


async def test_free_slots_count_the_busy_time_of_attendees_whose_calendars_are_visible(
    http: aiohttp.ClientSession, radicale: Radicale, calendar_url: str
) -> None:
    ann = ann_work(radicale)
    put_busy(radicale, ann, "ann-busy", "20260310T150000Z", "20260310T160000Z", user="ann")  # 11:00-12:00 EDT
    put_busy(radicale, calendar_url, "mine", "20260310T130000Z", "20260310T140000Z", user="planbot")  # 09:00-10:00
    put_busy(
        radicale,
        calendar_url,
        "free",
        "20260310T140000Z",
        "20260310T150000Z",
        user="planbot",
        extra="TRANSP:TRANSPARENT\n",
    )
    template = f"{radicale.base_url}{{local}}/work/"  # bob has no calendar there: it cannot add busy time
    caldav = CalDavCalendar.from_settings(http, caldav_settings(calendar_url, attendee_calendar_template=template))

    alone = await run(caldav, "find_free_slots", durationMinutes=60, **TUESDAY)
    assert starts(alone) == ["10:00", "11:00", "12:00"]
    with_ann = await run(
        caldav, "find_free_slots", durationMinutes=60, attendees=["ann@example.org", "bob@example.org"], **TUESDAY
    )
    assert with_ann == [
        {"start": "2026-03-10T10:00:00-04:00", "end": "2026-03-10T11:00:00-04:00"},
        {"start": "2026-03-10T12:00:00-04:00", "end": "2026-03-10T13:00:00-04:00"},
    ]


async def test_an_attendee_calendar_we_may_not_read_adds_no_busy_time(
    http: aiohttp.ClientSession, radicale: Radicale, calendar_url: str
) -> None:
    private = radicale.new_calendar("ann", "private")  # planbot may see the free/busy of ann/work only
    put_busy(radicale, private, "x", "20260310T130000Z", "20260310T170000Z", user="ann")
    settings = caldav_settings(calendar_url, attendee_calendars={"ann@example.org": private})
    caldav = CalDavCalendar.from_settings(http, settings)
    free = await run(caldav, "find_free_slots", durationMinutes=60, attendees=["ANN@example.org"], **TUESDAY)
    assert starts(free) == ["09:00", "10:00", "11:00", "12:00"]


async def test_the_calendar_is_found_from_the_server_root_by_name(
    http: aiohttp.ClientSession, radicale: Radicale
) -> None:
    radicale.new_calendar("planbot", "aaa-first")
    wanted = radicale.new_calendar("planbot", "Team-Calendar")
    by_name = CalDavCalendar.from_settings(http, caldav_settings(radicale.base_url, calendar="team-calendar"))
    assert await by_name.calendar_url() == wanted
    principal = CalDavCalendar.from_settings(http, caldav_settings(f"{radicale.base_url}planbot"))
    assert (await principal.calendar_url()).startswith(f"{radicale.base_url}planbot/")
    missing = CalDavCalendar.from_settings(http, caldav_settings(radicale.base_url, calendar="no such calendar"))
    with pytest.raises(PermanentError, match="no CalDAV calendar named"):
        await run(missing, "fetch_calendar_events", start="2026-03-01T00:00:00Z", end="2026-03-02T00:00:00Z")


async def test_a_wrong_password_is_an_auth_error(http: aiohttp.ClientSession, calendar_url: str) -> None:
    caldav = CalDavCalendar.from_settings(http, caldav_settings(calendar_url, password="wrong"))
    with pytest.raises(AuthError):
        await run(caldav, "fetch_calendar_events", start="2026-03-01T00:00:00Z", end="2026-03-02T00:00:00Z")


async def test_a_calendar_the_account_may_only_see_refuses_writes_without_asking_to_reconnect(
    http: aiohttp.ClientSession, radicale: Radicale
) -> None:
    ann = ann_work(radicale)  # planbot may read its free/busy time, nothing more
    caldav = CalDavCalendar.from_settings(http, caldav_settings(ann))
    with pytest.raises(PermissionDeniedError, match="does not allow this to your account") as raised:
        await run(caldav, "create_calendar_event", title="x", startTime="2026-03-03T10:00:00-05:00", durationMinutes=30)
    failure = describe_failure(raised.value)
    assert failure.reconnect is False and failure.transient is False


async def test_a_server_that_does_not_answer_is_transient(http: aiohttp.ClientSession) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    caldav = CalDavCalendar.from_settings(http, caldav_settings(f"http://127.0.0.1:{port}/planbot/cal/"))
    with pytest.raises(TransientError):
        await run(caldav, "fetch_calendar_events", start="2026-03-01T00:00:00Z", end="2026-03-02T00:00:00Z")


async def test_connect_reads_the_environment(http: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANBOT_CALDAV_URL", "https://dav.example.com/cal/")
    monkeypatch.setenv("PLANBOT_CALDAV_USERNAME", "me")
    monkeypatch.setenv("PLANBOT_CALDAV_PASSWORD", "s3cret")
    monkeypatch.setenv("PLANBOT_TIMEZONE", "Europe/Berlin")
    monkeypatch.setenv("PLANBOT_CALDAV_WORKING_HOURS", "08:30-16:00")
    monkeypatch.setenv("PLANBOT_CALDAV_WORKING_DAYS", "sun-thu")
    monkeypatch.setenv("PLANBOT_CALDAV_ATTENDEE_CALENDARS", '{"ann@example.org": "https://dav.example.com/ann/"}')
    connector = await connect(http)
    assert connector.name == "caldav" and "find_free_slots" in connector.tools
    settings = CalDavSettings()
    week = settings.work_week
    assert (str(week.zone), str(week.start), str(week.end)) == ("Europe/Berlin", "08:30:00", "16:00:00")
    assert week.days == frozenset({6, 0, 1, 2, 3})
    assert settings.attendee_calendar("ANN@example.org") == "https://dav.example.com/ann/"
    assert "s3cret" not in repr(settings)


@pytest.mark.parametrize(
    "overrides",
    [
        {"working_hours": "17:00-09:00"},
        {"working_days": "mon-funday"},
        {"time_zone": "Mars/Olympus"},
        {"password": None},
    ],
)
def test_settings_that_cannot_work_are_refused(overrides: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        caldav_settings("https://dav.example.com/cal/", **overrides)


async def test_a_change_made_meanwhile_is_transient_so_the_call_runs_again(
    http: aiohttp.ClientSession, caldav: CalDavCalendar, calendar_url: str
) -> None:
    created = await run(
        caldav, "create_calendar_event", title="x", startTime="2026-03-03T10:00:00-05:00", durationMinutes=30
    )
    dav = DavClient(http, authorization=basic_auth("planbot", USERS["planbot"]), timeout=5)
    current = await dav.send("GET", f"{calendar_url}{created['id']}")
    with pytest.raises(TransientError) as raised:
        await dav.send("PUT", f"{calendar_url}{created['id']}", body=current.text, headers={"If-Match": '"stale"'})
    assert raised.value.retry_after == 0.0
