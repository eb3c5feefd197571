"""Recurring events expanded on our side (for servers that ignore CALDAV:expand) match Radicale's expansion."""

import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.calendar.caldav import CalDavCalendar
from integrations.calendar.caldav.ical import as_instant
from integrations.calendar.caldav.recurrence import read_object
from integrations.calendar.events import search_range, select
from tests.integrations.calendar.radicale import Radicale

NEW_YORK = ZoneInfo("America/New_York")
MARCH = FetchCalendarEventsArgs(start=datetime(2026, 3, 1, tzinfo=NEW_YORK), end=datetime(2026, 4, 1, tzinfo=NEW_YORK))
HEAD = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//x//EN
BEGIN:VTIMEZONE
TZID:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:20070311T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:20071104T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE
"""
SERIES = {
    "weekly, moved and excluded": """BEGIN:VEVENT
UID:w1
DTSTAMP:20260101T000000Z
DTSTART;TZID=America/New_York:20260302T100000
DTEND;TZID=America/New_York:20260302T103000
RRULE:FREQ=WEEKLY;COUNT=5
EXDATE;TZID=America/New_York:20260316T100000
SUMMARY:weekly
END:VEVENT
BEGIN:VEVENT
UID:w1
DTSTAMP:20260101T000000Z
RECURRENCE-ID;TZID=America/New_York:20260309T100000
DTSTART;TZID=America/New_York:20260310T150000
DTEND;TZID=America/New_York:20260310T153000
SUMMARY:weekly (moved)
END:VEVENT
""",
    "daily until, over the DST night": """BEGIN:VEVENT
UID:d1
DTSTAMP:20260101T000000Z
DTSTART;TZID=America/New_York:20260306T013000
DTEND;TZID=America/New_York:20260306T023000
RRULE:FREQ=DAILY;UNTIL=20260310T063000Z
SUMMARY:night
END:VEVENT
""",
    "all-day every other week with an extra date": """BEGIN:VEVENT
UID:a1
DTSTAMP:20260101T000000Z
DTSTART;VALUE=DATE:20260303
DTEND;VALUE=DATE:20260304
RRULE:FREQ=WEEKLY;INTERVAL=2
RDATE;VALUE=DATE:20260311
SUMMARY:all day
END:VEVENT
""",
    "all-day, weekly from the DST day": """BEGIN:VEVENT
UID:a2
DTSTAMP:20260101T000000Z
DTSTART;VALUE=DATE:20260308
DTEND;VALUE=DATE:20260309
RRULE:FREQ=WEEKLY;COUNT=3
SUMMARY:sunday
END:VEVENT
""",
    "floating, every weekday": """BEGIN:VEVENT
UID:f1
DTSTAMP:20260101T000000Z
DTSTART:20260326T090000
DURATION:PT15M
RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=4
SUMMARY:standup
END:VEVENT
""",
}


def shown(events: list[dict[str, object]]) -> list[tuple[object, ...]]:
    return [(e["id"], e["title"], e["startTime"], e["endTime"]) for e in events]


def expanded_by_radicale(radicale: Radicale, calendar_url: str) -> list[tuple[datetime, datetime, str]]:
    """Radicale's own expansion (``CALDAV:expand``) of the calendar in March, read with a raw REPORT."""
    span = 'start="20260301T050000Z" end="20260401T040000Z"'
    body = (
        '<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
        f"<D:prop><C:calendar-data><C:expand {span}/></C:calendar-data></D:prop>"
        f'<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range {span}/>'
        "</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>"
    )
    status, text = radicale.send("REPORT", calendar_url, body=body.encode(), Depth="1", Content_Type="application/xml")
    assert status == 207, text
    found = []
    for data in ET.fromstring(text).iter("{urn:ietf:params:xml:ns:caldav}calendar-data"):
        for event in Calendar.from_ical(data.text or "").walk("VEVENT"):
            start, end = (as_instant(event.decoded(name), NEW_YORK) for name in ("DTSTART", "DTEND"))
            found.append((start.astimezone(UTC), end.astimezone(UTC), str(event["SUMMARY"])))
    return sorted(found)


@pytest.mark.parametrize("name", [name for name in SERIES if not name.startswith("floating")])
async def test_our_expansion_matches_radicales(
    name: str, caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:
    text = f"{HEAD}{SERIES[name]}END:VCALENDAR\n"
    status, _ = radicale.send("PUT", f"{calendar_url}s.ics", body=text.encode(), Content_Type="text/calendar")
    assert status == 201
    ours = [(e.start.astimezone(UTC), e.end.astimezone(UTC), e.title) for e in await caldav.fetch(MARCH)]
    assert len(ours) >= 3 and ours == expanded_by_radicale(radicale, calendar_url)


async def test_a_floating_series_is_expanded_in_the_owners_zone(
    caldav: CalDavCalendar, radicale: Radicale, calendar_url: str
) -> None:  # Radicale's own expansion of this answers 500
    text = f"{HEAD}{SERIES['floating, every weekday']}END:VCALENDAR\n"
    status, _ = radicale.send("PUT", f"{calendar_url}s.ics", body=text.encode(), Content_Type="text/calendar")
    assert status == 201
    assert [(e.id, e.start.isoformat(), e.end.isoformat()) for e in await caldav.fetch(MARCH)] == [
        ("s.ics@20260326T130000Z", "2026-03-26T09:00:00-04:00", "2026-03-26T09:15:00-04:00"),
        ("s.ics@20260327T130000Z", "2026-03-27T09:00:00-04:00", "2026-03-27T09:15:00-04:00"),
        ("s.ics@20260330T130000Z", "2026-03-30T09:00:00-04:00", "2026-03-30T09:15:00-04:00"),
        ("s.ics@20260331T130000Z", "2026-03-31T09:00:00-04:00", "2026-03-31T09:15:00-04:00"),
    ]


def test_our_expansion_keeps_local_time_across_dst_and_applies_overrides() -> None:
    text = f"{HEAD}{SERIES['weekly, moved and excluded']}END:VCALENDAR\n"
    window = search_range(MARCH, datetime.now(NEW_YORK))
    events = select(read_object(text, "s.ics", window, NEW_YORK), MARCH, window, query=True)
    assert shown([event.shown(NEW_YORK) for event in events]) == [
        ("s.ics@20260302T150000Z", "weekly", "2026-03-02T10:00:00-05:00", "2026-03-02T10:30:00-05:00"),
        ("s.ics@20260309T140000Z", "weekly (moved)", "2026-03-10T15:00:00-04:00", "2026-03-10T15:30:00-04:00"),
        ("s.ics@20260323T140000Z", "weekly", "2026-03-23T10:00:00-04:00", "2026-03-23T10:30:00-04:00"),
        ("s.ics@20260330T140000Z", "weekly", "2026-03-30T10:00:00-04:00", "2026-03-30T10:30:00-04:00"),
    ]
