"""The CalDAV connector against a real Radicale server passes the calendar contract suite, unchanged."""

import pytest

from integrations.base import Connector
from integrations.calendar.caldav import CalDavCalendar
from tests.integrations.contract_suite import CalendarContract, FreeSlotsContract


@pytest.fixture
def connector(caldav: CalDavCalendar) -> Connector:
    return caldav


class TestCalDavContract(CalendarContract, FreeSlotsContract):
    pass
