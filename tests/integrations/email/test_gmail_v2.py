"""Gmail v2 beyond the contract suite: the search scope, files named by part (Gmail's attachment ids change at every
read), forwarding and replies with files, reply to all with the mailbox's own address, Slack files refused, HTML."""

import base64
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.email.files import attachments_of
from integrations.email.summary import body_text
from tests.integrations.email.conftest import GmailRig
from tests.integrations.email.fake_gmail import ACCOUNT
from tests.integrations.email.imap_helpers import DECK, call, raw_message, token, with_a_file

MS = 1000
SCOPE = "-in:drafts -in:spam -in:trash"


def sent_messages(gmail: GmailRig) -> list[tuple[EmailMessage, str | None]]:
    """Each message the connector sent (as Gmail received it) with the threadId it asked for."""
    found = []
    for request in gmail.fake.requests:
        if request.path.endswith("/send"):
            raw = base64.urlsafe_b64decode(request.json["raw"])
            message = message_from_bytes(raw, policy=policy.default)
            assert isinstance(message, EmailMessage)
            found.append((message, request.json.get("threadId")))
    return found


async def test_the_search_covers_received_and_sent_mail_never_drafts_spam_or_trash(gmail: GmailRig) -> None:
    tag = token()
    for n, labels in enumerate(
        [("INBOX",), ("SENT",), (), ("DRAFT",), ("SPAM", "UNREAD"), ("TRASH",), ("INBOX", "SENT"), ("DRAFT", "SENT")]
    ):
        gmail.fake.deliver(
            raw_message(f"Subject: {tag} {n} {'+'.join(labels) or 'archived'}", "From: a@example.com"),
            internal_date_ms=(1_772_000_000 + n) * MS,
            labels=labels,
        )
    gmail.fake.page_cap = 2  # the scope holds on every page
    found = await call(gmail.connector(), "fetch_emails", subject=tag)
    assert [e["subject"] for e in found] == [
        f"{tag} 6 INBOX+SENT",
        f"{tag} 2 archived",
        f"{tag} 1 SENT",
        f"{tag} 0 INBOX",
    ]
    lists = [dict(r.query) for r in gmail.fake.requests if r.path.endswith("/messages")]
    assert len(lists) == 2 and all(q["q"].startswith(SCOPE) and "includeSpamTrash" not in q for q in lists)


async def test_files_are_named_by_part_and_go_along_byte_for_byte(gmail: GmailRig) -> None:
    tag = token()
    original = gmail.fake.deliver(with_a_file(f"Deck {tag}", files=(("Q3 deck é.pdf", "application/pdf", DECK),)))
    connector = gmail.connector()
    (first,) = await call(connector, "fetch_emails", subject=tag, hasAttachment=True)
    (again,) = await call(connector, "fetch_emails", subject=tag, hasAttachment=True)
    assert (
        first["attachments"]
        == again["attachments"]
        == [{"ref": f"email:{original}/2", "name": "Q3 deck é.pdf", "size": len(DECK)}]
    )  # the same though Gmail gave other attachment ids
    assert await call(connector, "fetch_emails", subject=tag, hasAttachment=False) == []

    sent = await call(
        connector,
        "send_email",
        to=["ann@example.org"],
        subject=f"Fyi {tag}",
        body="x",
        attachments=[f"email:{original}/2"],
    )

    ((message, thread),) = sent_messages(gmail)
    assert thread is None and gmail.fake.messages[sent["id"]].thread_id == sent["id"]
    ((number, file),) = attachments_of(message)
    assert (number, file.name, file.content_type, file.content) == ("2", "Q3 deck é.pdf", "application/pdf", DECK)
    (listed,) = await call(connector, "fetch_emails", subject=f"Fyi {tag}")
    assert listed["attachments"] == [{"ref": f"email:{sent['id']}/2", "name": "Q3 deck é.pdf", "size": len(DECK)}]


async def test_a_forward_keeps_the_files_and_the_thread_with_the_note_first(gmail: GmailRig) -> None:
    tag = token()
    original = gmail.fake.deliver(
        with_a_file(f"Contract {tag}", cc="sarah@example.org", message_id=f"c-{tag}@example.com"),
        internal_date_ms=1_772_227_800 * MS,  # Fri 27 Feb 2026 16:30 in New York
    )
    forward = await call(
        gmail.connector(),
        "forward_email",
        messageId=original,
        to=["tom@example.org"],
        cc=["cy@example.org"],
        body="FYI",
    )
    ((message, thread),) = sent_messages(gmail)
    assert thread == original and gmail.fake.messages[forward["id"]].thread_id == original
    assert message["Subject"] == f"Fwd: Contract {tag}" and message["To"] == "tom@example.org"
    assert message["Cc"] == "cy@example.org" and message["References"] == f"<c-{tag}@example.com>"
    assert "In-Reply-To" not in message
    assert body_text(message) == (
        "FYI\n\n---------- Forwarded message ---------\nFrom: John Smith <john.smith@example.com>\n"
        f"Date: Fri, 27 Feb 2026 at 16:30\nSubject: Contract {tag}\nTo: me@example.com\nCc: sarah@example.org\n\n"
        "The deck is attached.\n"
    )
    assert [(f.name, f.content) for _n, f in attachments_of(message)] == [("Deck.pdf", DECK)]


async def test_reply_to_all_leaves_out_the_mailboxs_own_address_asked_once(gmail: GmailRig) -> None:
    tag = token()
    original = gmail.fake.deliver(with_a_file(f"Terms {tag}", to=f"{ACCOUNT.upper()}, john@example.org", cc=ACCOUNT))
    connector = gmail.connector()
    for body in ("Agreed.", "And again."):
        await call(
            connector, "reply_email", messageId=original, body=body, replyAll=True, attachments=[f"email:{original}/2"]
        )
    for message, thread in sent_messages(gmail):
        assert thread == original
        assert (message["To"], message.get("Cc")) == ("john.smith@example.com, john@example.org", None)
        assert [f.content for _n, f in attachments_of(message)] == [DECK]
    assert [r.path for r in gmail.fake.requests].count("/gmail/v1/users/me/profile") == 1
    with_from = gmail.connector(from_address=ACCOUNT)
    await call(with_from, "reply_email", messageId=original, body="x", replyAll=True)
    assert [r.path for r in gmail.fake.requests].count("/gmail/v1/users/me/profile") == 1


async def test_slack_files_and_unknown_files_are_refused_before_anything_is_sent(gmail: GmailRig) -> None:
    tag = token()
    original = gmail.fake.deliver(with_a_file(f"Deck {tag}"))
    connector = gmail.connector()
    arguments = {"to": ["ann@example.org"], "subject": tag, "body": "x"}
    with pytest.raises(PermanentError, match="files shared in Slack can't be attached yet"):
        await call(connector, "send_email", **arguments, attachments=[f"email:{original}/2", "slack:F0123"])
    with pytest.raises(PermanentError, match="Slack"):
        await call(connector, "reply_email", messageId=original, body="x", attachments=["slack:F0123"])
    assert gmail.fake.requests == []
    for missing in (f"email:{original}/1.1", f"email:{original}/9", "email:18e00000000fffff/2", "email:zz/2"):
        with pytest.raises(NotFoundError, match=missing):
            await call(connector, "send_email", **arguments, attachments=[missing])
    assert sent_messages(gmail) == []


async def test_include_body_lays_out_html_only_mail_as_text(gmail: GmailRig) -> None:
    tag = token()
    html = "<p>Hi,</p><ul><li>Budget</li><li>Hiring</li></ul><p>Thanks<br>Priya</p>"
    gmail.fake.deliver(raw_message(f"Subject: {tag}", content_type="text/html; charset=utf-8", body=html))
    gmail.fake.deliver(with_a_file(f"Latin {tag}", text="Grüße", html=None))
    found = {e["subject"]: e for e in await call(gmail.connector(), "fetch_emails", subject=tag, includeBody=True)}
    assert found[tag]["body"] == "Hi,\n\n  * Budget\n  * Hiring\n\nThanks\nPriya"
    assert found[f"Latin {tag}"]["body"] == "Grüße\n"
