"""Google Calendar over HTTP: request shapes, pagination, token refresh, failures through planbot's ToolRunner."""

from typing import Any

import aiohttp
import pytest

from integrations.base import CATALOG, AuthError, PermanentError, TransientError
from integrations.base.registry import ConnectorRegistry
from integrations.calendar.google import SCOPES, GoogleCalendar, GoogleCalendarSettings, connect, from_settings
from planning.engine.retry import RetryPolicy
from planning.engine.runner import OutcomeUnknownError, ToolRunner
from tests.integrations.calendar.conftest import google_settings
from tests.integrations.calendar.google_discovery import USED, methods, violations
from tests.integrations.calendar.google_fake import FakeGoogleCalendar

Google = tuple[FakeGoogleCalendar, str]
MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}


async def run(connector: GoogleCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def no_sleep_runner(connector: GoogleCalendar, slept: list[float]) -> ToolRunner:
    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    registry = ConnectorRegistry(CATALOG, [connector])
    return ToolRunner(registry, RetryPolicy(max_attempts=3, initial_interval=0.5, jitter=False), sleep=sleep)


async def test_create_sends_the_documented_event_with_times_in_the_owners_zone(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    created = await run(
        gcal,
        "create_calendar_event",
        title="Night shift",
        startTime="2026-03-08T06:30:00Z",  # 01:30 EST, before the jump
        durationMinutes=60,
        attendees=["priya.shah@example.com"],
        location="Room 4",
    )
    (insert,) = fake.api_calls("calendar.events.insert")
    assert insert.path == "/calendar/v3/calendars/primary/events" and insert.query == {"sendUpdates": "all"}
    assert insert.body == {
        "summary": "Night shift",
        "start": {"dateTime": "2026-03-08T01:30:00-05:00", "timeZone": "America/New_York"},
        "end": {"dateTime": "2026-03-08T03:30:00-04:00", "timeZone": "America/New_York"},  # an hour later, in EDT
        "attendees": [{"email": "priya.shah@example.com"}],
        "location": "Room 4",
    }
    assert created == {
        "id": "ev00001",
        "title": "Night shift",
        "startTime": "2026-03-08T01:30:00-05:00",
        "endTime": "2026-03-08T03:30:00-04:00",
        "attendees": ["priya.shah@example.com"],
        "location": "Room 4",
        "description": None,
        "organizer": "me@example.com",
        "myResponse": "accepted",
        "recurrence": None,
        "seriesId": None,
        "optionalAttendees": [],
        "meetingUrl": None,
        "calendarId": "primary",
    }


async def test_fetch_asks_for_single_events_in_start_order_and_follows_pages(
    http: aiohttp.ClientSession, google: Google
) -> None:
    fake, base = google
    gcal = from_settings(http, google_settings(base, page_size=2))
    for day in range(2, 7):
        await run(
            gcal,
            "create_calendar_event",
            title=f"day {day}",
            startTime=f"2026-03-0{day}T10:00:00-05:00",
            durationMinutes=30,
        )
    found = await run(gcal, "fetch_calendar_events", query="day", **MARCH)
    assert [event["title"] for event in found] == ["day 2", "day 3", "day 4", "day 5", "day 6"]
    pages = fake.api_calls("calendar.events.list")
    assert [page.query.get("pageToken") for page in pages] == [None, "2", "4"]
    assert pages[0].query == {
        "timeMin": "2026-03-01T05:00:00Z",
        "timeMax": "2026-04-01T04:00:00Z",
        "singleEvents": "true",
        "orderBy": "startTime",
        "timeZone": "America/New_York",
        "maxResults": "2",
        "q": "day",
        "eventTypes": "default",  # and fromGmail: the parameter is repeated (test_google_event_types)
    }
    fake.seen.clear()
    assert [e["title"] for e in await run(gcal, "fetch_calendar_events", limit=3, **MARCH)] == [
        "day 2",
        "day 3",
        "day 4",
    ]
    assert len(fake.api_calls("calendar.events.list")) == 2  # enough after two pages


async def test_attendee_filter_matches_addresses_and_display_names(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(
        gcal,
        "create_calendar_event",
        title="a",
        startTime="2026-03-03T10:00:00-05:00",
        durationMinutes=30,
        attendees=["priya.shah@example.com"],
    )
    await run(
        gcal,
        "create_calendar_event",
        title="b",
        startTime="2026-03-03T11:00:00-05:00",
        durationMinutes=30,
        attendees=["tom@example.com"],
    )
    fake.events["ev00002"]["attendees"] = [
        {"email": "tom@example.com", "displayName": "Tom Reyes"},
        {"email": "me@example.com", "self": True},
    ]
    for who, titles in (
        ("Priya Shah", ["a"]),
        ("PRIYA.SHAH@example.com", ["a"]),
        ("tom reyes", ["b"]),
        ("me@example.com", []),
    ):
        assert [e["title"] for e in await run(gcal, "fetch_calendar_events", attendee=who, **MARCH)] == titles, who
    assert "q" not in fake.api_calls("calendar.events.list")[-1].query


async def test_update_patches_only_what_changes_and_keeps_replies(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    created = await run(
        gcal,
        "create_calendar_event",
        title="1:1",
        startTime="2026-03-06T10:00:00-05:00",
        durationMinutes=45,
        attendees=["ann@example.org"],
    )
    fake.events[created["id"]]["attendees"][0]["responseStatus"] = "accepted"
    moved = await run(
        gcal,
        "update_calendar_event",
        eventId=created["id"],
        startTime="2026-03-09T10:00:00-04:00",
        attendees=["ann@example.org", "bo@example.org"],
    )
    (patch,) = fake.api_calls("calendar.events.patch")
    assert patch.body == {
        "start": {"dateTime": "2026-03-09T10:00:00-04:00", "timeZone": "America/New_York", "date": None},
        "end": {"dateTime": "2026-03-09T10:45:00-04:00", "timeZone": "America/New_York", "date": None},  # same length
        "attendees": [{"responseStatus": "accepted", "email": "ann@example.org"}, {"email": "bo@example.org"}],
    }
    assert moved["startTime"] == "2026-03-09T10:00:00-04:00" and moved["attendees"] == [
        "ann@example.org",
        "bo@example.org",
    ]
    await run(gcal, "update_calendar_event", eventId=created["id"], location=None)
    assert fake.api_calls("calendar.events.patch")[-1].body == {"location": ""}


async def test_free_busy_asks_for_every_attendee_and_ignores_calendars_it_cannot_see(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    fake.others["ann@example.org"] = [("2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z")]  # 11:00-12:00 EDT
    await run(gcal, "create_calendar_event", title="mine", startTime="2026-03-10T09:00:00-04:00", durationMinutes=60)
    free = await run(
        gcal,
        "find_free_slots",
        attendees=["ann@example.org", "hidden@example.org"],
        durationMinutes=60,
        windowStart="2026-03-10T08:00:00-04:00",
        windowEnd="2026-03-10T13:00:00-04:00",
    )
    assert free == [
        {"start": "2026-03-10T10:00:00-04:00", "end": "2026-03-10T11:00:00-04:00"},
        {"start": "2026-03-10T12:00:00-04:00", "end": "2026-03-10T13:00:00-04:00"},
    ]
    (query,) = fake.api_calls("calendar.freebusy.query")
    assert query.body["items"] == [{"id": "primary"}, {"id": "ann@example.org"}, {"id": "hidden@example.org"}]
    assert (query.body["timeMin"], query.body["timeMax"]) == ("2026-03-10T12:00:00Z", "2026-03-10T17:00:00Z")


async def test_an_all_day_event_is_midnight_to_midnight_in_the_owners_zone(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    fake.events["allday"] = {
        "id": "allday",
        "status": "confirmed",
        "summary": "Offsite",
        "start": {"date": "2026-03-09"},
        "end": {"date": "2026-03-10"},
    }
    (event,) = await run(gcal, "fetch_calendar_events", **MARCH)
    assert (event["startTime"], event["endTime"]) == ("2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00")


async def test_an_expired_token_is_refreshed_once_and_the_call_retried(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    fake.tokens.clear()  # Google forgot the access token
    assert await run(gcal, "fetch_calendar_events", **MARCH) == []
    assert fake.issued == 2 and len(fake.api_calls("calendar.events.list")) == 3


async def test_a_revoked_refresh_token_asks_to_reconnect(http: aiohttp.ClientSession, google: Google) -> None:
    gcal = from_settings(http, google_settings(google[1], refresh_token="revoked"))
    with pytest.raises(AuthError, match="reconnect"):
        await run(gcal, "fetch_calendar_events", **MARCH)


async def test_rate_limits_are_retried_after_retry_after(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    fake.scripted = [(429, {"error": {"code": 429, "message": "Rate Limit Exceeded"}}, {"Retry-After": "1"})]
    slept: list[float] = []
    assert await no_sleep_runner(gcal, slept).run("fetch_calendar_events", MARCH) == []
    assert slept == []  # a short Retry-After is waited out by the HTTP layer, which sends the request again


async def test_a_server_error_then_success_is_retried_by_the_runner(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    fake.scripted = [(503, {"error": {"code": 503, "message": "Backend Error"}}, {})]
    slept: list[float] = []
    assert await no_sleep_runner(gcal, slept).run("fetch_calendar_events", MARCH) == []
    assert slept == [0.5]


async def test_a_write_that_got_a_server_error_is_not_repeated(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    fake.scripted = [(503, {"error": {"code": 503, "message": "Backend Error"}}, {})]
    slept: list[float] = []
    args = {"title": "t", "startTime": "2026-03-03T10:00:00-05:00", "durationMinutes": 30}
    with pytest.raises(OutcomeUnknownError):
        await no_sleep_runner(gcal, slept).run("create_calendar_event", args)
    assert slept == [] and len(fake.api_calls("calendar.events.insert")) == 1


async def test_a_bad_request_is_permanent_and_not_retried(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    fake.scripted = [(400, {"error": {"code": 400, "message": "Invalid attendee email."}}, {})]
    slept: list[float] = []
    args = {"title": "t", "startTime": "2026-03-03T10:00:00-05:00", "durationMinutes": 30}
    with pytest.raises(PermanentError, match="Invalid attendee email"):
        await no_sleep_runner(gcal, slept).run("create_calendar_event", args)
    assert slept == [] and len(fake.api_calls("calendar.events.insert")) == 1


async def test_server_errors_that_persist_end_as_transient(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    fake.scripted = [(500, {}, {})] * 3
    slept: list[float] = []
    with pytest.raises(TransientError):
        await no_sleep_runner(gcal, slept).run("fetch_calendar_events", MARCH)
    assert slept == [0.5, 1.0]


async def test_connect_reads_the_environment(http: aiohttp.ClientSession, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANBOT_GCAL_CLIENT_ID", "id.apps.googleusercontent.com")
    monkeypatch.setenv("PLANBOT_GCAL_CLIENT_SECRET", "secret-value")
    monkeypatch.setenv("PLANBOT_GCAL_REFRESH_TOKEN", "1//refresh-value")
    monkeypatch.setenv("PLANBOT_GCAL_CALENDAR_ID", "team@group.calendar.google.com")
    monkeypatch.setenv("PLANBOT_WORKING_HOURS", "10:00-18:00")
    connector = await connect(http)
    assert connector.name == "google_calendar"
    settings = GoogleCalendarSettings()
    assert settings.calendar_id == "team@group.calendar.google.com" and str(settings.work_week.start) == "10:00:00"
    assert "secret-value" not in repr(settings) and "refresh-value" not in repr(settings)
    monkeypatch.delenv("PLANBOT_GCAL_REFRESH_TOKEN")
    with pytest.raises(ValueError, match="REFRESH_TOKEN"):
        GoogleCalendarSettings()


def test_the_fake_serves_the_documented_methods_and_the_scopes_cover_them() -> None:
    documented = {method_id: (methods()[method_id].verb, methods()[method_id].path) for method_id in USED}
    assert documented == {
        "calendar.events.list": ("GET", "/calendar/v3/calendars/{calendarId}/events"),
        "calendar.events.insert": ("POST", "/calendar/v3/calendars/{calendarId}/events"),
        "calendar.events.get": ("GET", "/calendar/v3/calendars/{calendarId}/events/{eventId}"),
        "calendar.events.patch": ("PATCH", "/calendar/v3/calendars/{calendarId}/events/{eventId}"),
        "calendar.events.delete": ("DELETE", "/calendar/v3/calendars/{calendarId}/events/{eventId}"),
        "calendar.freebusy.query": ("POST", "/calendar/v3/freeBusy"),
        "calendar.calendarList.list": ("GET", "/calendar/v3/users/me/calendarList"),
    }
    routes = {(r.method, r.resource.canonical) for r in FakeGoogleCalendar().app().router.routes() if r.resource}
    assert set(documented.values()) <= routes
    assert all(set(SCOPES) & methods()[method_id].scopes for method_id in USED)


def test_requests_outside_the_discovery_document_are_caught() -> None:
    listing, insert = methods()["calendar.events.list"], methods()["calendar.events.insert"]
    assert violations(listing, {"timeMin": "x", "singleEvents": "true", "fields": "items"}, None) == []
    assert violations(listing, {"startMin": "x"}, None) == ["calendar.events.list: unknown query parameter 'startMin'"]
    problems = violations(insert, {}, {"summary": "x", "start": {"dateTime": "x", "zone": "y"}, "invitees": []})
    assert problems == [
        "calendar.events.insert: body.invitees is not a field of the schema",
        "calendar.events.insert: body.start.zone is not a field of the schema",
    ]
