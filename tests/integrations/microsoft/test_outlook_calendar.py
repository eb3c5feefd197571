"""The Outlook calendar connector's own behaviour: RRULE → patternedRecurrence, answers and their requests, deleting
an invitation, free/busy through getSchedule, all-day events."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from integrations.base import PermanentError
from integrations.base.arguments import (
    CreateCalendarEventArgs,
    DeleteCalendarEventArgs,
    FetchCalendarEventsArgs,
    FindFreeSlotsArgs,
    RespondToEventArgs,
    UpdateCalendarEventArgs,
)
from integrations.microsoft import graph_from
from integrations.microsoft.recurrence import series
from tests.integrations.microsoft.conftest import GraphRig

NEW_YORK = ZoneInfo("America/New_York")
TUESDAY_10 = datetime(2026, 3, 3, 10, 0, tzinfo=NEW_YORK)


@pytest.mark.parametrize(
    ("rule", "pattern", "span"),
    [
        ("FREQ=DAILY;INTERVAL=2;COUNT=5", {"type": "daily", "interval": 2},
         {"type": "numbered", "numberOfOccurrences": 5}),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", {"type": "weekly", "interval": 1, "firstDayOfWeek": "monday",
         "daysOfWeek": ["monday", "tuesday", "wednesday", "thursday", "friday"]}, {"type": "noEnd"}),
        ("FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260331T035959Z", {"type": "weekly", "interval": 1, "firstDayOfWeek": "monday",
         "daysOfWeek": ["tuesday", "thursday"]}, {"type": "endDate", "endDate": "2026-03-30"}),
        ("FREQ=MONTHLY;BYDAY=-1TU", {"type": "relativeMonthly", "interval": 1, "daysOfWeek": ["tuesday"],
         "index": "last"}, {"type": "noEnd"}),
        ("FREQ=MONTHLY;BYMONTHDAY=3", {"type": "absoluteMonthly", "interval": 1, "dayOfMonth": 3}, {"type": "noEnd"}),
        ("FREQ=YEARLY", {"type": "absoluteYearly", "interval": 1, "dayOfMonth": 3, "month": 3}, {"type": "noEnd"}),
    ],
)  # fmt: skip
def test_rrules_become_graph_patterns(rule: str, pattern: dict[str, object], span: dict[str, object]) -> None:
    found = series(rule, TUESDAY_10, NEW_YORK, service="test")
    assert found.recurrence["pattern"] == pattern
    assert {k: v for k, v in found.recurrence["range"].items() if k not in ("startDate", "recurrenceTimeZone")} == span
    assert found.recurrence["range"]["recurrenceTimeZone"] == "America/New_York"
    assert found.recurrence["range"]["startDate"] == found.start.date().isoformat()


def test_a_series_starts_at_its_first_occurrence() -> None:
    found = series("FREQ=WEEKLY;BYDAY=MO;COUNT=3", TUESDAY_10, NEW_YORK, service="test")
    assert found.start == datetime(2026, 3, 9, 10, 0, tzinfo=NEW_YORK)
    assert found.recurrence["range"]["startDate"] == "2026-03-09"


@pytest.mark.parametrize(
    "rule", ["FREQ=HOURLY", "FREQ=WEEKLY;BYHOUR=9", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYDAY=5MO"]
)
def test_what_outlook_cannot_repeat_is_refused(rule: str) -> None:
    with pytest.raises(PermanentError):
        series(rule, TUESDAY_10, NEW_YORK, service="test")


async def test_answers_tell_the_organiser_with_the_comment(microsoft: GraphRig) -> None:
    event_id = microsoft.calendar.invite(
        subject="Board", start=datetime(2026, 3, 12, 18, 0, tzinfo=UTC), minutes=60, organizer="olga@example.org"
    )
    calendar = microsoft.calendar_connector()
    answered = await calendar.respond_to_event(
        RespondToEventArgs(eventId=event_id, response="accepted", comment="See you")
    )
    assert answered["myResponse"] == "accepted" and answered["organizer"] == "olga@example.org"
    (accept,) = [r for r in microsoft.graph.requests if r.path.endswith("/accept")]
    assert accept.body == {"SendResponse": True, "Comment": "See you"}


async def test_deleting_an_invitation_declines_it_first(microsoft: GraphRig) -> None:
    event_id = microsoft.calendar.invite(
        subject="Board", start=datetime(2026, 3, 12, 18, 0, tzinfo=UTC), minutes=60, organizer="olga@example.org"
    )
    await microsoft.calendar_connector().delete_calendar_event(DeleteCalendarEventArgs(eventId=event_id))
    writes = [(r.verb, r.path.rsplit("/", 1)[-1]) for r in microsoft.graph.requests if r.verb != "GET"]
    assert writes == [("POST", "decline"), ("DELETE", event_id)]


async def test_colleagues_busy_time_counts_and_unknown_schedules_add_none(microsoft: GraphRig) -> None:
    microsoft.calendar.others["priya@contoso.com"] = [
        (datetime(2026, 3, 10, 14, 0, tzinfo=UTC), datetime(2026, 3, 10, 15, 0, tzinfo=UTC))
    ]
    free = await microsoft.calendar_connector().find_free_slots(
        FindFreeSlotsArgs(
            attendees=["priya@contoso.com", "stranger@example.org"],
            durationMinutes=60,
            windowStart=datetime(2026, 3, 10, 9, 0, tzinfo=NEW_YORK),
            windowEnd=datetime(2026, 3, 10, 12, 0, tzinfo=NEW_YORK),
        )
    )
    assert [slot["start"] for slot in free] == ["2026-03-10T09:00:00-04:00", "2026-03-10T11:00:00-04:00"]
    (asked,) = [r.body for r in microsoft.graph.requests if r.path.endswith("getSchedule")]
    assert asked["Schedules"] == ["planbot@contoso.com", "priya@contoso.com", "stranger@example.org"]
    assert asked["StartTime"] == {"dateTime": "2026-03-10T13:00:00", "timeZone": "UTC"}


async def test_an_all_day_event_is_its_days_in_the_owners_zone(microsoft: GraphRig) -> None:
    event_id = microsoft.calendar.invite(
        subject="Offsite", start=datetime(2026, 3, 4, 0, 0, tzinfo=UTC), minutes=24 * 60, organizer="olga@example.org"
    )
    microsoft.calendar.events[event_id].master["isAllDay"] = True
    (found,) = await microsoft.calendar_connector().fetch_calendar_events(
        FetchCalendarEventsArgs(start=datetime(2026, 3, 3, tzinfo=NEW_YORK), end=datetime(2026, 3, 6, tzinfo=NEW_YORK))
    )
    assert (found["startTime"], found["endTime"]) == ("2026-03-04T00:00:00-05:00", "2026-03-05T00:00:00-05:00")


async def test_all_day_friday_is_written_as_an_all_day_event(microsoft: GraphRig) -> None:
    friday = datetime(2026, 3, 6, 0, 0, tzinfo=NEW_YORK)
    created = await microsoft.calendar_connector().create_calendar_event(
        CreateCalendarEventArgs(title="Offsite", startTime=friday, durationMinutes=24 * 60)
    )
    stored = microsoft.calendar.events[created["id"]].master
    assert stored["isAllDay"] is True
    assert (stored["start"]["dateTime"], stored["end"]["dateTime"]) == ("2026-03-06T00:00:00", "2026-03-07T00:00:00")
    assert (created["startTime"], created["endTime"]) == ("2026-03-06T00:00:00-05:00", "2026-03-07T00:00:00-05:00")


async def test_an_all_day_event_moved_to_ten_becomes_a_timed_event(microsoft: GraphRig) -> None:
    calendar = microsoft.calendar_connector()
    friday = datetime(2026, 3, 6, 0, 0, tzinfo=NEW_YORK)
    created = await calendar.create_calendar_event(
        CreateCalendarEventArgs(title="Offsite", startTime=friday, durationMinutes=2 * 24 * 60)
    )
    moved = await calendar.update_calendar_event(
        UpdateCalendarEventArgs(eventId=created["id"], startTime=friday.replace(hour=10), durationMinutes=60)
    )
    stored = microsoft.calendar.events[created["id"]].master
    assert stored["isAllDay"] is False
    assert (moved["startTime"], moved["endTime"]) == ("2026-03-06T10:00:00-05:00", "2026-03-06T11:00:00-05:00")
    back = await calendar.update_calendar_event(
        UpdateCalendarEventArgs(eventId=created["id"], startTime=friday, durationMinutes=24 * 60)
    )
    assert microsoft.calendar.events[created["id"]].master["isAllDay"] is True
    assert back["endTime"] == "2026-03-07T00:00:00-05:00"


async def test_the_stand_in_refuses_an_all_day_event_that_is_not_midnight_to_midnight(microsoft: GraphRig) -> None:
    body = {"subject": "x", "isAllDay": True, "start": {"dateTime": "2026-03-06T10:00:00", "timeZone": "UTC"},
            "end": {"dateTime": "2026-03-07T10:00:00", "timeZone": "UTC"}}  # fmt: skip
    with pytest.raises(PermanentError, match="midnight"):
        await graph_from(microsoft.settings(), microsoft.session).post("me/events", body)
    assert microsoft.calendar.events == {}


async def test_a_teams_meeting_and_an_optional_guest_are_sent_as_graph_takes_them(microsoft: GraphRig) -> None:
    """(v3) isOnlineMeeting with onlineMeetingProvider teamsForBusiness (another provider gets no link on a work
    account), attendee type optional; the join URL is read back as meetingUrl."""
    calendar = microsoft.calendar_connector()
    created = await calendar.call(
        "create_calendar_event",
        CreateCalendarEventArgs(
            title="Sync",
            startTime=datetime(2026, 3, 5, 15, 0, tzinfo=UTC),
            durationMinutes=30,
            attendees=["ann@example.org"],
            optionalAttendees=["tom@example.org"],
            onlineMeeting=True,
        ),
    )
    (sent,) = [r.body for r in microsoft.graph.requests if r.verb == "POST" and r.path.endswith("/me/events")]
    assert (sent["isOnlineMeeting"], sent["onlineMeetingProvider"]) == (True, "teamsForBusiness")
    assert [(a["emailAddress"]["address"], a["type"]) for a in sent["attendees"]] == [
        ("ann@example.org", "required"),
        ("tom@example.org", "optional"),
    ]
    assert created["meetingUrl"].startswith("https://teams.microsoft.com/")
    assert (created["attendees"], created["optionalAttendees"]) == (["ann@example.org"], ["tom@example.org"])
