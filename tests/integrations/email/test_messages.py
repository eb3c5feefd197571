"""What both connectors share: building messages, the reply rules, and shaping a message into a result."""

from datetime import UTC, datetime
from email import message_from_bytes, policy
from zoneinfo import ZoneInfo

import pytest

from integrations.base.arguments import SendEmailArgs
from integrations.email.compose import (
    Sender,
    bare_id,
    message_ids,
    new_message,
    reply_recipients,
    reply_references,
    reply_subject,
)
from integrations.email.files import FileInfo
from integrations.email.summary import body_text, decoded, email_summary, shown_sender, snippet, within

NEW_YORK = ZoneInfo("America/New_York")


def test_a_new_message_has_the_headers_and_a_utf8_body() -> None:
    now = datetime(2026, 3, 9, 10, 15, tzinfo=NEW_YORK)
    outgoing = new_message(
        sender=Sender("me@example.com", "Zoë Planner"),
        to=["ann@example.org", "bob@example.net"],
        cc=["cy@example.com"],
        subject="Café plans",
        body="Grüße\nline two",
        now=now,
        in_reply_to="orig@x",
        references=["root@x", "orig@x"],
    )
    parsed = message_from_bytes(outgoing.message.as_bytes(policy=policy.SMTP), policy=policy.default)
    assert parsed["From"] == "Zoë Planner <me@example.com>"
    assert parsed["To"] == "ann@example.org, bob@example.net"
    assert parsed["Cc"] == "cy@example.com"
    assert parsed["Subject"] == "Café plans"
    assert parsed["Date"] == "Mon, 09 Mar 2026 10:15:00 -0400"
    assert parsed["In-Reply-To"] == "<orig@x>"
    assert parsed["References"] == "<root@x> <orig@x>"
    assert parsed["Message-ID"] == f"<{outgoing.message_id}>" and outgoing.message_id.endswith("@example.com")
    assert parsed.get_content() == "Grüße\r\nline two\r\n"
    assert outgoing.recipients == ("ann@example.org", "bob@example.net", "cy@example.com")
    with pytest.raises(ValueError):
        new_message(sender=None, to=["a@b.co"], subject="s", body="b", now=datetime(2026, 1, 1))


def test_reply_rules() -> None:
    assert reply_subject("Offer") == "Re: Offer"
    assert reply_subject("RE: Offer") == "RE: Offer"
    assert reply_subject("  re:Offer") == "  re:Offer"
    assert reply_subject("Regarding the offer") == "Re: Regarding the offer"
    assert reply_references("<a@x> <b@x>", "c@x") == ["a@x", "b@x", "c@x"]
    assert reply_references(None, "c@x") == ["c@x"]
    assert reply_references("<c@x>", "c@x") == ["c@x"]
    assert reply_references(None, None) == []
    assert reply_recipients(own=False, sender="Ann <ann@x.org>", reply_to=None, to="me@x.org") == ["ann@x.org"]
    assert reply_recipients(own=False, sender="Ann <ann@x.org>", reply_to="desk@x.org", to=None) == ["desk@x.org"]
    assert reply_recipients(own=True, sender="me@x.org", reply_to=None, to="Ann <ann@x.org>, bo@x.org") == [
        "ann@x.org",
        "bo@x.org",
    ]
    assert bare_id(" <a.b@c> ") == "a.b@c" and bare_id("plain@id") == "plain@id" and bare_id("") is None
    assert message_ids("<a@x>\r\n <b@x>") == ["a@x", "b@x"]


def test_a_message_becomes_a_result_in_the_zone() -> None:
    result = email_summary(
        message_id="m1/x y",
        thread_id="root@x",
        sender='"Shah, Priya" <priya@example.com>',
        to="=?utf-8?q?Zo=C3=AB?= <zoe@example.com>, tom@example.com",
        cc="Cy <cy@example.com>",
        subject="=?utf-8?q?R=C3=A9sum=C3=A9?=\r\n folded",
        date=datetime(2026, 3, 8, 7, 30, tzinfo=UTC),  # 03:30 EDT: daylight saving began at 02:00
        zone=NEW_YORK,
        text="  Hello\n\nthere  ",
        unread=True,
        files=[FileInfo("2", "Deck.pdf", 1302)],
    )
    assert result == {
        "id": "m1/x y",
        "threadId": "root@x",
        "from": "Shah, Priya <priya@example.com>",
        "to": ["zoe@example.com", "tom@example.com"],
        "cc": ["cy@example.com"],
        "subject": "Résumé folded",
        "date": "2026-03-08T03:30:00-04:00",
        "snippet": "Hello there",
        "unread": True,
        "attachments": [{"ref": "email:m1%2Fx%20y/2", "name": "Deck.pdf", "size": 1302}],
    }
    ref = result["attachments"][0]["ref"]
    assert SendEmailArgs(to=["a@example.com"], subject="s", body="b", attachments=[ref]).attachments == [ref]
    assert shown_sender("bare@example.com") == "bare@example.com"
    assert shown_sender(None) == ""
    assert decoded("=?bogus?q?x?=") == "=?bogus?q?x?="


def test_snippets_are_cut_at_a_word_and_html_loses_its_tags() -> None:
    assert snippet("word " * 50) == ("word " * 32).strip() + "…"
    html = message_from_bytes(
        b"Content-Type: text/html\r\n\r\n<style>p{}</style><p>A &amp; B</p><script>x()</script>", policy=policy.default
    )
    assert " ".join(body_text(html).split()) == "A & B"


def test_the_range_is_since_inclusive_until_exclusive() -> None:
    moment = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)
    assert within(moment, moment, None) is True
    assert within(moment, None, moment) is False
    assert within(moment, moment.replace(minute=1), None) is False
