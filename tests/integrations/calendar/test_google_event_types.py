"""Google Calendar's event types and recurring occurrences: working locations, birthdays, focus time and out-of-office
entries are not read as events nor changed as one; an occurrence is told apart from its series on the card."""

from typing import Any
from zoneinfo import ZoneInfo

import pytest

from integrations.base import CATALOG, PermanentError
from integrations.calendar.google import GoogleCalendar
from planning.engine.target_text import describe
from tests.integrations.calendar.google_fake import ME, FakeGoogleCalendar

Google = tuple[FakeGoogleCalendar, str]
THURSDAY = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
NEW_YORK = ZoneInfo("America/New_York")
DAY = "2026-03-05"


async def run(connector: GoogleCalendar, tool: str, **arguments: Any) -> Any:
    spec = CATALOG.get(tool)
    assert spec is not None
    return await connector.call(tool, spec.args_model.model_validate(arguments))


def a_busy_thursday(fake: FakeGoogleCalendar) -> dict[str, str]:
    fake.events["review"] = {
        **fake._stamped("review"),
        "summary": "Pipeline review",
        "start": {"dateTime": "2026-03-05T14:00:00-05:00", "timeZone": "America/New_York"},
        "end": {"dateTime": "2026-03-05T15:00:00-05:00", "timeZone": "America/New_York"},
        "organizer": {"email": ME, "self": True},
    }
    return {
        "workingLocation": fake.status_entry("workingLocation", "Home", "2026-03-05", "2026-03-06"),
        "birthday": fake.status_entry("birthday", "Ann's birthday", "2026-03-05", "2026-03-06"),
        "focusTime": fake.status_entry("focusTime", "Focus time", f"{DAY}T09:00:00-05:00", f"{DAY}T11:00:00-05:00"),
        "outOfOffice": fake.status_entry("outOfOffice", "Away", f"{DAY}T16:00:00-05:00", f"{DAY}T18:00:00-05:00"),
    }  # fmt: skip


async def test_the_stand_in_lists_every_event_type_when_none_is_asked_for(google: Google) -> None:
    fake, _ = google
    a_busy_thursday(fake)
    listed = fake.instances(None, None)
    assert {e.get("eventType") for e in listed} == {
        "default",
        "workingLocation",
        "birthday",
        "focusTime",
        "outOfOffice",
    }


async def test_reads_list_meetings_and_appointments_only(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    a_busy_thursday(fake)
    found = await run(gcal, "fetch_calendar_events", **THURSDAY)
    assert [e["title"] for e in found] == ["Pipeline review"]
    (listed,) = fake.api_calls("calendar.events.list")
    assert [value for name, value in listed.pairs if name == "eventTypes"] == ["default", "fromGmail"]


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("workingLocation", "“Home” is a working-location entry"),
        ("birthday", "“Ann's birthday” is a birthday"),
        ("focusTime", "“Focus time” is focus time"),
        ("outOfOffice", "“Away” is an out-of-office entry"),
    ],
)
async def test_a_status_entry_is_not_changed_as_an_event(
    gcal: GoogleCalendar, google: Google, kind: str, said: str
) -> None:
    fake, _ = google
    entry = a_busy_thursday(fake)[kind]
    with pytest.raises(PermanentError, match=said):
        await run(gcal, "update_calendar_event", eventId=entry, startTime="2026-03-05T12:00:00-05:00")
    with pytest.raises(PermanentError, match="not a meeting or appointment"):
        await run(gcal, "delete_calendar_event", eventId=entry)
    assert fake.api_calls("calendar.events.patch") == fake.api_calls("calendar.events.delete") == []


async def test_an_occurrence_and_its_series_are_told_apart_on_the_card(gcal: GoogleCalendar, google: Google) -> None:
    fake, _ = google
    series = await run(
        gcal, "create_calendar_event", title="Standup", startTime="2026-03-02T09:30:00-05:00",
        durationMinutes=15, attendees=["ann@example.org"], recurrence="FREQ=WEEKLY;BYDAY=TH;COUNT=4",
    )  # fmt: skip
    (occurrence,) = await run(gcal, "fetch_calendar_events", **THURSDAY)
    assert occurrence["seriesId"] == series["id"] and occurrence["id"] != series["id"]
    assert occurrence["recurrence"] == "FREQ=WEEKLY;BYDAY=TH;COUNT=4"  # Google gives the rule to the series only
    move = {"eventId": occurrence["id"], "startTime": "2026-03-05T10:00:00-05:00"}
    one = describe("update_calendar_event", occurrence, move, NEW_YORK)
    assert "one occurrence of a weekly meeting; the others stay" in one.facts
    every = describe("update_calendar_event", series, {**move, "eventId": series["id"]}, NEW_YORK)
    assert "every occurrence of a weekly meeting" in every.facts
    assert len(fake.api_calls("calendar.events.get")) == 1  # the series' rule, read once
