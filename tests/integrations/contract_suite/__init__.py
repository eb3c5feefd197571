"""The connector contract suite: what every connector must do with the tools of contract §3.

Use it from a test module of a connector (the local workspace, later Gmail/IMAP, CalDAV, HubSpot...)::

    @pytest.fixture
    def connector(tmp_path): ...  # yield a fresh connector

    class TestMyConnector(ConnectorContract):
        pass

The ``connector`` fixture must yield, for each test, a connector that:
- works in America/New_York with working hours 09:00-17:00, Monday to Friday;
- has no calendar event between 2026-03-01 and 2026-03-15 except those the test creates;
- may hold any other mail and CRM data: tests tag what they create with a unique token.
Tests of tools the connector does not offer are skipped.

Free-slot semantics checked here: free time is the window ∩ working hours minus busy events (the user's and the
attendees'), returned as consecutive slots of exactly ``durationMinutes`` from the start of each free interval.
"""

from tests.integrations.contract_suite.calendar import CalendarContract
from tests.integrations.contract_suite.crm import CrmContract
from tests.integrations.contract_suite.email import EmailContract
from tests.integrations.contract_suite.free_slots import FreeSlotsContract
from tests.integrations.contract_suite.helpers import at, instant, run, slots_of
from tests.integrations.contract_suite.summarize import SummarizeContract


class ConnectorContract(EmailContract, CrmContract, CalendarContract, FreeSlotsContract, SummarizeContract):
    """Inherit it as ``Test...`` and provide the ``connector`` fixture."""


__all__ = [
    "CalendarContract",
    "ConnectorContract",
    "CrmContract",
    "EmailContract",
    "FreeSlotsContract",
    "SummarizeContract",
    "at",
    "instant",
    "run",
    "slots_of",
]
