"""SMTP/IMAP passes the connector contract suite (v1 and v2), against aiosmtpd + Dovecot, with files shared in Slack
read from the Slack stand-in."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from integrations.base import Connector
from integrations.email.imap import ImapSmtpConnector
from tests.integrations.contract_suite import EmailContract, EmailContractV2, EmailContractV3
from tests.integrations.contract_suite.email_v2 import IncomingMail, SharedFiles
from tests.integrations.email.conftest import ACCOUNT, MailServers
from tests.integrations.email.imap_helpers import deliver
from tests.integrations.slack_file_source import slack_file_source


@pytest.fixture
async def shared_files() -> AsyncIterator[SharedFiles]:
    async with slack_file_source() as files:
        yield files


@pytest.fixture
def connector(mail_servers: MailServers, shared_files: SharedFiles) -> Connector:
    return ImapSmtpConnector(mail_servers.connector().account, files=shared_files.source)


@pytest.fixture
def incoming_mail(mail_servers: MailServers) -> IncomingMail:
    async def arrive(raw: bytes) -> None:
        await deliver(mail_servers, ACCOUNT, raw, datetime.now(UTC))

    return IncomingMail(ACCOUNT.address, arrive)


class TestImapSmtpContract(EmailContract, EmailContractV2, EmailContractV3):
    pass
