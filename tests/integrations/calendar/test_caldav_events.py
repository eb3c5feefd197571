"""CalDAV against Radicale: what is written on the server, recurring events, occurrences, attendees, DST."""

from typing import Any

import aiohttp
import pytest
from icalendar import Calendar

from integrations.base import CATALOG, NotFoundError
from integrations.calendar.caldav import CalDavCalendar
from tests.integrations.calendar.conftest import caldav_settings
from tests.integrations.calendar.radicale import USERS, Radicale

MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}
WEEKLY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//another client//EN
BEGIN:VEVENT
UID:weekly-1
DTSTAMP:20260101T000000Z
DTSTART;TZID=America/New_York:20260302T100000
DTEND;TZID=America/New_York:20260302T103000
RRULE:FREQ=WEEKLY;COUNT=4
SUMMARY:1:1 with Priya
ATTENDEE;CN=Priya Shah;PARTSTAT=ACCEPTED:mailto:priya.shah@example.com
END:VEVENT
END:VCALENDAR
"""


async def run(connector: CalDavCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def put(radicale: Radicale, calendar_url: str, name: str, text: str) -> None:
    status, _ = radicale.send("PUT", f"{calendar_url}{name}", body=text.encode(), Content_Type="text/calendar")
    assert status == 201


def only_event(text: str) -> dict[str, Any]:
    """The one VEVENT of ``text``, as a mapping of its properties (icalendar's values, loosely typed here)."""
    (event,) = Calendar.from_ical(text).walk("VEVENT")
    return dict(event)


def stored(radicale: Radicale, calendar_url: str) -> str:
    (text,) = radicale.objects(calendar_url)
    return text


async def test_without_an_organizer_setting_the_accounts_own_address_organises_what_it_creates(
    http: aiohttp.ClientSession, radicale: Radicale
) -> None:
    calendar = radicale.new_calendar("dana@example.com")
    settings = caldav_settings(calendar, username="dana@example.com", password=USERS["dana@example.com"])
    caldav = CalDavCalendar.from_settings(http, settings)
    created = await run(caldav, "create_calendar_event", title="Sync", startTime="2026-03-05T14:00:00-05:00",
                        durationMinutes=30, attendees=["priya.shah@example.com"])  # fmt: skip
    (text,) = radicale.objects(calendar, user="dana@example.com")
    event = only_event(text)
    assert str(event["ORGANIZER"]) == "mailto:dana@example.com"  # RFC 5545: a group event names its organizer
    assert str(event["ATTENDEE"]) == "mailto:priya.shah@example.com"
    assert created["organizer"] == "dana@example.com" and created["myResponse"] == "accepted"


async def test_a_new_event_is_written_in_the_owners_zone_with_its_attendees(
    http: aiohttp.ClientSession, radicale: Radicale, calendar_url: str
) -> None:
    caldav = CalDavCalendar.from_settings(http, caldav_settings(calendar_url, organizer="me@example.com"))
    created = await run(
        caldav,
        "create_calendar_event",
        title="Sync",
        startTime="2026-03-05T19:00:00+00:00",
        durationMinutes=30,
        attendees=["priya.shah@example.com", "tom.reyes@example.com"],
        description="Agenda",
    )
    assert created["startTime"] == "2026-03-05T14:00:00-05:00" and created["endTime"] == "2026-03-05T14:30:00-05:00"
    text = stored(radicale, calendar_url)
    assert "DTSTART;TZID=America/New_York:20260305T140000" in text
    assert "DTEND;TZID=America/New_York:20260305T143000" in text
    assert "BEGIN:VTIMEZONE" in text and "TZID:America/New_York" in text
    event = only_event(text)
    assert [str(a) for a in event["ATTENDEE"]] == ["mailto:priya.shah@example.com", "mailto:tom.reyes@example.com"]
    assert event["ATTENDEE"][0].params["PARTSTAT"] == "NEEDS-ACTION"
    assert str(event["ORGANIZER"]) == "mailto:me@example.com" and str(event["DESCRIPTION"]) == "Agenda"
    assert created["id"] == f"{event['UID'].split('@')[0]}.ics"


async def test_a_time_in_the_repeated_fall_back_hour_is_written_in_utc(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    # 2026-11-01 in New York: 01:00-02:00 happens twice; the second 01:30 is EST (-05:00). A TZID time there
    # would mean the first one (EDT), an hour early; the first 01:30 (EDT) keeps its TZID form.
    created = await run(
        caldav, "create_calendar_event", title="late", startTime="2026-11-01T01:30:00-05:00", durationMinutes=20
    )
    assert created["startTime"] == "2026-11-01T01:30:00-05:00"
    text = stored(radicale, calendar_url)  # before the second event is created
    assert "DTSTART:20261101T063000Z" in text and "DTEND:20261101T065000Z" in text
    first = await run(
        caldav, "create_calendar_event", title="early", startTime="2026-11-01T01:30:00-04:00", durationMinutes=20
    )
    assert first["startTime"] == "2026-11-01T01:30:00-04:00"
    found = await run(caldav, "fetch_calendar_events", start="2026-11-01T05:00:00Z", end="2026-11-01T07:00:00Z")
    assert [(event["title"], event["startTime"]) for event in found] == [
        ("early", "2026-11-01T01:30:00-04:00"),
        ("late", "2026-11-01T01:30:00-05:00"),
    ]


async def test_a_recurring_event_is_expanded_into_its_occurrences_across_dst(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    put(radicale, calendar_url, "weekly-1.ics", WEEKLY)
    found = await run(caldav, "fetch_calendar_events", **MARCH)
    assert [(event["id"], event["startTime"]) for event in found] == [
        ("weekly-1.ics@20260302T150000Z", "2026-03-02T10:00:00-05:00"),
        ("weekly-1.ics@20260309T140000Z", "2026-03-09T10:00:00-04:00"),  # after the change: still 10:00 local
        ("weekly-1.ics@20260316T140000Z", "2026-03-16T10:00:00-04:00"),
        ("weekly-1.ics@20260323T140000Z", "2026-03-23T10:00:00-04:00"),
    ]
    assert {event["title"] for event in found} == {"1:1 with Priya"}
    assert all(event["attendees"] == ["priya.shah@example.com"] for event in found)
    second_week = await run(
        caldav, "fetch_calendar_events", start="2026-03-09T00:00:00-04:00", end="2026-03-16T00:00:00-04:00"
    )
    assert [event["id"] for event in second_week] == ["weekly-1.ics@20260309T140000Z"]


async def test_deleting_one_occurrence_leaves_the_series(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    put(radicale, calendar_url, "weekly-1.ics", WEEKLY)
    occurrence = "weekly-1.ics@20260316T140000Z"
    assert await run(caldav, "delete_calendar_event", eventId=occurrence) == {"id": occurrence}
    found = await run(caldav, "fetch_calendar_events", **MARCH)
    assert [event["startTime"][:10] for event in found] == ["2026-03-02", "2026-03-09", "2026-03-23"]
    assert "EXDATE;TZID=America/New_York:20260316T100000" in stored(radicale, calendar_url)
    with pytest.raises(NotFoundError):
        await run(caldav, "delete_calendar_event", eventId=occurrence)


async def test_moving_one_occurrence_overrides_only_that_one(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    put(radicale, calendar_url, "weekly-1.ics", WEEKLY)
    occurrence = "weekly-1.ics@20260309T140000Z"
    moved = await run(caldav, "update_calendar_event", eventId=occurrence, startTime="2026-03-10T15:00:00-04:00")
    assert moved == {
        "id": occurrence,
        "title": "1:1 with Priya",
        "startTime": "2026-03-10T15:00:00-04:00",
        "endTime": "2026-03-10T15:30:00-04:00",
        "attendees": ["priya.shah@example.com"],
        "location": None,
        "description": None,
        "organizer": None,  # no ORGANIZER, and the user's address is not configured
        "myResponse": "accepted",
        "recurrence": "FREQ=WEEKLY;COUNT=4",
        "seriesId": "weekly-1.ics",
        "optionalAttendees": [],
        "meetingUrl": None,
        "calendarId": "primary",
    }
    renamed = await run(caldav, "update_calendar_event", eventId=occurrence, title="Moved 1:1")
    assert renamed["startTime"] == "2026-03-10T15:00:00-04:00" and renamed["title"] == "Moved 1:1"
    found = await run(caldav, "fetch_calendar_events", **MARCH)
    assert [(event["startTime"], event["title"]) for event in found] == [
        ("2026-03-02T10:00:00-05:00", "1:1 with Priya"),
        ("2026-03-10T15:00:00-04:00", "Moved 1:1"),
        ("2026-03-16T10:00:00-04:00", "1:1 with Priya"),
        ("2026-03-23T10:00:00-04:00", "1:1 with Priya"),
    ]
    assert stored(radicale, calendar_url).count("RECURRENCE-ID;TZID=America/New_York:20260309T100000") == 1


async def test_attendee_filter_takes_an_address_a_display_name_or_a_name(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    put(radicale, calendar_url, "weekly-1.ics", WEEKLY)
    await run(
        caldav,
        "create_calendar_event",
        title="other",
        startTime="2026-03-04T09:00:00-05:00",
        durationMinutes=30,
        attendees=["tom.reyes@example.com"],
    )
    for who in ("priya.shah@EXAMPLE.com", "Priya Shah", "priya", "shah"):
        found = await run(caldav, "fetch_calendar_events", attendee=who, **MARCH)
        assert len(found) == 4 and {event["title"] for event in found} == {"1:1 with Priya"}, who
    assert [e["title"] for e in await run(caldav, "fetch_calendar_events", attendee="Tom Reyes", **MARCH)] == ["other"]
    assert await run(caldav, "fetch_calendar_events", attendee="sarah", **MARCH) == []


async def test_changing_attendees_keeps_the_replies_of_those_who_stay(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    put(radicale, calendar_url, "single.ics", WEEKLY.replace("RRULE:FREQ=WEEKLY;COUNT=4\n", ""))
    changed = await run(
        caldav, "update_calendar_event", eventId="single.ics", attendees=["priya.shah@example.com", "ann@example.org"]
    )
    assert changed["attendees"] == ["priya.shah@example.com", "ann@example.org"]
    event = only_event(stored(radicale, calendar_url))
    assert [(str(a), a.params["PARTSTAT"]) for a in event["ATTENDEE"]] == [
        ("mailto:priya.shah@example.com", "ACCEPTED"),
        ("mailto:ann@example.org", "NEEDS-ACTION"),
    ]
    assert int(event["SEQUENCE"]) == 1


async def test_events_of_other_clients_all_day_floating_and_with_a_duration(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    body = (
        "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//EN\nBEGIN:VEVENT\nUID:{uid}\nDTSTAMP:20260101T000000Z\n"
        "{times}\nSUMMARY:{uid}\nEND:VEVENT\nEND:VCALENDAR\n"
    )
    for uid, times in (
        ("all-day", "DTSTART;VALUE=DATE:20260310\nDTEND;VALUE=DATE:20260311"),
        ("floating", "DTSTART:20260311T090000\nDTEND:20260311T093000"),
        ("duration", "DTSTART:20260312T140000Z\nDURATION:PT45M"),
    ):
        put(radicale, calendar_url, f"{uid}.ics", body.format(uid=uid, times=times))
    found = await run(caldav, "fetch_calendar_events", **MARCH)
    assert [(e["title"], e["startTime"], e["endTime"]) for e in found] == [
        ("all-day", "2026-03-10T00:00:00-04:00", "2026-03-11T00:00:00-04:00"),
        ("floating", "2026-03-11T09:00:00-04:00", "2026-03-11T09:30:00-04:00"),
        ("duration", "2026-03-12T10:00:00-04:00", "2026-03-12T10:45:00-04:00"),
    ]


async def test_ids_that_cannot_be_ours_are_not_found(caldav: CalDavCalendar) -> None:
    for bad in ("../planbot/other.ics", "a/b.ics", "missing.ics", "missing.ics@20260302T150000Z"):
        with pytest.raises(NotFoundError):
            await run(caldav, "delete_calendar_event", eventId=bad)
        with pytest.raises(NotFoundError):
            await run(caldav, "update_calendar_event", eventId=bad, title="x")
