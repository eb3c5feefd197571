"""What both connectors share for v2: part numbers, files to attach, file references, reply to all, forwarding,
HTML mail as text."""

from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from zoneinfo import ZoneInfo

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.email.compose import Sender, new_message, reply_all_recipients, thread_root
from integrations.email.files import OutgoingFile, attachment_at, attachments_of, leaf_parts
from integrations.email.forwarding import forward_subject, forward_text
from integrations.email.html_text import html_to_text
from integrations.email.references import attachment_ref, attachment_refs
from integrations.email.summary import body_text
from tests.integrations.email.imap_helpers import DECK, with_a_file

NEW_YORK = ZoneInfo("America/New_York")


def nested() -> EmailMessage:
    """mixed[alternative[plain, related[html, image]], pdf, message/rfc822]: every kind of nesting."""
    inner = EmailMessage()
    inner["Subject"] = "Inner"
    inner.set_content("inner text")
    message = EmailMessage()
    message.set_content("plain")
    message.add_alternative("<p>html</p>", subtype="html")
    html = message.get_payload()[1]
    html.add_related(b"\x89PNG", maintype="image", subtype="png", cid="<logo@x>")
    message.add_attachment(DECK, maintype="application", subtype="pdf", filename="Deck.pdf")
    message.add_attachment(inner, filename="inner.eml")
    return message_from_bytes(message.as_bytes(policy=policy.SMTP), policy=policy.default)  # type: ignore[return-value]


def test_parts_are_numbered_as_imap_numbers_them() -> None:
    numbered = [(number, part.get_content_type()) for number, part in leaf_parts(nested())]
    assert numbered == [
        ("1.1", "text/plain"), ("1.2.1", "text/html"), ("1.2.2", "image/png"),
        ("2", "application/pdf"), ("3", "message/rfc822"),
    ]  # fmt: skip
    single = message_from_bytes(b"Content-Type: application/pdf\r\n\r\n%PDF", policy=policy.default)
    assert [number for number, _part in leaf_parts(single)] == ["1"]


def test_attachments_are_the_parts_with_a_name_or_an_attachment_disposition() -> None:
    files = attachments_of(nested())
    assert [(number, file.name, file.content_type) for number, file in files] == [
        ("2", "Deck.pdf", "application/pdf"), ("3", "inner.eml", "message/rfc822"),
    ]  # fmt: skip
    assert files[0][1].content == DECK
    assert attachment_at(nested(), "1.1") is None and attachment_at(nested(), "9") is None


def test_files_go_along_exactly_and_an_attached_email_stays_an_email() -> None:
    files = [file for _number, file in attachments_of(nested())]
    weird = OutgoingFile("Résumé\r\nBcc: x@evil.example.pdf", "not a type", b"\x00\x01")
    encoded = OutgoingFile("=?utf-8?q?a=0D=0ABcc:_y@evil.example?=.pdf", "application/pdf", b"y")
    outgoing = new_message(
        sender=Sender("me@example.com"), to=["a@example.org"], subject="s", body="See the files.",
        now=datetime(2026, 3, 2, 9, tzinfo=NEW_YORK), files=[*files, weird, encoded],
    )  # fmt: skip
    raw = outgoing.message.as_bytes(policy=policy.SMTP)
    assert b"\r\nBcc:" not in raw  # a name's line break, also one an encoded word decodes to, is a space
    parsed = message_from_bytes(raw, policy=policy.default)
    assert body_text(parsed) == "See the files.\n"
    copied = [(number, file.name, file.content_type) for number, file in attachments_of(parsed)]
    assert copied == [
        ("2", "Deck.pdf", "application/pdf"), ("3", "inner.eml", "message/rfc822"),
        ("4", "Résumé Bcc: x@evil.example.pdf", "application/octet-stream"),
        ("5", "a Bcc: y@evil.example.pdf", "application/pdf"),
    ]  # fmt: skip
    contents = [file.content for _number, file in attachments_of(parsed)]
    assert contents[0] == DECK and b"Inner" in contents[1] and contents[2] == b"\x00\x01"


def test_references_round_trip_any_message_id_and_refuse_slack_files() -> None:
    ref = attachment_ref("a/b c%d@x", "1.2")
    assert ref == "email:a%2Fb%20c%25d@x/1.2"
    (parsed,) = attachment_refs([ref, f" {ref} "], service="imap")
    assert (parsed.message_id, parsed.part, parsed.text) == ("a/b c%d@x", "1.2", ref)
    with pytest.raises(PermanentError, match="files shared in Slack can't be attached yet"):
        attachment_refs([ref, "slack:F123"], service="imap")
    with pytest.raises(NotFoundError, match="email:m1/att-2"):
        attachment_refs(["email:m1/att-2"], service="imap")


def test_reply_to_all_keeps_to_and_cc_without_my_address_or_repeats() -> None:
    assert reply_all_recipients(
        own=False, replied=["maria@x.org"], original_to=["ME@x.org", "john@x.org"],
        original_cc=["sarah@x.org", "me@X.org", "John@x.org"], me="me@x.org",
    ) == (["maria@x.org", "john@x.org"], ["sarah@x.org"])  # fmt: skip
    assert reply_all_recipients(
        own=True, replied=["ann@x.org"], original_to=["ann@x.org"], original_cc=["cy@x.org"], me="me@x.org"
    ) == (["ann@x.org"], ["cy@x.org"])
    assert reply_all_recipients(  # my note to myself, copied to Cy: Cy moves to To
        own=True, replied=["me@x.org"], original_to=["me@x.org"], original_cc=["cy@x.org"], me="me@x.org"
    ) == (["cy@x.org"], [])


def test_a_thread_is_named_by_its_first_message() -> None:
    assert thread_root(references="<a@x> <b@x>", in_reply_to="<b@x>", message_id="c@x") == "a@x"
    assert thread_root(references=None, in_reply_to="<b@x>", message_id="c@x") == "b@x"
    assert thread_root(references=None, in_reply_to=None, message_id="c@x") == "c@x"


def test_a_forward_puts_fwd_once_and_the_note_above_the_original() -> None:
    assert forward_subject("Deck") == "Fwd: Deck"
    assert forward_subject("FW: Deck") == "FW: Deck" and forward_subject("fwd:Deck") == "fwd:Deck"
    assert forward_subject("Forwarding plans") == "Fwd: Forwarding plans"
    text = forward_text(
        note="  FYI.  ", sender='"Smith, John" <john@x.org>', date=datetime(2026, 2, 27, 21, 30, tzinfo=UTC),
        zone=NEW_YORK, subject="=?utf-8?q?Caf=C3=A9?=", to=["me@x.org"], cc=[], text="Hello.\n",
    )  # fmt: skip
    assert text == (
        "FYI.\n\n---------- Forwarded message ---------\nFrom: Smith, John <john@x.org>\n"
        "Date: Fri, 27 Feb 2026 at 16:30\nSubject: Café\nTo: me@x.org\n\nHello.\n"
    )
    assert forward_text(
        note=None, sender="a@x.org", date=datetime(2026, 2, 27, tzinfo=UTC), zone=UTC, subject="s",
        to=["b@x.org"], cc=["c@x.org"], text="t",
    ).startswith("---------- Forwarded message ---------\n")  # fmt: skip


def test_html_mail_reads_as_laid_out_text() -> None:
    markup = (
        "<html><head><style>p{color:red}</style><script>alert(1)</script></head><body>"
        "<p>Hi&nbsp;Tom,</p><p>Agenda:</p><ul><li>Budget</li><li>Hiring</li></ul>"
        "<table><tr><td>Q3</td><td>$4,000</td></tr></table>Thanks<br>Priya</body></html>"
    )
    text = html_to_text(markup)
    assert text.splitlines() == [
        "Hi Tom,", "", "Agenda:", "", "  * Budget", "  * Hiring", "Q3  $4,000", "", "Thanks", "Priya",
    ]  # fmt: skip
    assert "alert" not in text and "color" not in text
    assert html_to_text("   ") == "" and html_to_text("a < b & c") == "a < b & c"


def test_the_text_of_a_mail_with_files_is_its_plain_part() -> None:
    message = message_from_bytes(with_a_file("s", text="Plain\r\nlines"), policy=policy.default)
    assert body_text(message) == "Plain\nlines\n"
    html_only = message_from_bytes(with_a_file("s", html=None, text="x"), policy=policy.default)
    assert body_text(html_only) == "x\n"
