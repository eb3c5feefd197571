"""SMTP/IMAP passes the connector contract suite (v1 and v2), against aiosmtpd + Dovecot."""

from datetime import UTC, datetime

import pytest

from integrations.base import Connector
from tests.integrations.contract_suite import EmailContract, EmailContractV2
from tests.integrations.contract_suite.email_v2 import IncomingMail
from tests.integrations.email.conftest import ACCOUNT, MailServers
from tests.integrations.email.imap_helpers import deliver


@pytest.fixture
def connector(mail_servers: MailServers) -> Connector:
    return mail_servers.connector()


@pytest.fixture
def incoming_mail(mail_servers: MailServers) -> IncomingMail:
    async def arrive(raw: bytes) -> None:
        await deliver(mail_servers, ACCOUNT, raw, datetime.now(UTC))

    return IncomingMail(ACCOUNT.address, arrive)


class TestImapSmtpContract(EmailContract, EmailContractV2):
    pass
