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
Tests of tools the connector does not offer are skipped, and calling such a tool must be refused.

v2 (contract v2): checks of the new tools (``forward_email``, ``respond_to_event``) are part of the classes above
and run for every connector that offers the tool. Checks of the new arguments and result fields of the existing
tools (attachments, ``includeBody``, ``replyAll``, every-word queries, recurrence, attendee changes, shifts,
notes, tasks, date filters) are in ``EmailContractV2``, ``CalendarContractV2`` and ``CrmContractV2``: a connector
that implements v2 inherits them next to the v1 class. ``ConnectorContract`` holds everything.

v3 (contract v3): drafts, read/unread, archive, optional attendees, meeting links, calendars, activities, a deal's
contacts and a contact's account are in ``EmailContractV3``, ``CalendarContractV3`` and ``CrmContractV3``.

Free-slot semantics checked here: free time is the window ∩ working hours minus busy events (the user's and the
attendees'), returned as consecutive slots of exactly ``durationMinutes`` from the start of each free interval.
"""

from tests.integrations.contract_suite.calendar import CalendarContract
from tests.integrations.contract_suite.calendar_v2 import CalendarContractV2
from tests.integrations.contract_suite.crm import CrmContract
from tests.integrations.contract_suite.crm_v2 import CrmContractV2
from tests.integrations.contract_suite.email import EmailContract
from tests.integrations.contract_suite.email_v2 import EmailContractV2
from tests.integrations.contract_suite.everyday_v3 import CalendarContractV3, CrmContractV3, EmailContractV3
from tests.integrations.contract_suite.free_slots import FreeSlotsContract
from tests.integrations.contract_suite.helpers import at, instant, refused, run, slots_of
from tests.integrations.contract_suite.summarize import SummarizeContract


class ConnectorContract(
    EmailContract,
    EmailContractV2,
    CrmContract,
    CrmContractV2,
    CalendarContract,
    CalendarContractV2,
    FreeSlotsContract,
    SummarizeContract,
    EmailContractV3,
    CalendarContractV3,
    CrmContractV3,
):
    """Inherit it as ``Test...`` and provide the ``connector`` fixture: every check, v1, v2 and v3."""


__all__ = [
    "CalendarContract",
    "CalendarContractV2",
    "CalendarContractV3",
    "ConnectorContract",
    "CrmContract",
    "CrmContractV2",
    "CrmContractV3",
    "EmailContract",
    "EmailContractV2",
    "EmailContractV3",
    "FreeSlotsContract",
    "SummarizeContract",
    "at",
    "instant",
    "refused",
    "run",
    "slots_of",
]
