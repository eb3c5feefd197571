"""The Google Calendar connector against the local Calendar v3 server passes the calendar contract suite."""

import pytest

from integrations.base import Connector
from integrations.calendar.google import GoogleCalendar
from tests.integrations.contract_suite import CalendarContract, FreeSlotsContract


@pytest.fixture
def connector(gcal: GoogleCalendar) -> Connector:
    return gcal


class TestGoogleCalendarContract(CalendarContract, FreeSlotsContract):
    pass
