"""SMTP/IMAP v2 beyond the contract suite, against aiosmtpd + Dovecot: files listed from BODYSTRUCTURE and numbered as
the message's MIME tree, sent byte for byte with replies and forwards (a copy in Sent), Slack files refused before
connecting, text read from the text part (HTML laid out), threads."""

from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.email.files import attachments_of
from integrations.email.summary import body_text
from tests.integrations.email.conftest import ACCOUNT, MailServers
from tests.integrations.email.imap_helpers import DECK, call, deliver, raw_message, stored_messages, token, with_a_file

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)


def nested(subject: str) -> bytes:
    """mixed[alternative[plain, related[html, image]], pdf, an attached email]."""
    inner = EmailMessage()
    inner["Subject"] = "Inner"
    inner.set_content("inner text")
    message = EmailMessage()
    message["From"] = "Priya Shah <priya.shah@example.com>"
    message["To"] = ACCOUNT.address
    message["Subject"] = subject
    message.set_content("Plain text.")
    message.add_alternative("<p>HTML text.</p>", subtype="html")
    html = message.get_payload()[1]
    html.add_related(b"\x89PNG\r\n", maintype="image", subtype="png", filename="logo.png")
    message.add_attachment(DECK, maintype="application", subtype="pdf", filename="Résumé 2026.pdf")
    message.add_attachment(inner, filename="inner.eml")
    return message.as_bytes(policy=policy.SMTP)


def relayed_with(servers: MailServers, tag: str) -> EmailMessage:
    (envelope,) = [e for e in servers.delivery.relayed if tag in e.content.decode("utf-8", "replace")]
    return envelope.message


async def test_files_are_listed_from_bodystructure_numbered_as_the_mime_tree(mail_servers: MailServers) -> None:
    tag = token()
    raw = nested(f"Files {tag}")
    await deliver(mail_servers, ACCOUNT, raw, NOW)
    connector = mail_servers.connector()
    (email,) = await call(connector, "fetch_emails", subject=tag, hasAttachment=True)
    parsed = message_from_bytes(raw, policy=policy.default)
    expected = [(number, file.name) for number, file in attachments_of(parsed)]
    assert expected == [("1.2.2", "logo.png"), ("2", "Résumé 2026.pdf"), ("3", "inner.eml")]
    assert [(a["ref"].rsplit("/", 1)[1], a["name"]) for a in email["attachments"]] == expected
    assert abs(email["attachments"][1]["size"] - len(DECK)) <= 3  # estimated from the base64 size
    assert email["snippet"] == "Plain text." and "body" not in email
    (with_body,) = await call(connector, "fetch_emails", subject=tag, includeBody=True)
    assert with_body["body"] == "Plain text.\n"
    assert await call(connector, "fetch_emails", subject=tag, hasAttachment=False) == []


async def test_a_message_that_is_one_file_and_an_html_only_message(mail_servers: MailServers) -> None:
    tag = token()
    pdf_only = (
        f"Subject: Scan {tag}\r\nFrom: scanner@example.com\r\nMIME-Version: 1.0\r\nContent-Type: application/pdf\r\n"
        'Content-Disposition: attachment; filename="scan.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n'
        "JVBERi0xLjQK\r\n"
    ).encode()
    html = raw_message(
        f"Subject: News {tag}",
        content_type="text/html; charset=iso-8859-1",
        body="<p>Gr\xfc\xdfe,</p><ul><li>one</li><li>two</li></ul>",
    )
    await deliver(mail_servers, ACCOUNT, pdf_only, NOW)
    await deliver(mail_servers, ACCOUNT, html.decode().encode("iso-8859-1"), NOW.replace(minute=1))
    connector = mail_servers.connector()
    found = {e["subject"]: e for e in await call(connector, "fetch_emails", query=tag, includeBody=True)}
    scan, news = found[f"Scan {tag}"], found[f"News {tag}"]
    assert [(a["ref"].rsplit("/", 1)[1], a["name"]) for a in scan["attachments"]] == [("1", "scan.pdf")]
    assert scan["body"] == "" and scan["snippet"] == ""
    assert news["body"] == "Grüße,\n\n  * one\n  * two" and news["attachments"] == []
    sent = await call(
        connector, "send_email", to=["ann@example.org"], subject=f"Fwd scan {tag}", body="x",
        attachments=[scan["attachments"][0]["ref"]],
    )  # fmt: skip
    ((number, file),) = attachments_of(relayed_with(mail_servers, f"Fwd scan {tag}"))
    assert (number, file.name, file.content) == ("2", "scan.pdf", b"%PDF-1.4\n") and sent["id"]


async def test_a_forward_sends_the_files_byte_for_byte_and_keeps_a_copy_in_sent(mail_servers: MailServers) -> None:
    tag = token()
    await deliver(mail_servers, ACCOUNT, with_a_file(f"Contract {tag}", message_id=f"c-{tag}@example.com"), NOW)
    connector = mail_servers.connector()
    (original,) = await call(connector, "fetch_emails", subject=tag)

    forward = await call(connector, "forward_email", messageId=original["id"], to=["tom@example.org"], body="FYI")

    message = relayed_with(mail_servers, f"Fwd: Contract {tag}")
    assert message["Subject"] == f"Fwd: Contract {tag}" and message["References"] == f"<c-{tag}@example.com>"
    assert body_text(message).startswith("FYI\n\n---------- Forwarded message ---------\nFrom: John Smith")
    assert [(f.name, f.content) for _n, f in attachments_of(message)] == [("Deck.pdf", DECK)]
    (copy,) = await stored_messages(mail_servers, ACCOUNT, "Sent", f"Fwd: Contract {tag}")
    assert copy.headers["Message-ID"] == f"<{forward['id']}>" and "\\Seen" in copy.flags
    (shown,) = await call(connector, "fetch_emails", subject=f"Fwd: Contract {tag}")
    assert shown["threadId"] == original["threadId"] == f"c-{tag}@example.com"
    assert [a["name"] for a in shown["attachments"]] == ["Deck.pdf"]


async def test_a_reply_to_all_with_a_file_from_another_mail(mail_servers: MailServers) -> None:
    tag = token()
    await deliver(mail_servers, ACCOUNT, with_a_file(f"Deck {tag}"), NOW)
    await deliver(
        mail_servers,
        ACCOUNT,
        with_a_file(
            f"Terms {tag}", to=f"Me <{ACCOUNT.address.upper()}>, john@example.org", cc="sarah@example.org", files=()
        ),
        NOW.replace(minute=5),
    )
    connector = mail_servers.connector()
    (deck,) = await call(connector, "fetch_emails", subject=f"Deck {tag}")
    (terms,) = await call(connector, "fetch_emails", subject=f"Terms {tag}")
    await call(
        connector, "reply_email", messageId=terms["id"], body="Agreed.", replyAll=True,
        attachments=[deck["attachments"][0]["ref"]],
    )  # fmt: skip
    message = relayed_with(mail_servers, f"Re: Terms {tag}")
    assert (message["To"], message["Cc"]) == ("john.smith@example.com, john@example.org", "sarah@example.org")
    assert [(f.name, f.content) for _n, f in attachments_of(message)] == [("Deck.pdf", DECK)]


async def test_slack_and_unknown_files_are_refused_before_anything_is_sent(mail_servers: MailServers) -> None:
    tag = token()
    await deliver(mail_servers, ACCOUNT, with_a_file(f"Deck {tag}", message_id=f"d/{tag}@example.com"), NOW)
    received = len(mail_servers.delivery.received)
    unreachable = mail_servers.connector(port=1)  # a Slack file is refused before any connection
    arguments = {"to": ["ann@example.org"], "subject": tag, "body": "x"}
    with pytest.raises(PermanentError, match="files shared in Slack can't be attached yet"):
        await call(unreachable, "send_email", **arguments, attachments=["slack:F0123"])
    with pytest.raises(PermanentError, match="Slack"):
        await call(unreachable, "reply_email", messageId="any@example.com", body="x", attachments=["slack:F0123"])
    connector = mail_servers.connector()
    (deck,) = await call(connector, "fetch_emails", subject=tag)
    assert deck["attachments"][0]["ref"] == f"email:d%2F{tag}@example.com/2"
    for missing in (f"email:d%2F{tag}@example.com/1.1", f"email:d%2F{tag}@example.com/7", "email:nobody@x/2"):
        with pytest.raises(NotFoundError, match=missing):
            await call(connector, "send_email", **arguments, attachments=[missing])
    assert len(mail_servers.delivery.received) == received
    sent = await call(connector, "send_email", **arguments, attachments=[deck["attachments"][0]["ref"]])
    assert sent["id"] and len(mail_servers.delivery.received) == received + 1
