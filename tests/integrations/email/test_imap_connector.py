"""SMTP/IMAP beyond the contract suite: delivery, the sent copy, threading headers, search text, time zones, MIME."""

from datetime import UTC, datetime

from tests.integrations.contract_suite import run
from tests.integrations.email.conftest import ACCOUNT, PRIYA, SMTP_LOGIN, MailServers
from tests.integrations.email.imap_helpers import deliver, raw_message, stored_messages, token


async def test_sent_email_reaches_the_recipients_inbox_and_a_read_copy_is_kept_in_sent(
    mail_servers: MailServers,
) -> None:
    tag = token()
    sent = await run(mail_servers.connector(), "send_email", to=[PRIYA.address], subject=f"Launch {tag}", body="Moved.")

    (copy,) = await stored_messages(mail_servers, ACCOUNT, "Sent", tag)
    assert copy.flags - {"\\Recent"} == {"\\Seen"}
    assert copy.headers["Message-ID"] == f"<{sent['id']}>"
    (arrived,) = await stored_messages(mail_servers, PRIYA, "INBOX", tag)
    assert arrived.headers["Message-ID"] == f"<{sent['id']}>"
    assert arrived.headers["From"] == ACCOUNT.address
    assert "\\Seen" not in arrived.flags
    envelope = next(e for e in mail_servers.delivery.received if tag in e.content.decode())
    assert envelope.sender == ACCOUNT.address and envelope.recipients == (PRIYA.address,)
    assert mail_servers.delivery.logins[mail_servers.delivery.received.index(envelope)] == SMTP_LOGIN[0]

    (seen_by_priya,) = await run(mail_servers.connector(PRIYA), "fetch_emails", subject=tag)
    assert seen_by_priya["id"] == sent["id"]
    assert seen_by_priya["from"] == ACCOUNT.address
    assert seen_by_priya["to"] == [PRIYA.address]
    assert seen_by_priya["snippet"] == "Moved."
    assert seen_by_priya["unread"] is True


async def test_reply_to_received_mail_goes_to_its_sender_with_threading_headers(mail_servers: MailServers) -> None:
    tag = token()
    priya = mail_servers.connector(PRIYA, smtp={"from_name": "Priya Shah"})
    first = await run(priya, "send_email", to=[ACCOUNT.address], subject=f"Deck {tag}", body="Got the deck?")
    me = mail_servers.connector()
    (received,) = await run(me, "fetch_emails", subject=tag)
    assert received["from"] == f"Priya Shah <{PRIYA.address}>"
    assert received["unread"] is True

    reply = await run(me, "reply_email", messageId=received["id"], body="Yes, thanks.")

    (answer,) = [
        m for m in await stored_messages(mail_servers, PRIYA, "INBOX", tag) if m.headers["Subject"].startswith("Re:")
    ]
    assert answer.headers["Subject"] == f"Re: Deck {tag}"
    assert answer.headers["In-Reply-To"] == f"<{first['id']}>"
    assert answer.headers["References"] == f"<{first['id']}>"
    assert answer.headers["Message-ID"] == f"<{reply['id']}>"
    again = await run(priya, "reply_email", messageId=reply["id"], body="Great.")
    (third,) = [
        m
        for m in await stored_messages(mail_servers, ACCOUNT, "INBOX", tag)
        if m.headers["Message-ID"] == f"<{again['id']}>"
    ]
    assert third.headers["Subject"] == f"Re: Deck {tag}"
    assert third.headers["References"] == f"<{first['id']}> <{reply['id']}>"
    assert third.headers["In-Reply-To"] == f"<{reply['id']}>"


async def test_reply_honours_reply_to_and_a_message_without_message_id_gets_a_uid_id(mail_servers: MailServers) -> None:
    tag = token()
    raw = raw_message(
        "From: Tom Reyes <tom.reyes@example.com>",
        "Reply-To: desk@example.org",
        f"To: {ACCOUNT.address}",
        f"Subject: Question {tag}",
        "Date: Mon, 02 Mar 2026 09:00:00 -0500",
    )
    await deliver(mail_servers, ACCOUNT, raw, datetime(2026, 3, 2, 14, 0, tzinfo=UTC))
    connector = mail_servers.connector()
    (question,) = await run(connector, "fetch_emails", subject=tag)
    assert question["id"].startswith("imap:") and question["id"].endswith(":INBOX")

    await run(connector, "reply_email", messageId=question["id"], body="Answering.")

    relayed = next(e for e in mail_servers.delivery.relayed if f"Re: Question {tag}" in e.content.decode())
    assert relayed.recipients == ("desk@example.org",)
    assert "In-Reply-To" not in relayed.message


async def test_search_text_with_quotes_backslashes_and_line_breaks_matches_literally(mail_servers: MailServers) -> None:
    tag = token()
    connector = mail_servers.connector()
    subject = f'He said "ship it" \\ {tag} \\"done\\"'
    sent = await run(connector, "send_email", to=["ann@example.org"], subject=subject, body="x")
    await run(connector, "send_email", to=["ann@example.org"], subject=f"He said ship it {tag}", body="x")

    found = await run(connector, "fetch_emails", subject=f'"ship it" \\ {tag} \\"done')
    assert [e["id"] for e in found] == [sent["id"]]
    assert found[0]["subject"] == subject
    assert await run(connector, "fetch_emails", subject=f"{tag}\r\nA1 LOGOUT") == []
    assert await run(connector, "fetch_emails", subject=f'{tag}" ALL "') == []
    assert len(await run(connector, "fetch_emails", subject=tag)) == 2


async def test_text_outside_ascii_is_searched_as_utf8(mail_servers: MailServers) -> None:
    tag = token()
    connector = mail_servers.connector()
    sent = await run(connector, "send_email", to=["ann@example.org"], subject=f"Café crème {tag}", body="Grüße, Zoë")
    await run(connector, "send_email", to=["ann@example.org"], subject=f"Cafe creme {tag}", body="x")
    found = await run(connector, "fetch_emails", subject=f"café crème {tag}")
    assert [e["id"] for e in found] == [sent["id"]]
    assert found[0]["subject"] == f"Café crème {tag}"
    assert [e["id"] for e in await run(connector, "fetch_emails", query="Zoë", subject=tag)] == [sent["id"]]


async def test_dates_are_shown_in_the_configured_zone_and_bounds_are_exact_instants(mail_servers: MailServers) -> None:
    tag = token()
    winter = datetime(2026, 1, 15, 17, 30, tzinfo=UTC)
    summer = datetime(2026, 7, 1, 12, 0, 5, tzinfo=UTC)
    for when, word in ((winter, "winter"), (summer, "summer")):
        await deliver(mail_servers, ACCOUNT, raw_message(f"Subject: {word} {tag}", "From: a@example.com"), when)
    connector = mail_servers.connector()

    found = await run(connector, "fetch_emails", subject=tag)
    assert [(e["subject"], e["date"]) for e in found] == [
        (f"summer {tag}", "2026-07-01T08:00:05-04:00"),
        (f"winter {tag}", "2026-01-15T12:30:00-05:00"),
    ]
    at_summer = {"subject": tag, "since": "2026-07-01T08:00:05-04:00"}
    assert [e["subject"] for e in await run(connector, "fetch_emails", **at_summer)] == [f"summer {tag}"]
    assert await run(connector, "fetch_emails", subject=tag, since="2026-07-01T08:00:06-04:00") == []
    before = await run(connector, "fetch_emails", subject=tag, until="2026-07-01T12:00:05+00:00")
    assert [e["subject"] for e in before] == [f"winter {tag}"]
    in_tokyo = await run(mail_servers.connector(timezone="Asia/Tokyo"), "fetch_emails", subject=f"winter {tag}")
    assert in_tokyo[0]["date"] == "2026-01-16T02:30:00+09:00"


async def test_fetching_never_marks_mail_read_and_unread_only_finds_it(mail_servers: MailServers) -> None:
    tag = token()
    await deliver(mail_servers, ACCOUNT, raw_message(f"Subject: unread {tag}"), datetime.now(UTC))
    await deliver(mail_servers, ACCOUNT, raw_message(f"Subject: read {tag}"), datetime.now(UTC), seen=True)
    connector = mail_servers.connector()
    for _ in range(2):
        found = await run(connector, "fetch_emails", subject=tag)
        assert sorted((e["subject"], e["unread"]) for e in found) == [(f"read {tag}", False), (f"unread {tag}", True)]
    assert [e["subject"] for e in await run(connector, "fetch_emails", subject=tag, unreadOnly=True)] == [
        f"unread {tag}"
    ]


async def test_a_message_to_oneself_is_shown_once(mail_servers: MailServers) -> None:
    tag = token()
    connector = mail_servers.connector()
    sent = await run(connector, "send_email", to=[ACCOUNT.address], subject=f"Note {tag}", body="Remember.")
    assert len(await stored_messages(mail_servers, ACCOUNT, "INBOX", tag)) == 1
    assert len(await stored_messages(mail_servers, ACCOUNT, "Sent", tag)) == 1
    assert [e["id"] for e in await run(connector, "fetch_emails", subject=tag)] == [sent["id"]]


async def test_mime_bodies_give_plain_snippets_and_encoded_subjects_are_decoded(mail_servers: MailServers) -> None:
    tag = token()
    html = raw_message(
        f"Subject: =?utf-8?q?R=C3=A9sum=C3=A9?= {tag}",
        content_type="text/html; charset=utf-8",
        body="<html><style>p {color: red}</style><p>Hello <b>there</b> &amp; welcome</p></html>",
    )
    alternative = raw_message(
        f"Subject: both {tag}",
        content_type='multipart/alternative; boundary="b1"',
        body="--b1\r\nContent-Type: text/html\r\n\r\n<p>HTML part</p>\r\n"
        "--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
        "Plain =C3=A9t=C3=A9 part\r\n--b1--",
    )
    await deliver(mail_servers, ACCOUNT, html, datetime(2026, 2, 1, 10, tzinfo=UTC))
    await deliver(mail_servers, ACCOUNT, alternative, datetime(2026, 2, 1, 11, tzinfo=UTC))
    found = await run(mail_servers.connector(), "fetch_emails", subject=tag)
    assert [(e["subject"], e["snippet"]) for e in found] == [
        (f"both {tag}", "Plain été part"),
        (f"Résumé {tag}", "Hello there & welcome"),
    ]
