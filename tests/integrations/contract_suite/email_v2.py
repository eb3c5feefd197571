"""Email (v2): thread ids, bodies, every-word queries, reply to all, attachments (contract §2.7, §3).

Checks over mail *received* from others (a file in it, its HTML and plain text, a reply to all that names the user
among the recipients) need the connector's test module to put a message in the inbox: it provides the fixture
``incoming_mail`` (an ``IncomingMail``); without it they are skipped.

Checks of files shared in Slack (``slack:<id>``, contract §2.7) read a real file when the module provides the
fixture ``shared_files`` (a ``SharedFiles``: the file source its connector was built with, and a way to share a
file there); without it they use a reference no source knows, which the connector records or refuses.
"""

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

import pytest

from integrations.base import Connector, NotFoundError, PermanentError
from integrations.base.files import FileSource
from tests.integrations.contract_suite.helpers import ContractBase, run

V2_EMAIL_FIELDS = {"id", "threadId", "from", "to", "subject", "date", "snippet", "unread", "attachments"}


@dataclass(frozen=True)
class IncomingMail:
    """What a connector's test module gives the checks of received mail, as the fixture ``incoming_mail``: the
    mailbox owner's address, and a way to put a message (RFC 5322 bytes) into the inbox as if it had arrived."""

    me: str
    deliver: Callable[[bytes], Awaitable[None]]


@dataclass(frozen=True)
class SharedFiles:
    """What a connector's test module gives the checks of shared files, as the fixture ``shared_files``: the source
    its connector reads ``slack:`` references from, and ``share(name, content, mimetype)``, which shares a file
    there and returns its reference."""

    source: FileSource
    share: Callable[[str, bytes, str], str]


def shared_files(request: pytest.FixtureRequest) -> SharedFiles | None:
    """The module's ``shared_files`` fixture, or None for a connector built without a file source."""
    try:
        found = request.getfixturevalue("shared_files")
    except pytest.FixtureLookupError:
        return None
    assert isinstance(found, SharedFiles)
    return found


def incoming_mail(request: pytest.FixtureRequest) -> IncomingMail:
    """The module's ``incoming_mail`` fixture; the check is skipped for a connector that has none."""
    try:
        found = request.getfixturevalue("incoming_mail")
    except pytest.FixtureLookupError:
        pytest.skip("no incoming_mail fixture: received mail cannot be put in this mailbox")
    assert isinstance(found, IncomingMail)
    return found


def received(
    subject: str,
    *,
    to: Sequence[str],
    cc: Sequence[str] = (),
    files: Sequence[tuple[str, bytes]] = (),
) -> bytes:
    """A message from Maria as mail clients write one: plain and HTML text, then each file (name, bytes)."""
    message = EmailMessage()
    message["From"] = "Maria Garcia <maria.garcia@example.org>"
    message["To"] = ", ".join(to)
    if cc:
        message["Cc"] = ", ".join(cc)
    message["Subject"] = subject
    message["Date"] = format_datetime(datetime.now(UTC))
    message["Message-ID"] = make_msgid(domain="example.org")
    message.set_content("The signed contract is attached.\nCall me with questions.")
    message.add_alternative("<p>The <b>signed</b> contract is attached.</p><p>Call me with questions.</p>", "html")
    for name, content in files:
        message.add_attachment(content, maintype="application", subtype="pdf", filename=name)
    return message.as_bytes(policy=policy.SMTP)


CONTRACT_PDF = b"%PDF-1.4\n" + bytes(range(256)) * 4
DECK = b"%PDF-1.7\n" + bytes(range(255, -1, -1)) * 8  # binary: no line ends to rewrite
DECK_NAME = "Q3 deck – März.pdf"


class ReceivedMailContractV2(ContractBase):
    """Checks over mail received from others (given by the ``incoming_mail`` fixture); part of EmailContractV2."""

    async def test_a_received_file_is_listed_and_goes_along_with_send_reply_and_forward(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        mailbox = incoming_mail(request)
        await mailbox.deliver(received(f"Contract {token}", to=[mailbox.me], files=[("Contract é.pdf", CONTRACT_PDF)]))
        await mailbox.deliver(received(f"Plain {token}", to=[mailbox.me]))
        (with_file,) = await run(connector, "fetch_emails", query=token, hasAttachment=True)
        (without,) = await run(connector, "fetch_emails", query=token, hasAttachment=False)
        assert with_file["subject"] == f"Contract {token}" and without["subject"] == f"Plain {token}"
        assert without["attachments"] == []
        (attachment,) = with_file["attachments"]
        assert attachment["name"] == "Contract é.pdf" and attachment["ref"].startswith("email:")
        assert attachment["size"] is None or abs(attachment["size"] - len(CONTRACT_PDF)) <= 4
        sent = await run(
            connector,
            "send_email",
            to=["bob@example.org"],
            subject=f"Fyi {token}",
            body="x",
            attachments=[attachment["ref"]],
        )
        reply = await run(
            connector, "reply_email", messageId=with_file["id"], body="Thanks.", attachments=[attachment["ref"]]
        )
        forward = await run(connector, "forward_email", messageId=with_file["id"], to=["cy@example.org"], body="FYI")
        found = {email["id"]: email for email in await run(connector, "fetch_emails", query=token, hasAttachment=True)}
        assert set(found) == {with_file["id"], sent["id"], reply["id"], forward["id"]}
        for new in (sent, reply, forward):
            (copied,) = found[new["id"]]["attachments"]
            assert (copied["name"], copied["size"]) == (attachment["name"], attachment["size"])
            assert copied["ref"] != attachment["ref"]
        assert found[reply["id"]]["threadId"] == found[forward["id"]]["threadId"] == with_file["threadId"]

    async def test_include_body_gives_the_text_of_a_received_mail(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        mailbox = incoming_mail(request)
        await mailbox.deliver(received(f"Contract {token}", to=[mailbox.me], files=[("c.pdf", CONTRACT_PDF)]))
        (email,) = await run(connector, "fetch_emails", subject=token, includeBody=True)
        assert email["body"].strip() == "The signed contract is attached.\nCall me with questions."
        assert email["snippet"] == "The signed contract is attached. Call me with questions."

    async def test_a_forward_of_a_received_mail_has_the_note_first_then_its_header_and_text(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        mailbox = incoming_mail(request)
        await mailbox.deliver(received(f"Contract {token}", to=[mailbox.me], cc=["sarah@example.org"]))
        (original,) = await run(connector, "fetch_emails", subject=token)
        forward = await run(
            connector, "forward_email", messageId=original["id"], to=["tom@example.org"], body="See below."
        )
        (shown,) = await run(connector, "fetch_emails", subject=f"Fwd: Contract {token}", includeBody=True)
        assert shown["id"] == forward["id"] and shown["to"] == ["tom@example.org"]
        lines = shown["body"].splitlines()
        assert lines[:3] == ["See below.", "", "---------- Forwarded message ---------"]
        assert "From: Maria Garcia <maria.garcia@example.org>" in lines
        assert f"Subject: Contract {token}" in lines and "Cc: sarah@example.org" in lines
        assert "The signed contract is attached." in lines

    async def test_reply_all_to_a_received_mail_leaves_out_my_own_address(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        mailbox = incoming_mail(request)
        me_shouting = mailbox.me.upper()
        await mailbox.deliver(
            received(
                f"Terms {token}",
                to=[me_shouting, "john@example.org"],
                cc=["sarah@example.org", mailbox.me, "John@Example.org"],
            )
        )
        (original,) = await run(connector, "fetch_emails", subject=token)
        assert original["to"] == [me_shouting, "john@example.org"]
        everyone = await run(connector, "reply_email", messageId=original["id"], body="Agreed.", replyAll=True)
        (shown,) = await run(connector, "fetch_emails", subject=f"Re: Terms {token}")
        assert shown["id"] == everyone["id"] and shown["threadId"] == original["threadId"]
        assert shown["to"] == ["maria.garcia@example.org", "john@example.org"]
        assert (await run(connector, "fetch_emails", subject=f"Re: Terms {token}", to="sarah@example.org")) == [shown]

    async def test_a_slack_file_goes_along_or_is_refused_before_anything_is_sent(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        arguments = {"to": ["ann@example.org"], "subject": f"Deck {token}", "body": "x"}
        unknown = f"slack:F{token.upper()}"
        if shared_files(request) is not None:  # a source that does not know the file: nothing goes out
            with pytest.raises(NotFoundError, match=unknown):
                await run(connector, "send_email", **arguments, attachments=[unknown])
            assert await run(connector, "fetch_emails", subject=token) == []
            return
        try:
            await run(connector, "send_email", **arguments, attachments=[unknown])
        except PermanentError as error:  # allowed (contract §2.7), if it says why and nothing goes out
            assert "Slack" in str(error)
            assert await run(connector, "fetch_emails", subject=token) == []
            return
        (sent,) = await run(connector, "fetch_emails", subject=token)
        assert len(sent["attachments"]) == 1  # never sent without the file


class EmailContractV2(ReceivedMailContractV2):
    async def test_fetched_emails_carry_their_thread_attachments_and_on_request_body(
        self, connector: Connector, token: str
    ) -> None:
        body = f"The plan is ready. Ref {token}."
        sent = await run(connector, "send_email", to=["ann@example.org"], subject=f"Plan {token}", body=body)
        (email,) = await run(connector, "fetch_emails", subject=token)
        assert set(email) >= V2_EMAIL_FIELDS and "body" not in email
        assert email["id"] == sent["id"] and email["attachments"] == []
        assert isinstance(email["threadId"], str) and email["threadId"]
        (full,) = await run(connector, "fetch_emails", subject=token, includeBody=True)
        assert full["id"] == sent["id"] and full["body"].strip() == body

    async def test_query_needs_every_word_in_any_order(self, connector: Connector, token: str) -> None:
        sent = await run(
            connector,
            "send_email",
            to=["ann@example.org"],
            subject=f"Budget approval {token}",
            body="Finance signed off on Tuesday.",
        )
        for query in (f"{token} budget", f"TUESDAY {token} approval", f"approval finance {token}"):
            assert [e["id"] for e in await run(connector, "fetch_emails", query=query)] == [sent["id"]], query
        assert await run(connector, "fetch_emails", query=f"{token} budget december") == []

    async def test_reply_all_keeps_the_recipients_and_the_thread(self, connector: Connector, token: str) -> None:
        original = await run(
            connector,
            "send_email",
            to=["ann@example.org", "bob@example.net"],
            cc=["cy@example.com"],
            subject=f"Terms {token}",
            body="Net 45?",
        )
        plain = await run(connector, "reply_email", messageId=original["id"], body="Only to the To.")
        everyone = await run(connector, "reply_email", messageId=original["id"], body="To all.", replyAll=True)
        found = {email["id"]: email for email in await run(connector, "fetch_emails", subject=token)}
        assert found[everyone["id"]]["to"] == ["ann@example.org", "bob@example.net"]
        assert found[everyone["id"]]["subject"] == f"Re: Terms {token}"
        assert found[everyone["id"]]["threadId"] == found[original["id"]]["threadId"]
        copied = {email["id"] for email in await run(connector, "fetch_emails", subject=token, to="cy@example.com")}
        assert copied == {original["id"], everyone["id"]} and plain["id"] not in copied

    async def test_a_file_goes_along_with_send_reply_and_forward(
        self, connector: Connector, token: str, request: pytest.FixtureRequest
    ) -> None:
        files = shared_files(request)
        shared = files.share(DECK_NAME, DECK, "application/pdf") if files else f"slack:F{token.upper()}"
        try:
            sent = await run(
                connector,
                "send_email",
                to=["ann@example.org"],
                subject=f"Deck {token}",
                body="The deck.",
                attachments=[shared],
            )
        except PermanentError:
            if files is not None:
                raise  # it has a file source: the file must go
            pytest.skip(f"{connector.name} refuses Slack files")  # allowed: it says so (contract §2.7)
        await run(connector, "send_email", to=["ann@example.org"], subject=f"Plain {token}", body="No file.")
        (with_file,) = await run(connector, "fetch_emails", query=token, hasAttachment=True)
        assert with_file["id"] == sent["id"]
        (attachment,) = with_file["attachments"]
        assert attachment["ref"].startswith("email:") and attachment["name"]
        if files is not None:  # the file itself, by its name and size
            assert attachment["name"] == DECK_NAME
            assert attachment["size"] is None or abs(attachment["size"] - len(DECK)) <= 4
        again = await run(
            connector,
            "send_email",
            to=["bob@example.org"],
            subject=f"Again {token}",
            body="x",
            attachments=[attachment["ref"]],
        )
        reply = await run(
            connector, "reply_email", messageId=sent["id"], body="With the file.", attachments=[attachment["ref"]]
        )
        forward = await run(connector, "forward_email", messageId=sent["id"], to=["cy@example.org"])
        found = {email["id"]: email for email in await run(connector, "fetch_emails", query=token)}
        for new in (again, reply, forward):
            copied = found[new["id"]]["attachments"]
            assert [(file["name"], file["size"]) for file in copied] == [(attachment["name"], attachment["size"])]

    async def test_an_attachment_reference_of_no_mail_is_not_found(self, connector: Connector, token: str) -> None:
        reference = f"email:no-such-message-{token}/no-such-file"
        with pytest.raises(NotFoundError, match=re.escape(reference)):
            await run(connector, "send_email", to=["ann@example.org"], subject=token, body="x", attachments=[reference])
        assert await run(connector, "fetch_emails", subject=token) == []
