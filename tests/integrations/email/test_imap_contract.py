"""SMTP/IMAP passes the connector contract suite, against aiosmtpd + Dovecot."""

import pytest

from integrations.base import Connector
from tests.integrations.contract_suite import EmailContract, EmailContractV2
from tests.integrations.email.conftest import MailServers


@pytest.fixture
def connector(mail_servers: MailServers) -> Connector:
    return mail_servers.connector()


class TestImapSmtpContract(EmailContract, EmailContractV2):
    pass
