"""The CalDAV connector against a real Radicale server passes the calendar contract suite (v1 and v2).

Radicale does not do CalDAV scheduling (RFC 6638): answering an invitation is refused there, and the suite's
check of an answer is replaced by a check of that refusal.
"""

import uuid
from datetime import UTC, datetime

import aiohttp
import pytest

from integrations.base import Connector, PermanentError
from integrations.calendar.caldav import CalDavCalendar
from tests.integrations.calendar.conftest import caldav_settings
from tests.integrations.calendar.radicale import Radicale
from tests.integrations.contract_suite import (
    CalendarContract,
    CalendarContractV2,
    CalendarContractV3,
    FreeSlotsContract,
    run,
)
from tests.integrations.contract_suite.calendar_v2 import MARCH, ORGANIZER, Invite

ME = "planbot@example.com"
INVITATION = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//another organiser//EN
METHOD:REQUEST
BEGIN:VEVENT
UID:{uid}
DTSTAMP:20260101T000000Z
DTSTART:{start}
DURATION:PT{minutes}M
SUMMARY:{title}
ORGANIZER;CN=Olga:mailto:{organizer}
ATTENDEE;PARTSTAT=ACCEPTED:mailto:{organizer}
ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:{me}
END:VEVENT
END:VCALENDAR
"""


@pytest.fixture
def connector(http: aiohttp.ClientSession, calendar_url: str) -> Connector:
    return CalDavCalendar.from_settings(http, caldav_settings(calendar_url, organizer=ME))


def put_invitation(radicale: Radicale, calendar_url: str, title: str, start: str, minutes: int) -> str:
    """An invitation as a scheduling server or a mail client would file it; its resource name."""
    uid = uuid.uuid4().hex
    stamp = datetime.fromisoformat(start).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    text = INVITATION.format(uid=uid, start=stamp, minutes=minutes, title=title, organizer=ORGANIZER, me=ME)
    body = text.replace("METHOD:REQUEST\n", "").replace("\n", "\r\n").encode()
    status, _ = radicale.send("PUT", f"{calendar_url}{uid}.ics", body=body, Content_Type="text/calendar")
    assert status == 201
    return f"{uid}.ics"


class TestCalDavContract(CalendarContract, CalendarContractV2, CalendarContractV3, FreeSlotsContract):
    @pytest.fixture
    def invite(self, radicale: Radicale, calendar_url: str) -> Invite:
        async def put(title: str, start: str, minutes: int) -> None:
            put_invitation(radicale, calendar_url, title, start, minutes)

        return put

    async def test_answering_an_invitation_sets_my_response(
        self, connector: Connector, invite: Invite, token: str
    ) -> None:
        """Radicale has no scheduling: the answer is refused, plainly, and nothing changes."""
        await invite(f"Board review {token}", "2026-03-12T14:00:00-04:00", 60)
        (found,) = await run(connector, "fetch_calendar_events", query=token, **MARCH)
        with pytest.raises(PermanentError, match="not supported by this server"):
            await run(connector, "respond_to_event", eventId=found["id"], response="accepted")
        assert await run(connector, "fetch_calendar_events", query=token, **MARCH) == [found]
