"""Google Calendar v2: all-day ↔ timed patches, what a 403 means, invitations, recurring series and occurrences."""

import re
from typing import Any

import aiohttp
import pytest

from integrations.base import CATALOG, PermanentError, PermissionDeniedError, QuotaError
from integrations.base.registry import ConnectorRegistry
from integrations.calendar.google import GoogleCalendar
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner, describe_failure
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar

Google = tuple[FakeGoogleCalendar, str]
MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}


async def run(connector: GoogleCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def runner(connector: GoogleCalendar, slept: list[float]) -> ToolRunner:
    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    registry = ConnectorRegistry(CATALOG, [connector])
    return ToolRunner(registry, RetryPolicy(max_attempts=3, initial_interval=0.5, jitter=False), sleep=sleep)


def all_day(fake: FakeGoogleCalendar, event_id: str, first: str, after: str) -> None:
    fake.events[event_id] = {
        "kind": "calendar#event",
        "id": event_id,
        "status": "confirmed",
        "summary": "Offsite",
        "start": {"date": first},
        "end": {"date": after},
        "organizer": {"email": ME, "self": True},
        "sequence": 0,
    }


def google_403(reason: str, message: str) -> dict[str, Any]:
    errors = [{"domain": "usageLimits", "reason": reason, "message": message}]
    return {"error": {"code": 403, "message": message, "errors": errors}}


async def test_the_fake_merges_a_patch_like_google_and_refuses_a_start_with_a_date_and_a_time(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    all_day(fake, "offsite", "2026-03-09", "2026-03-10")
    (event,) = await run(gcal, "fetch_calendar_events", **MARCH)
    token = next(iter(fake.tokens))
    async with aiohttp.ClientSession() as session:
        url = f"{google[1]}/calendar/v3/calendars/primary/events/offsite"
        headers = {"Authorization": f"Bearer {token}"}
        body = {"start": {"dateTime": "2026-03-09T10:00:00-04:00"}, "end": {"dateTime": "2026-03-09T11:00:00-04:00"}}
        async with session.patch(url, json=body, headers=headers) as answer:
            assert answer.status == 400  # merged: {"date", "dateTime"} in one start
        body["start"]["date"] = body["end"]["date"] = None  # type: ignore[index]
        async with session.patch(url, json=body, headers=headers) as answer:
            assert answer.status == 200
            assert (await answer.json())["start"] == {"dateTime": "2026-03-09T10:00:00-04:00"}
    assert event["startTime"] == "2026-03-09T00:00:00-04:00"


async def test_an_all_day_event_given_a_time_becomes_timed_and_back(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    all_day(fake, "offsite", "2026-03-09", "2026-03-10")
    timed = await run(
        gcal, "update_calendar_event", eventId="offsite", startTime="2026-03-09T10:00:00-04:00", durationMinutes=90
    )
    assert (timed["startTime"], timed["endTime"]) == ("2026-03-09T10:00:00-04:00", "2026-03-09T11:30:00-04:00")
    assert "date" not in fake.events["offsite"]["start"] and "date" not in fake.events["offsite"]["end"]
    back = await run(
        gcal, "update_calendar_event", eventId="offsite", startTime="2026-03-09T00:00:00-04:00", durationMinutes=1440
    )
    assert (back["startTime"], back["endTime"]) == ("2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00")
    stored = fake.events["offsite"]
    assert (stored["start"]["date"], stored["end"]["date"]) == ("2026-03-09", "2026-03-10")
    assert "dateTime" not in stored["start"] and "dateTime" not in stored["end"]
    assert fake.api_calls("calendar.events.patch")[-1].body["start"] == {
        "date": "2026-03-09",
        "timeZone": "America/New_York",
        "dateTime": None,
    }


async def test_an_all_day_event_moved_by_whole_days_stays_all_day_across_dst(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    all_day(fake, "offsite", "2026-03-07", "2026-03-09")  # Saturday and Sunday; the clocks change on Sunday
    moved = await run(gcal, "update_calendar_event", eventId="offsite", shiftMinutes=2 * 1440)
    assert (moved["startTime"], moved["endTime"]) == ("2026-03-09T00:00:00-04:00", "2026-03-11T00:00:00-04:00")
    stored = fake.events["offsite"]
    assert (stored["start"].get("date"), stored["end"].get("date")) == ("2026-03-09", "2026-03-11")


async def test_changing_an_event_someone_else_organises_is_refused_without_asking_to_reconnect(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    invitation = fake.invitation("Board review", "2026-03-12T14:00:00-04:00", 60)
    with pytest.raises(PermissionDeniedError, match=re.escape("olga@example.org organises 'Board review'")) as raised:
        await run(gcal, "update_calendar_event", eventId=invitation, title="Mine now")
    failure = describe_failure(raised.value)
    assert failure.reconnect is False and failure.transient is False
    assert fake.events[invitation]["summary"] == "Board review"


async def test_a_quota_403_is_reported_as_such_and_not_retried(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    fake.scripted = [(403, google_403("quotaExceeded", "Calendar usage limits exceeded."), {})]
    slept: list[float] = []
    args = {"title": "t", "startTime": "2026-03-03T10:00:00-05:00", "durationMinutes": 30}
    with pytest.raises(QuotaError, match="Calendar usage limits exceeded") as raised:
        await runner(gcal, slept).run("create_calendar_event", args)
    assert slept == [] and describe_failure(raised.value).reconnect is False


async def test_a_rate_limit_403_on_a_write_is_waited_out_and_sent_again(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    fake.scripted = [(403, google_403("rateLimitExceeded", "Rate Limit Exceeded"), {})]
    slept: list[float] = []
    args = {"title": "t", "startTime": "2026-03-03T10:00:00-05:00", "durationMinutes": 30}
    created = await runner(gcal, slept).run("create_calendar_event", args)
    assert created["title"] == "t" and slept == [0.5]
    assert len(fake.api_calls("calendar.events.insert")) == 2  # refused, then made once


async def test_a_missing_scope_is_a_permission_problem(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    await run(gcal, "fetch_calendar_events", **MARCH)
    body = google_403("insufficientPermissions", "Request had insufficient authentication scopes.")
    fake.scripted = [(403, body, {})]
    with pytest.raises(PermissionDeniedError, match="does not cover it"):
        await run(gcal, "fetch_calendar_events", **MARCH)


async def test_answering_changes_only_my_own_attendee_entry(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    invitation = fake.invitation("Board review", "2026-03-12T14:00:00-04:00", 60)
    answered = await run(gcal, "respond_to_event", eventId=invitation, response="declined", comment="Away")
    assert answered["myResponse"] == "declined" and answered["organizer"] == "olga@example.org"
    (patch,) = fake.api_calls("calendar.events.patch")
    assert patch.query == {"sendUpdates": "all"}
    assert patch.body == {
        "attendees": [
            {"email": "olga@example.org", "organizer": True, "responseStatus": "accepted"},
            {"email": ME, "self": True, "responseStatus": "declined", "comment": "Away"},
        ]
    }
    created = await run(
        gcal, "create_calendar_event", title="mine", startTime="2026-03-03T10:00:00-05:00", durationMinutes=30
    )
    with pytest.raises(PermanentError, match="you organise 'mine'"):
        await run(gcal, "respond_to_event", eventId=created["id"], response="accepted")


async def test_deleting_an_invitation_declines_it_first(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    invitation = fake.invitation("Board review", "2026-03-12T14:00:00-04:00", 60)
    assert await run(gcal, "delete_calendar_event", eventId=invitation) == {"id": invitation}
    (patch,) = fake.api_calls("calendar.events.patch")
    assert [person["responseStatus"] for person in patch.body["attendees"] if person.get("self")] == ["declined"]
    assert [seen.method for seen in fake.seen][-2:] == ["calendar.events.patch", "calendar.events.delete"]
    assert await run(gcal, "fetch_calendar_events", **MARCH) == []


async def test_a_weekly_series_starts_on_its_day_and_moves_its_rule_along(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    series = await run(
        gcal,
        "create_calendar_event",
        title="Planning",
        startTime="2026-03-03T10:00:00-05:00",  # a Tuesday
        durationMinutes=30,
        recurrence="RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=3",
    )
    (insert,) = fake.api_calls("calendar.events.insert")
    assert insert.body["recurrence"] == ["RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=3"]
    assert insert.body["start"] == {"dateTime": "2026-03-04T10:00:00-05:00", "timeZone": "America/New_York"}
    assert (series["startTime"], series["recurrence"], series["seriesId"]) == (
        "2026-03-04T10:00:00-05:00",
        "FREQ=WEEKLY;BYDAY=WE;COUNT=3",
        None,
    )
    found = await run(gcal, "fetch_calendar_events", query="planning", **MARCH)
    assert [event["startTime"] for event in found] == [
        "2026-03-04T10:00:00-05:00",
        "2026-03-11T10:00:00-04:00",
        "2026-03-18T10:00:00-04:00",
    ]
    assert {event["seriesId"] for event in found} == {series["id"]}
    assert found[1]["id"] == f"{series['id']}_20260311T140000Z"
    moved = await run(gcal, "update_calendar_event", eventId=series["id"], shiftMinutes=24 * 60)
    assert moved["recurrence"] == "FREQ=WEEKLY;BYDAY=TH;COUNT=3"
    found = await run(gcal, "fetch_calendar_events", query="planning", **MARCH)
    assert [event["startTime"] for event in found] == [
        "2026-03-05T10:00:00-05:00",
        "2026-03-12T10:00:00-04:00",
        "2026-03-19T10:00:00-04:00",
    ]


async def test_a_rule_google_cannot_follow_is_refused_before_anything_is_sent(
    gcal: GoogleCalendar, google: Google
) -> None:
    fake, _ = google
    with pytest.raises(PermanentError, match="COUNT or UNTIL"):
        await run(
            gcal,
            "create_calendar_event",
            title="x",
            startTime="2026-03-03T10:00:00-05:00",
            durationMinutes=30,
            recurrence="FREQ=WEEKLY;COUNT=2;UNTIL=20260401",
        )
    assert fake.seen == []
