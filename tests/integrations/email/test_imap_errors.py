"""SMTP/IMAP failures land in the connector error tree; TLS is verified; nothing private reaches the logs."""

import asyncio
import logging
from collections.abc import AsyncIterator

import pytest

from integrations.base import AuthError, NotFoundError, PartlyDoneError, PermanentError, TransientError
from integrations.email.imap import ImapSmtpConnector
from integrations.outbound import ServerPolicy
from planning.engine.runner import describe_failure
from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import ACCOUNT, PRIYA, MailServers
from tests.integrations.email.dovecot import free_port
from tests.integrations.email.imap_helpers import stored_messages, token


@pytest.fixture
async def silent_port() -> AsyncIterator[int]:
    """A server that accepts connections and never says a word."""

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()
        writer.close()

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    yield server.sockets[0].getsockname()[1]
    server.close()


async def test_a_wrong_imap_password_is_an_auth_error(mail_servers: MailServers) -> None:
    with pytest.raises(AuthError, match="refused the username or password"):
        await run(mail_servers.connector(password="wrong"), "fetch_emails", subject="x")


async def test_a_wrong_smtp_password_is_an_auth_error_and_nothing_is_sent(mail_servers: MailServers) -> None:
    before = len(mail_servers.delivery.received)
    connector = mail_servers.connector(smtp={"password": "wrong"})
    with pytest.raises(AuthError):
        await run(connector, "send_email", to=[PRIYA.address], subject="x", body="y")
    assert len(mail_servers.delivery.received) == before


async def test_servers_that_cannot_be_reached_or_do_not_answer_are_transient(
    mail_servers: MailServers, silent_port: int
) -> None:
    closed = free_port()
    with pytest.raises(TransientError, match="could not be reached"):
        await run(mail_servers.connector(port=closed), "fetch_emails", subject="x")
    with pytest.raises(TransientError, match="did not answer in time"):
        await run(mail_servers.connector(port=silent_port, timeout_seconds=0.3), "fetch_emails", subject="x")
    with pytest.raises(TransientError, match="could not be reached"):
        await run(
            mail_servers.connector(smtp={"port": closed}), "send_email", to=[PRIYA.address], subject="x", body="y"
        )
    with pytest.raises(TransientError):
        silent = {"port": silent_port, "timeout_seconds": 0.3}
        await run(mail_servers.connector(smtp=silent), "send_email", to=[PRIYA.address], subject="x", body="y")


async def test_refused_recipients_are_permanent_or_transient_by_reply_code(mail_servers: MailServers) -> None:
    connector = mail_servers.connector()
    with pytest.raises(PermanentError, match=r"refused every recipient \(\[550\]\)"):
        await run(connector, "send_email", to=["refuse-550@example.net"], subject="x", body="y")
    with pytest.raises(TransientError, match=r"\[451\]"):
        await run(connector, "send_email", to=["refuse-451@example.net"], subject="x", body="y")


async def test_a_send_some_recipients_were_refused_is_partly_failed_naming_them(mail_servers: MailServers) -> None:
    tag = token()
    with pytest.raises(PartlyDoneError) as raised:
        await run(mail_servers.connector(), "send_email", to=["refuse-550@example.net", PRIYA.address], subject=tag,
                  body="y")  # fmt: skip
    told = describe_failure(raised.value).message
    assert told.startswith("partly failed: the email went to 1 of 2 recipients; the mail server refused ")
    assert "refuse-550@example.net (550 5.1.1 No such user here)" in told
    assert raised.value.not_reached == ["refuse-550@example.net"]
    (arrived,) = await stored_messages(mail_servers, PRIYA, "INBOX", tag)
    assert arrived.headers["Message-ID"] == f"<{raised.value.result['id']}>"
    assert len(await stored_messages(mail_servers, ACCOUNT, "Sent", tag)) == 1  # kept, as it did go out


async def test_the_email_is_sent_even_when_its_sent_copy_cannot_be_stored(
    mail_servers: MailServers, caplog: pytest.LogCaptureFixture
) -> None:
    tag = token()
    connector = mail_servers.connector(password="wrong")
    with caplog.at_level(logging.WARNING):
        sent = await run(connector, "send_email", to=[PRIYA.address], subject=tag, body="y")
    (arrived,) = await stored_messages(mail_servers, PRIYA, "INBOX", tag)
    assert arrived.headers["Message-ID"] == f"<{sent['id']}>"
    assert await stored_messages(mail_servers, ACCOUNT, "Sent", tag) == []
    assert "no copy could be kept in the sent folder" in caplog.text


async def test_unknown_or_stale_ids_are_not_found(mail_servers: MailServers) -> None:
    connector = mail_servers.connector()
    for message_id in ("nobody@nowhere.invalid", 'x" ALL "', "imap:1:1:INBOX", "imap:x:y:INBOX", "imap:1:1:No such"):
        with pytest.raises(NotFoundError):
            await run(connector, "reply_email", messageId=message_id, body="x")


async def test_tls_and_starttls_are_verified_against_the_configured_ca(mail_servers: MailServers) -> None:
    tag = token()
    ca = mail_servers.dovecot.certificate
    tls = {"security": "tls", "ca_file": ca, "port": mail_servers.smtp_tls.port}
    connector = mail_servers.connector(security="tls", port=mail_servers.dovecot.tls_port, ca_file=ca, smtp=tls)
    sent = await run(connector, "send_email", to=[PRIYA.address], subject=f"tls {tag}", body="x")
    starttls = {"security": "starttls", "ca_file": ca, "port": mail_servers.smtp_starttls.port}
    connector = mail_servers.connector(security="starttls", ca_file=ca, smtp=starttls)
    again = await run(connector, "send_email", to=[PRIYA.address], subject=f"starttls {tag}", body="x")
    assert [e["id"] for e in await run(connector, "fetch_emails", subject=tag)] == [again["id"], sent["id"]]

    untrusted = mail_servers.connector(security="tls", port=mail_servers.dovecot.tls_port)
    with pytest.raises(PermanentError, match="certificate was not trusted"):
        await run(untrusted, "fetch_emails", subject=tag)
    untrusted = mail_servers.connector(smtp={"security": "starttls", "port": mail_servers.smtp_starttls.port})
    with pytest.raises(PermanentError, match="certificate could not be verified"):
        await run(untrusted, "send_email", to=[PRIYA.address], subject="x", body="x")


async def test_a_persons_server_reached_at_its_checked_address_still_verifies_tls(mail_servers: MailServers) -> None:
    """A person's server (``servers`` given) is reached over a socket connected to the address checked; TLS and
    STARTTLS still verify the certificate for the server's name."""
    allowed = ServerPolicy.allowing(["127.0.0.1"])
    tag = token()
    ca = mail_servers.dovecot.certificate
    tls = {"security": "tls", "ca_file": ca, "port": mail_servers.smtp_tls.port}
    account = mail_servers.connector(security="tls", port=mail_servers.dovecot.tls_port, ca_file=ca, smtp=tls).account
    sent = await run(
        ImapSmtpConnector(account, servers=allowed), "send_email", to=[PRIYA.address], subject=tag, body="x"
    )
    starttls = {"security": "starttls", "ca_file": ca, "port": mail_servers.smtp_starttls.port}
    account = mail_servers.connector(security="starttls", ca_file=ca, smtp=starttls).account
    found = await run(ImapSmtpConnector(account, servers=allowed), "fetch_emails", subject=tag)
    assert [e["id"] for e in found] == [sent["id"]]

    untrusted = mail_servers.connector(security="tls", port=mail_servers.dovecot.tls_port).account
    with pytest.raises(PermanentError, match="certificate was not trusted"):
        await run(ImapSmtpConnector(untrusted, servers=allowed), "fetch_emails", subject=tag)
    untrusted = mail_servers.connector(smtp={"security": "starttls", "port": mail_servers.smtp_starttls.port}).account
    with pytest.raises(PermanentError, match="certificate could not be verified"):
        await run(
            ImapSmtpConnector(untrusted, servers=allowed), "send_email", to=[PRIYA.address], subject="x", body="x"
        )


async def test_no_password_subject_or_body_reaches_the_logs(
    mail_servers: MailServers, caplog: pytest.LogCaptureFixture
) -> None:
    tag = token()
    body = f"Secret body {tag}"
    connector = mail_servers.connector()
    with caplog.at_level(logging.DEBUG):
        with pytest.raises(PartlyDoneError) as partly:
            await run(connector, "send_email", to=[PRIYA.address, "refuse-550@example.net"], subject=tag, body=body)
        sent = partly.value.result
        await run(connector, "fetch_emails", query=tag)
        with pytest.raises(PartlyDoneError):  # to the same two
            await run(connector, "reply_email", messageId=sent["id"], body=body)
        with pytest.raises(AuthError):
            await run(mail_servers.connector(password="wrong-secret-pw"), "fetch_emails", subject=tag)
    ours = [r for r in caplog.records if r.name != "mail.log"]  # mail.log is the test's own SMTP server
    logged = "".join(f"{r.getMessage()} {r.args}" for r in ours)
    assert "sent an email to 2 recipient(s)" in logged
    for private in (tag, ACCOUNT.password, "wrong-secret-pw", "smtp-secret"):
        assert private not in logged
