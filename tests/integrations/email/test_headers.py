"""Header values as written: ``integrations.email.headers`` on its own, and through ``new_message``."""

import sys
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage

import pytest

from integrations.base import PermanentError
from integrations.email.compose import Sender, new_message, reply_recipients
from integrations.email.headers import (
    UnsafeHeaderError,
    header_text,
    safe_id,
    set_addresses,
    set_ids,
    set_mailbox,
    set_text,
)

EVIL = "attacker@evil.example"
NOW = datetime(2026, 3, 9, 15, 0, tzinfo=UTC)


def written(message: EmailMessage) -> EmailMessage:
    """``message`` as it goes out (the bytes SMTP and Gmail get), parsed back."""
    parsed = message_from_bytes(message.as_bytes(policy=policy.SMTP), policy=policy.default)
    assert isinstance(parsed, EmailMessage)
    return parsed


@pytest.mark.parametrize(
    "control",
    [*(chr(c) for c in range(0x20)), "\x7f", *(chr(c) for c in range(0x80, 0xA0)), "\u2028", "\u2029", "\r\n"],
    ids=repr,
)
def test_each_control_character_becomes_a_space(control: str) -> None:
    assert header_text(f"Quarterly{control}numbers") == "Quarterly numbers"


def test_runs_become_one_space_the_ends_are_trimmed_and_other_text_is_kept() -> None:
    assert header_text(f"\r\nQuarterly numbers\r\n\r\nBcc: {EVIL}\x00\r\n") == f"Quarterly numbers Bcc: {EVIL}"
    kept = "Café – Zoë ✓ 数字 \u00a0non-breaking \u200fright-to-left mark"
    assert header_text(kept) == kept


def test_no_character_left_makes_python_break_the_line() -> None:
    """U+2028/U+2029 are cleaned too: ``str.splitlines`` (used by the email package) breaks lines at them."""
    breaking = [chr(c) for c in range(sys.maxunicode + 1) if len(f"a{chr(c)}b".splitlines()) > 1]
    assert "\u2028" in breaking and "\x85" in breaking
    assert all(len(header_text(f"a{c}b").splitlines()) == 1 for c in breaking)


def test_a_subject_is_cleaned_as_the_email_package_reads_it() -> None:
    message = EmailMessage()
    inner = f"=?utf-8?q?Quarterly_numbers=0D=0ABcc:_{EVIL}?="  # decoded by the email package when set
    for subject in (f"Re: {inner}", f"Quarterly numbers\r\nBcc: {EVIL}", f"Quarterly numbers\u2028Bcc: {EVIL}"):
        set_text(message, "Subject", subject)
        out = written(message)
        assert "Bcc" not in out
        assert out["Subject"].removeprefix("Re: ") == f"Quarterly numbers Bcc: {EVIL}"


@pytest.mark.parametrize(
    "address",
    [
        f"ann@example.org\r\nBcc: {EVIL}",
        "ann@example.org\n",
        "ann\x00@example.org",
        "ann@example.org\u2028",
        f"ann@example.org, {EVIL}",  # two addresses in one
        f"Ann <ann@example.org>, <{EVIL}>",
        f'"=?utf-8?q?ann=0D=0ABcc:_{EVIL}?="@example.org',  # a local part that decodes to a line break
    ],
    ids=repr,
)
def test_an_address_that_is_not_one_plain_address_is_refused(address: str) -> None:
    message = EmailMessage()
    with pytest.raises(UnsafeHeaderError) as raised:
        set_addresses(message, "To", ["bob@example.net", address])
    assert isinstance(raised.value, PermanentError) and EVIL not in str(raised.value)
    assert "To" not in message
    with pytest.raises(UnsafeHeaderError):
        new_message(sender=None, to=["bob@example.net"], cc=[address], subject="s", body="b", now=NOW)


def test_plain_addresses_are_written_as_they_are() -> None:
    message = EmailMessage()
    set_addresses(message, "To", ["ann@example.org", "o'neil+x@mail.example.co.uk"])
    assert written(message)["To"] == "ann@example.org, o'neil+x@mail.example.co.uk"


def test_a_name_is_cleaned_and_left_out_when_it_still_decodes_to_a_line_break() -> None:
    message = EmailMessage()
    set_mailbox(message, "From", "me@example.com", f"Planbot\r\nBcc: {EVIL}")
    out = written(message)
    assert out["From"].addresses[0].display_name == f"Planbot Bcc: {EVIL}" and "Bcc" not in out

    set_mailbox(message, "From", "me@example.com", f"=?utf-8?q?Planbot=0D=0ABcc:_{EVIL}?=")
    out = written(message)
    assert out["From"] == "me@example.com" and "Bcc" not in out

    with pytest.raises(UnsafeHeaderError):
        set_mailbox(message, "From", "me\r\n@example.com", "Planbot")


def test_unsafe_message_ids_are_left_out_of_the_thread_headers() -> None:
    nested = f"r=?utf-8?q?=0D=0ABcc:_{EVIL}?=x@example.com"  # decoded by the email package when set
    for unsafe in (nested, "a\x01b@example.com", "a b@example.com", "a>b@example.com", "a\u2028b@example.com", ""):
        assert not safe_id(unsafe), unsafe
    assert safe_id("CAF=x+y_z.123$@mail.example.com")
    message = EmailMessage()
    set_ids(message, "References", ["root@example.com", nested, "a\r\nb@example.com", "orig@example.com"])
    set_ids(message, "In-Reply-To", [nested])
    out = written(message)
    assert out["References"] == "<root@example.com> <orig@example.com>"
    assert "In-Reply-To" not in out and "Bcc" not in out


def test_a_new_message_from_user_text_has_one_line_headers_and_only_its_recipients() -> None:
    outgoing = new_message(
        sender=Sender("me@example.com", f"Planbot\nBcc: {EVIL}"),
        to=["ann@example.org"],
        subject=f"Quarterly numbers\r\nBcc: {EVIL}\r\nX-Priority: 1",
        body="b",
        now=NOW,
        in_reply_to=f"o=?utf-8?q?=0D=0ABcc:_{EVIL}?=x@example.com",
        references=["root@example.com"],
    )
    out = written(outgoing.message)
    assert sorted(out.keys()) == sorted(
        ["From", "To", "Subject", "Date", "Message-ID", "References", "Content-Type",
         "Content-Transfer-Encoding", "MIME-Version"]
    )  # fmt: skip
    assert out["Subject"] == f"Quarterly numbers Bcc: {EVIL} X-Priority: 1"
    assert outgoing.recipients == ("ann@example.org",)


def test_a_bad_sender_domain_does_not_reach_the_message_id() -> None:
    outgoing = new_message(sender=None, to=["a@example.org"], subject="s", body="b", now=NOW, id_domain="x\r\nBcc: y")
    assert outgoing.message_id.endswith("@planbot.invalid") and "Bcc" not in written(outgoing.message)
    assert Sender("me@exa mple.com").domain == "planbot.invalid"


def test_a_reply_address_header_holding_a_line_break_is_refused_not_guessed() -> None:
    folded = "Priya Shah\t<priya.shah@example.com>"  # unfolded with its tab: fine
    assert reply_recipients(own=False, sender=folded, reply_to=None, to=None) == ["priya.shah@example.com"]
    for value in (f"Priya Shah\r\nBcc: {EVIL} <priya.shah@example.com>", "priya.shah@example.com\x00"):
        with pytest.raises(UnsafeHeaderError, match="line break"):
            reply_recipients(own=False, sender="ok@example.com", reply_to=value, to=None)
    with pytest.raises(UnsafeHeaderError):
        reply_recipients(own=True, sender="me@example.com", reply_to=None, to=f"ann@example.org\n{EVIL}")
