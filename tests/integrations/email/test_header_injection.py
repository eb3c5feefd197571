"""No header injection through either connector: a reply to an email whose headers decode to line breaks (RFC 2047
encoded words, also nested ones), and a send with a subject or a name holding them, carry exactly the headers and
the recipients meant. What is checked is the message as it left: the bytes aiosmtpd received, the raw RFC 822 the
fake Gmail received, parsed with the email package."""

import base64
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses

import pytest

from integrations.base import PermanentError
from planning.engine.runner import describe_failure
from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import ACCOUNT, PRIYA, GmailRig, MailServers
from tests.integrations.email.fake_gmail import ACCOUNT as GMAIL_ACCOUNT
from tests.integrations.email.imap_helpers import deliver, token

EVIL = "attacker@evil.example"
WRITTEN = {
    "from", "to", "subject", "date", "message-id", "in-reply-to", "references",
    "content-type", "content-transfer-encoding", "mime-version",
}  # fmt: skip


def _nested(encoded_word: str) -> str:
    """An encoded word whose text is ``encoded_word``: decoded once by the reader, once more by the email package."""
    return f"=?utf-8?b?{base64.b64encode(encoded_word.encode()).decode()}?="


def _original(tag: str, vector: str) -> tuple[bytes, str]:
    """The malicious email (CRLF line ends) and the References the reply must carry."""
    sender = "Priya Shah <priya.shah@example.com>"
    subject = f"Quarterly numbers {tag}"
    references = f"<root-{tag}@example.com>"
    if vector == "subject":
        subject = f"=?utf-8?q?Quarterly_numbers_{tag}=0D=0ABcc:_{EVIL}?="
    elif vector == "nested subject":
        subject = _nested(f"=?utf-8?q?Quarterly_numbers_{tag}=0D=0ABcc:_{EVIL}?=")
    elif vector == "line separator":
        subject = f"=?utf-8?q?Quarterly_numbers_{tag}=E2=80=A8Bcc:_{EVIL}?="
    elif vector == "display name":
        sender = f"=?utf-8?q?Priya_Shah=0D=0ABcc:_{EVIL}?= <priya.shah@example.com>"
    elif vector == "references":
        references += f" <x{_nested(f'=?utf-8?q?=0D=0ABcc:_{EVIL}=0D=0AX-Note:_?=')}@evil.example>"
    headers = [
        f"From: {sender}",
        f"To: {ACCOUNT.address}",
        f"Subject: {subject}",
        "Date: Mon, 02 Mar 2026 09:00:00 -0500",
        f"Message-ID: <orig-{tag}@example.com>",
        f"References: {references}",
        "Content-Type: text/plain; charset=utf-8",
        "MIME-Version: 1.0",
    ]
    expected_references = f"<root-{tag}@example.com> <orig-{tag}@example.com>"
    return "\r\n".join([*headers, "", "See attached.", ""]).encode(), expected_references


VECTORS = ["subject", "nested subject", "line separator", "references"]


def assert_one_line_headers(message: EmailMessage, names: set[str]) -> None:
    """Only the headers we write, each on one line, and none naming the attacker but in a subject or name's text."""
    assert sorted(name.lower() for name in message) == sorted(names)
    for name, value in message.items():
        assert "\r" not in value and "\n" not in value, name
        assert EVIL not in value or name in ("Subject", "From"), name


def assert_safe_reply(
    message: EmailMessage, recipients: list[str], tag: str, references: str, names: set[str] = WRITTEN
) -> None:
    assert_one_line_headers(message, names)
    assert "Bcc" not in message
    assert recipients == [PRIYA.address]
    assert message["To"] == PRIYA.address
    assert "Quarterly numbers" in message["Subject"] and tag in message["Subject"]
    assert message["Subject"].startswith("Re: ")
    assert message["In-Reply-To"] == f"<orig-{tag}@example.com>"
    assert message["References"] == references


def _parsed(raw: bytes) -> EmailMessage:
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    return message


def _gmail_recipients(message: EmailMessage) -> list[str]:
    """Whom Gmail sends to: every address of To, Cc and Bcc."""
    values = [str(value) for name in ("To", "Cc", "Bcc") for value in message.get_all(name, [])]
    return [address for _name, address in getaddresses(values) if address]


@pytest.mark.parametrize("vector", VECTORS)
async def test_a_reply_over_smtp_carries_only_the_headers_and_recipients_meant(
    mail_servers: MailServers, vector: str
) -> None:
    tag = token()
    raw, references = _original(tag, vector)
    await deliver(mail_servers, ACCOUNT, raw, _parsed(raw)["Date"].datetime)

    await run(mail_servers.connector(), "reply_email", messageId=f"orig-{tag}@example.com", body="Numbers attached.")

    (sent,) = [e for e in mail_servers.delivery.received if f"<orig-{tag}@example.com>".encode() in e.content]
    message = _parsed(sent.content)
    assert_safe_reply(message, list(sent.recipients), tag, references)
    assert message["From"] == ACCOUNT.address


@pytest.mark.parametrize("vector", VECTORS)
async def test_a_reply_through_gmail_carries_only_the_headers_and_recipients_meant(
    gmail: GmailRig, vector: str
) -> None:
    tag = token()
    raw, references = _original(tag, vector)
    original = gmail.fake.deliver(raw)

    await run(gmail.connector(), "reply_email", messageId=original, body="Numbers attached.")

    (request,) = [r for r in gmail.fake.requests if r.path.endswith("/send")]
    message = _parsed(base64.urlsafe_b64decode(request.json["raw"]))
    assert_safe_reply(message, _gmail_recipients(message), tag, references, WRITTEN - {"from"})  # Gmail adds it
    assert request.json["threadId"] == original


async def test_a_reply_to_a_sender_whose_name_decodes_to_a_line_break_is_refused_on_both_connectors(
    mail_servers: MailServers, gmail: GmailRig
) -> None:
    """Where the addresses of such a From end cannot be told: the reply is refused with a clear error, never sent
    to an address guessed out of it."""
    tag = token()
    raw, _references = _original(tag, "display name")
    await deliver(mail_servers, ACCOUNT, raw, _parsed(raw)["Date"].datetime)
    original = gmail.fake.deliver(raw)
    received = len(mail_servers.delivery.received)

    with pytest.raises(PermanentError, match="line break") as over_smtp:
        await run(mail_servers.connector(), "reply_email", messageId=f"orig-{tag}@example.com", body="x")
    with pytest.raises(PermanentError, match="line break") as through_gmail:
        await run(gmail.connector(), "reply_email", messageId=original, body="x")

    assert len(mail_servers.delivery.received) == received
    assert not [r for r in gmail.fake.requests if r.path.endswith("/send")]
    for raised in (over_smtp, through_gmail):
        assert describe_failure(raised.value).message == str(raised.value) and EVIL not in str(raised.value)


async def test_an_email_whose_sender_name_decodes_to_a_line_break_is_still_listed_over_imap(
    mail_servers: MailServers,
) -> None:
    tag = token()
    raw, _references = _original(tag, "display name")
    await deliver(mail_servers, ACCOUNT, raw, _parsed(raw)["Date"].datetime)

    (found,) = await run(mail_servers.connector(), "fetch_emails", query=tag)

    assert found["id"] == f"orig-{tag}@example.com"
    assert found["subject"] == f"Quarterly numbers {tag}"
    assert found["from"] and not any(ord(c) < 32 for c in found["from"])  # what it shows is the sender's own text


USER_SUBJECTS = [
    "Quarterly numbers\r\nBcc: attacker@evil.example",
    "Quarterly numbers\nBcc: attacker@evil.example\n",
    "=?utf-8?q?Quarterly_numbers=0D=0ABcc:_attacker@evil.example?=",  # an encoded word, as pasted from a raw email
]
NAME = "Planbot\r\nBcc: attacker@evil.example"


def assert_safe_send(message: EmailMessage, recipients: list[str]) -> None:
    assert_one_line_headers(message, WRITTEN - {"in-reply-to", "references"})
    assert "Bcc" not in message
    assert recipients == ["ann@example.org"]
    assert message["To"] == "ann@example.org"
    assert message["Subject"] == "Quarterly numbers Bcc: attacker@evil.example"
    assert message["From"].addresses[0].display_name == "Planbot Bcc: attacker@evil.example"


@pytest.mark.parametrize("subject", USER_SUBJECTS)
async def test_a_subject_and_a_name_with_line_breaks_stay_on_one_line_over_smtp(
    mail_servers: MailServers, subject: str
) -> None:
    connector = mail_servers.connector(smtp={"from_name": NAME})

    sent_id = (await run(connector, "send_email", to=["ann@example.org"], subject=subject, body="x"))["id"]

    (sent,) = [e for e in mail_servers.delivery.relayed if f"<{sent_id}>".encode() in e.content]
    message = _parsed(sent.content)
    assert_safe_send(message, list(sent.recipients))
    assert message["From"].addresses[0].addr_spec == ACCOUNT.address


@pytest.mark.parametrize("subject", USER_SUBJECTS)
async def test_a_subject_and_a_name_with_line_breaks_stay_on_one_line_through_gmail(
    gmail: GmailRig, subject: str
) -> None:
    connector = gmail.connector(from_address=GMAIL_ACCOUNT, from_name=NAME)

    await run(connector, "send_email", to=["ann@example.org"], subject=subject, body="x")

    (request,) = [r for r in gmail.fake.requests if r.path.endswith("/send")]
    message = _parsed(base64.urlsafe_b64decode(request.json["raw"]))
    assert_safe_send(message, _gmail_recipients(message))
