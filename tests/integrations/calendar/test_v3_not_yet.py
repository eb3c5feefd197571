"""Calendar connectors that do not honour contract v3's event arguments yet refuse them, whole, before any call:
a card that promised a meeting link or an optional guest never turns into an event without them."""

import pytest

from integrations.base import PermanentError
from integrations.calendar.google import GoogleCalendar
from tests.integrations.calendar.google_fake import FakeGoogleCalendar
from tests.integrations.calendar.test_google_v2 import MARCH, run


@pytest.mark.parametrize(
    "extra",
    [{"onlineMeeting": True}, {"optionalAttendees": ["tom@example.org"]}, {"calendarId": "team@group.calendar"}],
)
async def test_google_refuses_v3_event_arguments_and_creates_nothing(
    gcal: GoogleCalendar, google: tuple[FakeGoogleCalendar, str], extra: dict[str, object]
) -> None:
    fake, _ = google
    with pytest.raises(PermanentError, match=r"does not support .* yet: nothing was changed"):
        await run(
            gcal,
            "create_calendar_event",
            title="Sync",
            startTime="2026-03-05T10:00:00-05:00",
            durationMinutes=30,
            **extra,
        )
    assert await run(gcal, "fetch_calendar_events", **MARCH) == []
    assert fake.events == {}
