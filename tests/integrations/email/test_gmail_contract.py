"""The Gmail connector passes the connector contract suite (v1 and v2), against the local fake of the Gmail v1 API."""

import pytest

from integrations.base import Connector
from tests.integrations.contract_suite import EmailContract, EmailContractV2
from tests.integrations.contract_suite.email_v2 import IncomingMail
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail import ACCOUNT


@pytest.fixture
def connector(gmail: GmailRig) -> Connector:
    return gmail.connector()


@pytest.fixture
def incoming_mail(gmail: GmailRig) -> IncomingMail:
    async def arrive(raw: bytes) -> None:
        gmail.fake.deliver(raw)

    return IncomingMail(ACCOUNT, arrive)


class TestGmailContract(EmailContract, EmailContractV2):
    pass
