"""The Google Calendar connector against the local Calendar v3 server passes the calendar contract suite (v1, v2)."""

import pytest

from integrations.base import Connector
from integrations.calendar.google import GoogleCalendar
from tests.integrations.calendar.google_fake import FakeGoogleCalendar
from tests.integrations.contract_suite import (
    CalendarContract,
    CalendarContractV2,
    CalendarContractV3,
    FreeSlotsContract,
)
from tests.integrations.contract_suite.calendar_v2 import Invite


@pytest.fixture
def connector(gcal: GoogleCalendar) -> Connector:
    return gcal


class TestGoogleCalendarContract(CalendarContract, CalendarContractV2, CalendarContractV3, FreeSlotsContract):
    @pytest.fixture
    def invite(self, google: tuple[FakeGoogleCalendar, str]) -> Invite:
        async def put(title: str, start: str, minutes: int) -> None:
            google[0].invitation(title, start, minutes)

        return put
