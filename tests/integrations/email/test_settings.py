"""Each connector reads its own settings from the environment; ``bot.connectors`` finds its ``connect``."""

import aiohttp
import pytest

from bot.connectors import factory
from integrations.base import Connector
from integrations.email import gmail, imap
from integrations.email.gmail import GmailConnector
from integrations.email.imap import ImapSettings, ImapSmtpConnector, SmtpSettings
from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail import CLIENT, REFRESH_TOKEN


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    import os

    for name in list(os.environ):
        if name.startswith("PLANBOT_") or name == "TZ":
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)  # type: ignore[arg-type]  # no .env here


def test_ports_follow_the_security_mode() -> None:
    imap_tls = ImapSettings(host="h", username="u", password="p")
    assert (imap_tls.security, imap_tls.effective_port) == ("tls", 993)
    assert ImapSettings(host="h", username="u", password="p", security="starttls").effective_port == 143
    assert ImapSettings(host="h", username="u", password="p", port=1143).effective_port == 1143
    assert SmtpSettings(host="h").effective_port == 587
    assert SmtpSettings(host="h", security="tls").effective_port == 465
    assert SmtpSettings(host="h", security="none").effective_port == 25


async def test_the_imap_connector_is_configured_by_environment_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {
        "PLANBOT_IMAP_HOST": "imap.example.com",
        "PLANBOT_IMAP_USERNAME": "me@example.com",
        "PLANBOT_IMAP_PASSWORD": "hunter2",
        "PLANBOT_IMAP_SENT_FOLDER": "Sent Items",
        "PLANBOT_SMTP_HOST": "smtp.example.com",
        "PLANBOT_SMTP_FROM_NAME": "Me",
        "PLANBOT_TIMEZONE": "Europe/Paris",
    }.items():
        monkeypatch.setenv(name, value)
    async with aiohttp.ClientSession() as session:
        connector = await factory("email", "imap")(session)
    assert isinstance(connector, ImapSmtpConnector) and isinstance(connector, Connector)
    assert connector.name == "imap"
    assert connector.tools == {
        "fetch_emails",
        "send_email",
        "reply_email",
        "forward_email",
        "create_draft",
        "update_email",
    }
    account = connector.account
    assert (account.imap.host, account.imap.effective_port, account.imap.sent_folder) == (
        "imap.example.com",
        993,
        "Sent Items",
    )
    assert (account.sender.address, account.sender.name, str(account.zone)) == ("me@example.com", "Me", "Europe/Paris")
    assert "hunter2" not in repr(account.imap)


async def test_missing_or_wrong_settings_name_the_variables_never_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANBOT_IMAP_PASSWORD", "hunter2")
    monkeypatch.setenv("PLANBOT_IMAP_PORT", "not-a-port-hunter3")
    monkeypatch.setenv("PLANBOT_TIMEZONE", "Mars/Olympus")
    async with aiohttp.ClientSession() as session:
        with pytest.raises(ValueError) as raised:
            await imap.connect(session)
    message = str(raised.value)
    for variable in ("PLANBOT_IMAP_HOST", "PLANBOT_IMAP_PORT", "PLANBOT_IMAP_USERNAME", "PLANBOT_TIMEZONE"):
        assert variable in message
    assert "hunter" not in message
    monkeypatch.setenv("PLANBOT_IMAP_HOST", "h")
    monkeypatch.setenv("PLANBOT_IMAP_PORT", "993")
    monkeypatch.setenv("PLANBOT_IMAP_USERNAME", "not-an-address")
    monkeypatch.setenv("PLANBOT_SMTP_HOST", "s")
    monkeypatch.delenv("PLANBOT_TIMEZONE")
    with pytest.raises(ValueError, match="PLANBOT_SMTP_FROM_ADDRESS"):
        await imap.connect(session)


async def test_the_gmail_connector_is_configured_by_environment_variables(
    gmail: GmailRig, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in {
        "PLANBOT_GMAIL_CLIENT_ID": CLIENT[0],
        "PLANBOT_GMAIL_CLIENT_SECRET": CLIENT[1],
        "PLANBOT_GMAIL_REFRESH_TOKEN": REFRESH_TOKEN,
        "PLANBOT_GMAIL_API_URL": f"{gmail.base_url}/gmail/v1",
        "PLANBOT_GMAIL_TOKEN_URL": f"{gmail.base_url}/token",
        "TZ": "Asia/Tokyo",
    }.items():
        monkeypatch.setenv(name, value)
    connector = await factory("email", "gmail")(gmail.session)
    assert isinstance(connector, GmailConnector) and connector.name == "gmail"
    sent = await run(connector, "send_email", to=["ann@example.org"], subject="Hello", body="x")
    (found,) = await run(connector, "fetch_emails", subject="Hello")
    assert found["id"] == sent["id"] and found["date"].endswith("+09:00")
    monkeypatch.delenv("PLANBOT_GMAIL_REFRESH_TOKEN")
    with pytest.raises(ValueError, match="PLANBOT_GMAIL_REFRESH_TOKEN: Field required"):
        await gmail_connect(gmail)


async def gmail_connect(rig: GmailRig) -> Connector:
    return await gmail.connect(rig.session)


def test_without_dovecot_the_mail_tests_fail_under_ci_and_are_skipped_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.integrations.email.conftest import _unavailable

    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI needs the mail servers: no dovecot"):
        _unavailable("no dovecot")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no dovecot"):
        _unavailable("no dovecot")
