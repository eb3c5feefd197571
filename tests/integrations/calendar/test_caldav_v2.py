"""CalDAV v2 against Radicale: recurring events written and moved, attendee changes, invitations, all-day events;
answering through the server's scheduling (the iCalendar change, checked without a scheduling server)."""

import re
from datetime import UTC, datetime
from typing import Any

import aiohttp
import pytest
from icalendar import Calendar

from integrations.base import CATALOG, PermanentError, PermissionDeniedError
from integrations.calendar.caldav import CalDavCalendar
from integrations.calendar.caldav.edit import answer
from tests.integrations.calendar.conftest import caldav_settings
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.calendar.test_caldav_contract import ME, put_invitation

MARCH = {"start": "2026-03-01T00:00:00-05:00", "end": "2026-04-01T00:00:00-04:00"}
NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


async def run(connector: CalDavCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


@pytest.fixture
def mine(http: aiohttp.ClientSession, calendar_url: str) -> CalDavCalendar:
    return CalDavCalendar.from_settings(http, caldav_settings(calendar_url, organizer=ME))


def stored(radicale: Radicale, calendar_url: str) -> str:
    (text,) = radicale.objects(calendar_url)
    return text


async def test_a_series_is_written_from_its_first_occurrence_with_until_in_utc(
    mine: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    series = await run(
        mine,
        "create_calendar_event",
        title="Planning",
        startTime="2026-03-03T10:00:00-05:00",  # a Tuesday
        durationMinutes=30,
        recurrence="RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20260311",
    )
    assert (series["startTime"], series["seriesId"]) == ("2026-03-04T10:00:00-05:00", None)
    text = stored(radicale, calendar_url)
    assert "DTSTART;TZID=America/New_York:20260304T100000" in text
    assert re.search(
        r"RRULE:FREQ=WEEKLY;UNTIL=20260312T035959Z;BYDAY=WE|RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20260312T035959Z", text
    )
    found = await run(mine, "fetch_calendar_events", query="planning", **MARCH)
    assert [event["startTime"] for event in found] == ["2026-03-04T10:00:00-05:00", "2026-03-11T10:00:00-04:00"]
    assert {event["seriesId"] for event in found} == {series["id"]}


async def test_moving_a_series_takes_its_rule_its_changed_and_its_removed_occurrences_along(
    mine: CalDavCalendar,
) -> None:
    series = await run(
        mine,
        "create_calendar_event",
        title="Planning",
        startTime="2026-03-02T10:00:00-05:00",
        durationMinutes=30,
        recurrence="FREQ=WEEKLY;BYDAY=MO;COUNT=4",
    )
    first, second, third, _ = await run(mine, "fetch_calendar_events", query="planning", **MARCH)
    await run(mine, "update_calendar_event", eventId=second["id"], title="Planning (long)", durationMinutes=60)
    await run(mine, "delete_calendar_event", eventId=third["id"])
    moved = await run(mine, "update_calendar_event", eventId=series["id"], shiftMinutes=24 * 60)
    assert moved["recurrence"] == "FREQ=WEEKLY;COUNT=4;BYDAY=TU"
    found = await run(mine, "fetch_calendar_events", query="planning", **MARCH)
    assert [(event["title"], event["startTime"], event["endTime"][11:16]) for event in found] == [
        ("Planning", "2026-03-03T10:00:00-05:00", "10:30"),
        ("Planning (long)", "2026-03-10T10:00:00-04:00", "11:00"),
        ("Planning", "2026-03-24T10:00:00-04:00", "10:30"),  # 17 March stays removed
    ]
    assert found[1]["id"] == f"{series['id']}@20260310T140000Z" and first["id"] != found[0]["id"]


async def test_added_attendees_are_invited_and_the_others_keep_their_reply(
    mine: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    created = await run(
        mine,
        "create_calendar_event",
        title="Sync",
        startTime="2026-03-05T10:00:00-05:00",
        durationMinutes=30,
        attendees=["ann@example.org"],
    )
    text = stored(radicale, calendar_url).replace("PARTSTAT=NEEDS-ACTION", "PARTSTAT=ACCEPTED")
    name = created["id"]
    assert radicale.send("PUT", f"{calendar_url}{name}", body=text.encode(), Content_Type="text/calendar")[0] == 204
    await run(mine, "update_calendar_event", eventId=name, addAttendees=["bo@example.org"])
    (event,) = Calendar.from_ical(stored(radicale, calendar_url)).walk("VEVENT")
    assert [(str(a), a.params["PARTSTAT"]) for a in event["ATTENDEE"]] == [
        ("mailto:ann@example.org", "ACCEPTED"),
        ("mailto:bo@example.org", "NEEDS-ACTION"),
    ]


async def test_an_invitation_is_shown_as_such_and_never_rewritten(
    mine: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    name = put_invitation(radicale, calendar_url, "Board review", "2026-03-12T14:00:00-04:00", 60)
    before = stored(radicale, calendar_url)
    (found,) = await run(mine, "fetch_calendar_events", **MARCH)
    assert (found["id"], found["organizer"], found["myResponse"]) == (name, "olga@example.org", "needsAction")
    with pytest.raises(PermissionDeniedError, match=re.escape("olga@example.org organises 'Board review'")):
        await run(mine, "update_calendar_event", eventId=name, addAttendees=["bo@example.org"])
    with pytest.raises(PermanentError, match="not supported by this server"):
        await run(mine, "respond_to_event", eventId=name, response="declined")
    assert stored(radicale, calendar_url) == before
    assert await run(mine, "delete_calendar_event", eventId=name) == {"id": name}
    assert radicale.objects(calendar_url) == []


async def test_an_all_day_event_given_a_time_becomes_timed_and_back(
    mine: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:offsite\r\n"
        "DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20260309\r\nDTEND;VALUE=DATE:20260310\r\n"
        "SUMMARY:Offsite\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    assert (
        radicale.send("PUT", f"{calendar_url}offsite.ics", body=text.encode(), Content_Type="text/calendar")[0] == 201
    )
    timed = await run(
        mine, "update_calendar_event", eventId="offsite.ics", startTime="2026-03-09T10:00:00-04:00", durationMinutes=90
    )
    assert (timed["startTime"], timed["endTime"]) == ("2026-03-09T10:00:00-04:00", "2026-03-09T11:30:00-04:00")
    assert "DTSTART;TZID=America/New_York:20260309T100000" in stored(radicale, calendar_url)
    back = await run(
        mine,
        "update_calendar_event",
        eventId="offsite.ics",
        startTime="2026-03-09T00:00:00-04:00",
        durationMinutes=1440,
    )
    assert (back["startTime"], back["endTime"]) == ("2026-03-09T00:00:00-04:00", "2026-03-10T00:00:00-04:00")
    written = stored(radicale, calendar_url)
    assert "DTSTART;VALUE=DATE:20260309" in written and "DTEND;VALUE=DATE:20260310" in written


INVITED_SERIES = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//x//EN
BEGIN:VEVENT
UID:series-1
DTSTAMP:20260101T000000Z
DTSTART:20260302T150000Z
DURATION:PT30M
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:Team sync
ORGANIZER:mailto:olga@example.org
ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:planbot@example.com
ATTENDEE;PARTSTAT=ACCEPTED:mailto:ann@example.org
END:VEVENT
END:VCALENDAR
"""


def test_an_answer_sets_my_partstat_for_the_servers_itip_reply_and_one_occurrence_alone() -> None:
    calendar = Calendar.from_ical(INVITED_SERIES)
    week_two = datetime(2026, 3, 9, 15, 0, tzinfo=UTC)
    answered = answer(calendar, week_two, "declined", "Away that week", me=(ME,), zone=UTC, now=NOW)
    series, override = calendar.walk("VEVENT")
    mine = {str(a): a.params for a in override["ATTENDEE"]}
    assert answered is override and mine[f"mailto:{ME}"]["PARTSTAT"] == "DECLINED"
    assert "RSVP" not in mine[f"mailto:{ME}"] and str(override["COMMENT"]) == "Away that week"
    assert {str(a): a.params["PARTSTAT"] for a in series["ATTENDEE"]}[f"mailto:{ME}"] == "NEEDS-ACTION"
    answer(calendar, None, "accepted", None, me=(ME,), zone=UTC, now=NOW)
    assert {str(a): a.params["PARTSTAT"] for a in series["ATTENDEE"]} == {
        f"mailto:{ME}": "ACCEPTED",
        "mailto:ann@example.org": "ACCEPTED",
    }
    with pytest.raises(PermanentError, match="you organise"):
        answer(calendar, None, "accepted", None, me=("olga@example.org",), zone=UTC, now=NOW)
    with pytest.raises(PermanentError, match="not among the attendees"):
        answer(Calendar.from_ical(INVITED_SERIES), None, "accepted", None, me=("zed@example.org",), zone=UTC, now=NOW)
