"""The Gmail connector passes the connector contract suite (v1 and v2), against the local fake of the Gmail v1 API,
with files shared in Slack read from the Slack stand-in."""

from collections.abc import AsyncIterator

import pytest

from integrations.base import Connector
from integrations.email.gmail import connector_from
from tests.integrations.contract_suite import EmailContract, EmailContractV2, EmailContractV3
from tests.integrations.contract_suite.email_v2 import IncomingMail, SharedFiles
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail import ACCOUNT
from tests.integrations.slack_file_source import slack_file_source


@pytest.fixture
async def shared_files() -> AsyncIterator[SharedFiles]:
    async with slack_file_source() as files:
        yield files


@pytest.fixture
def connector(gmail: GmailRig, shared_files: SharedFiles) -> Connector:
    return connector_from(gmail.settings(), gmail.session, files=shared_files.source)


@pytest.fixture
def incoming_mail(gmail: GmailRig) -> IncomingMail:
    async def arrive(raw: bytes) -> None:
        gmail.fake.deliver(raw)

    return IncomingMail(ACCOUNT, arrive)


class TestGmailContract(EmailContract, EmailContractV2, EmailContractV3):
    pass
