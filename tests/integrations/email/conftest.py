"""Real mail servers for the SMTP/IMAP tests, started once per test session on 127.0.0.1.

aiosmtpd accepts mail (AUTH required) and delivers local recipients into their Maildirs, which a throwaway Dovecot
serves over IMAP. Dovecot is installed from Debian when it is missing and this process may (root, apt-get).
Without it the tests are skipped, except with ``CI=true``: then a missing or failing server is a failure.
"""

import os
import ssl
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from integrations.email.gmail import GmailConnector, GmailSettings, connector_from
from integrations.email.imap import ImapSettings, ImapSmtpConnector, MailAccount, SmtpSettings
from tests.integrations.email import fake_gmail
from tests.integrations.email.dovecot import Dovecot, DovecotUnavailableError, MailUser, ensure_dovecot, running_dovecot
from tests.integrations.email.fake_gmail import FakeGmail
from tests.integrations.email.smtp_server import Credentials, Delivery, SmtpServer, running_smtp

ACCOUNT = MailUser("planbot", "planbot-secret", "planbot@example.com")
PRIYA = MailUser("priya", "priya-secret", "priya.shah@example.com")
SMTP_LOGIN = ("planbot-smtp", "smtp-secret")
NEW_YORK = "America/New_York"


@dataclass
class MailServers:
    dovecot: Dovecot
    smtp: SmtpServer
    smtp_starttls: SmtpServer
    smtp_tls: SmtpServer

    @property
    def delivery(self) -> Delivery:
        return self.smtp.delivery

    def imap_settings(self, user: MailUser = ACCOUNT, **overrides: Any) -> ImapSettings:
        values: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": self.dovecot.port,
            "security": "none",
            "username": user.login,
            "password": user.password,
            "timezone": NEW_YORK,
            "timeout_seconds": 5,
        }
        return ImapSettings(_env_file=None, **{**values, **overrides})

    def smtp_settings(self, user: MailUser = ACCOUNT, **overrides: Any) -> SmtpSettings:
        values: dict[str, Any] = {
            "host": "127.0.0.1",
            "port": self.smtp.port,
            "security": "none",
            "username": SMTP_LOGIN[0],
            "password": SMTP_LOGIN[1],
            "from_address": user.address,
            "timeout_seconds": 5,
        }
        return SmtpSettings(_env_file=None, **{**values, **overrides})

    def connector(
        self, user: MailUser = ACCOUNT, *, smtp: dict[str, Any] | None = None, **imap_overrides: Any
    ) -> ImapSmtpConnector:
        imap_settings = self.imap_settings(user, **imap_overrides)
        account = MailAccount.from_settings(imap_settings, self.smtp_settings(user, **(smtp or {})))
        return ImapSmtpConnector(account)

    def environment(self) -> dict[str, str]:
        """The variables that point planbot at these servers (``PLANBOT_EMAIL=imap``)."""
        return {
            "PLANBOT_EMAIL": "imap",
            "PLANBOT_OWNER": "you",  # the terminal chat's user: the environment's mailbox is theirs
            "PLANBOT_IMAP_HOST": "127.0.0.1",
            "PLANBOT_IMAP_PORT": str(self.dovecot.port),
            "PLANBOT_IMAP_SECURITY": "none",
            "PLANBOT_IMAP_USERNAME": ACCOUNT.login,
            "PLANBOT_IMAP_PASSWORD": ACCOUNT.password,
            "PLANBOT_SMTP_HOST": "127.0.0.1",
            "PLANBOT_SMTP_PORT": str(self.smtp.port),
            "PLANBOT_SMTP_SECURITY": "none",
            "PLANBOT_SMTP_USERNAME": SMTP_LOGIN[0],
            "PLANBOT_SMTP_PASSWORD": SMTP_LOGIN[1],
            "PLANBOT_SMTP_FROM_ADDRESS": ACCOUNT.address,
            "PLANBOT_SMTP_FROM_NAME": "Planbot Tester",
        }


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs the mail servers: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def mail_servers() -> Iterator[MailServers]:
    try:
        ensure_dovecot()
    except DovecotUnavailableError as error:
        _unavailable(str(error))
    users = (ACCOUNT, PRIYA)
    with running_dovecot(users) as dovecot:
        delivery = Delivery(
            maildir_for=lambda address: dovecot.maildir(u.login) if (u := dovecot.user_for(address)) else None,
            owner=dovecot.owner,
        )
        credentials = Credentials(*SMTP_LOGIN)
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(dovecot.certificate, dovecot.key)
        with (
            running_smtp(delivery, credentials) as smtp,
            running_smtp(delivery, credentials, starttls=tls) as smtp_starttls,
            running_smtp(delivery, credentials, implicit_tls=tls) as smtp_tls,
        ):
            yield MailServers(dovecot, smtp, smtp_starttls, smtp_tls)


@dataclass
class GmailRig:
    """The fake Gmail, served, and a connector (built as ``connect`` builds it) pointed at it."""

    fake: FakeGmail
    base_url: str
    session: aiohttp.ClientSession

    def settings(self, **overrides: Any) -> GmailSettings:
        values: dict[str, Any] = {
            "client_id": fake_gmail.CLIENT[0],
            "client_secret": fake_gmail.CLIENT[1],
            "refresh_token": fake_gmail.REFRESH_TOKEN,
            "api_url": f"{self.base_url}/gmail/v1",
            "token_url": f"{self.base_url}/token",
            "timezone": NEW_YORK,
            "timeout_seconds": 5,
        }
        return GmailSettings(_env_file=None, **{**values, **overrides})

    def connector(self, **overrides: Any) -> GmailConnector:
        return connector_from(self.settings(**overrides), self.session)


@pytest.fixture
async def gmail() -> AsyncIterator[GmailRig]:
    fake = FakeGmail()
    async with fake_gmail.serving(fake) as base_url, aiohttp.ClientSession() as session:
        yield GmailRig(fake, base_url, session)
