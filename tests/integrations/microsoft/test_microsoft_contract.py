"""The Microsoft 365 connectors pass the shared contract suites against the Graph stand-in: mail (v1 and v2, received
mail included) and calendar (v1 and v2 with invitations, free slots)."""

from collections.abc import AsyncIterator
from datetime import datetime

import pytest

from integrations.base import Connector
from integrations.microsoft import mail_from
from tests.integrations.contract_suite import (
    CalendarContract,
    CalendarContractV2,
    CalendarContractV3,
    EmailContract,
    EmailContractV2,
    EmailContractV3,
    FreeSlotsContract,
)
from tests.integrations.contract_suite.calendar_v2 import ORGANIZER, Invite
from tests.integrations.contract_suite.email_v2 import SharedFiles
from tests.integrations.microsoft.conftest import GraphRig
from tests.integrations.microsoft.fake_graph import ME
from tests.integrations.slack_file_source import slack_file_source


class TestOutlookMailContract(EmailContract, EmailContractV2, EmailContractV3):
    @pytest.fixture
    async def shared_files(self) -> AsyncIterator[SharedFiles]:
        async with slack_file_source() as files:
            yield files

    @pytest.fixture
    def connector(self, microsoft: GraphRig, shared_files: SharedFiles) -> Connector:
        return mail_from(microsoft.settings(), microsoft.session, files=shared_files.source)

    @pytest.fixture
    def incoming_mail(self, microsoft: GraphRig) -> object:
        from tests.integrations.contract_suite.email_v2 import IncomingMail  # the suite's checks of received mail

        async def deliver(raw: bytes) -> None:
            microsoft.mailbox.deliver_raw(raw)

        return IncomingMail(me=ME, deliver=deliver)


class TestOutlookCalendarContract(CalendarContract, CalendarContractV2, CalendarContractV3, FreeSlotsContract):
    @pytest.fixture
    def connector(self, microsoft: GraphRig) -> Connector:
        return microsoft.calendar_connector()

    @pytest.fixture
    def invite(self, microsoft: GraphRig) -> Invite:
        async def invite(title: str, start: str, minutes: int) -> None:
            microsoft.calendar.invite(
                subject=title, start=datetime.fromisoformat(start), minutes=minutes, organizer=ORGANIZER
            )

        return invite
