"""The Gmail connector passes the connector contract suite, against the local fake of the Gmail v1 API."""

import pytest

from integrations.base import Connector
from tests.integrations.contract_suite import EmailContract, EmailContractV2
from tests.integrations.email.conftest import GmailRig


@pytest.fixture
def connector(gmail: GmailRig) -> Connector:
    return gmail.connector()


class TestGmailContract(EmailContract, EmailContractV2):
    pass
