"""Files shared in Slack attached to mail (contract §2.7): read through ``bot.slack.files.SlackFiles`` from the Slack
stand-in (``files.info``, then the download with the bot token), sent over aiosmtpd + Dovecot and the Gmail fake
with their name, type and bytes; too large refused before any download, and nothing sent."""

import aiohttp
import pytest

from bot.slack.files import SlackFiles
from integrations.base import NotFoundError
from integrations.base.files import FileTooLargeError
from integrations.email.files import attachments_of
from integrations.email.gmail import connector_from
from integrations.email.imap import ImapSmtpConnector
from tests.integrations.email.conftest import GmailRig, MailServers
from tests.integrations.email.imap_helpers import call, token
from tests.slack.kit.fake_files import FakeSlackWithFiles

DECK = b"%PDF-1.7\n" + bytes(range(256)) * 40  # binary, not text
CSV = "name,amount\nAcme,12\u00a0000\n".encode()


def imap_with_files(servers: MailServers, files: SlackFiles) -> ImapSmtpConnector:
    plain = servers.connector()
    return ImapSmtpConnector(plain.account, files=files)


async def test_slack_files_go_out_over_smtp_with_their_names_types_and_bytes(
    mail_servers: MailServers, slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
    sheet = slack.share("Pipeline – März.csv", CSV, mimetype="text/csv")
    connector = imap_with_files(mail_servers, SlackFiles(slack.client(), http))
    tag = token()
    arguments = {"to": ["ann@example.org"], "subject": f"Deck {tag}", "body": "Here it is."}
    sent = await call(connector, "send_email", **arguments, attachments=[f"slack:{deck}", f"slack:{sheet}"])
    (envelope,) = [e for e in mail_servers.delivery.relayed if tag in e.content.decode("utf-8", "replace")]
    files = [(f.name, f.content_type, f.content) for _n, f in attachments_of(envelope.message)]
    assert files == [("Q3 deck.pdf", "application/pdf", DECK), ("Pipeline – März.csv", "text/csv", CSV)]
    assert all(c.token == slack.token for c in slack.downloads()) and len(slack.downloads()) == 2
    (copy,) = await call(connector, "fetch_emails", subject=tag)
    assert copy["id"] == sent["id"]
    assert [a["name"] for a in copy["attachments"]] == ["Q3 deck.pdf", "Pipeline – März.csv"]
    reply = await call(connector, "reply_email", messageId=sent["id"], body="Again.", attachments=[f"slack:{deck}"])
    (answer,) = [e for e in mail_servers.delivery.relayed if f"Re: Deck {tag}" in e.content.decode("utf-8", "replace")]
    assert reply["id"] and [(f.name, f.content) for _n, f in attachments_of(answer.message)] == [("Q3 deck.pdf", DECK)]


async def test_a_file_too_large_is_refused_before_its_download_and_nothing_is_sent(
    mail_servers: MailServers, slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    big = slack.share("video.mp4", b"x" * 2048, mimetype="video/mp4")
    lying = slack.share("small.bin", b"y" * 4096, mimetype="application/octet-stream", size=10)
    connector = imap_with_files(mail_servers, SlackFiles(slack.client(), http, max_bytes=1024))
    sent_before = len(mail_servers.delivery.received)
    arguments = {"to": ["ann@example.org"], "subject": token(), "body": "x"}
    with pytest.raises(FileTooLargeError, match=r"video\.mp4") as refused:
        await call(connector, "send_email", **arguments, attachments=[f"slack:{big}"])
    assert refused.value.size == 2048 and slack.downloads() == []  # files.info said so: never downloaded
    with pytest.raises(FileTooLargeError, match=r"small\.bin"):  # a size that lied: reading stops past the limit
        await call(connector, "send_email", **arguments, attachments=[f"slack:{lying}"])
    with pytest.raises(NotFoundError, match="F0NOSUCH"):
        await call(connector, "send_email", **arguments, attachments=["slack:F0NOSUCH"])
    assert len(mail_servers.delivery.received) == sent_before


async def test_gmail_sends_a_slack_file_with_its_name_type_and_bytes(
    gmail: GmailRig, slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
    connector = connector_from(gmail.settings(), gmail.session, files=SlackFiles(slack.client(), http))
    sent = await call(
        connector, "send_email", to=["ann@example.org"], subject="Deck", body="x", attachments=[f"slack:{deck}"]
    )
    stored = gmail.fake.messages[sent["id"]]
    files = [(f.name, f.content_type, f.content) for _n, f in attachments_of(stored.parsed)]
    assert files == [("Q3 deck.pdf", "application/pdf", DECK)]


async def test_gmail_refuses_a_too_large_slack_file_before_sending(
    gmail: GmailRig, slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    big = slack.share("huge.zip", b"z" * 4096, mimetype="application/zip")
    connector = connector_from(gmail.settings(), gmail.session, files=SlackFiles(slack.client(), http, max_bytes=100))
    with pytest.raises(FileTooLargeError):
        await call(connector, "send_email", to=["a@example.org"], subject="s", body="x", attachments=[f"slack:{big}"])
    assert gmail.fake.messages == {} and slack.downloads() == []
