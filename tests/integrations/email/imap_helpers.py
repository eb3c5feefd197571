"""Looking into the test mailboxes directly over IMAP (aioimaplib), independently of the connector's reading code."""

import uuid
from dataclasses import dataclass
from datetime import datetime
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from typing import Any

import aioimaplib  # type: ignore[import-untyped]

from integrations.base import CATALOG, Connector
from integrations.email.imap.responses import parse_fetch, parse_search
from integrations.email.imap.session import imap_session
from tests.integrations.email.conftest import MailServers
from tests.integrations.email.dovecot import MailUser


@dataclass(frozen=True)
class Stored:
    flags: frozenset[str]
    headers: Message
    internal_date: datetime | None


async def stored_messages(servers: MailServers, user: MailUser, folder: str, token: str) -> list[Stored]:
    """The messages of ``folder`` whose subject contains ``token`` (an ASCII word), oldest first."""
    client = aioimaplib.IMAP4(host="127.0.0.1", port=servers.dovecot.port, timeout=5)
    await client.wait_hello_from_server()
    assert (await client.login(user.login, user.password)).result == "OK"
    try:
        if (await client.select(f'"{folder}"')).result != "OK":
            return []
        found = await client.uid_search("SUBJECT", f'"{token}"', charset=None)
        uids = parse_search(found.lines)
        if not uids:
            return []
        fetched = await client.uid("fetch", ",".join(map(str, uids)), "(UID FLAGS INTERNALDATE BODY.PEEK[HEADER])")
        return [
            Stored(
                item.flags, message_from_bytes(item.sections["BODY[HEADER]"], policy=policy.default), item.internal_date
            )
            for item in sorted(parse_fetch(fetched.lines), key=lambda item: item.uid)
        ]
    finally:
        await client.logout()


async def deliver(
    servers: MailServers, user: MailUser, raw: bytes, when: datetime, *, folder: str = "INBOX", seen: bool = False
) -> None:
    """Put ``raw`` (CRLF line ends) straight into a folder, dated ``when``, as if it had arrived then."""
    async with imap_session(servers.imap_settings(user)) as session:
        await session.append(raw, folder, seen=seen, when=when)


def raw_message(*headers: str, body: str = "Hello.", content_type: str = "text/plain; charset=utf-8") -> bytes:
    lines = [*headers, f"Content-Type: {content_type}", "MIME-Version: 1.0", "", body]
    return "\r\n".join(lines).encode() + b"\r\n"


DECK = b"%PDF-1.4\n" + bytes(range(256)) * 8  # binary, so that a wrong transfer encoding shows


def with_a_file(
    subject: str,
    *,
    sender: str = "John Smith <john.smith@example.com>",
    to: str = "me@example.com",
    cc: str | None = None,
    text: str = "The deck is attached.",
    html: str | None = "<p>The deck is <b>attached</b>.</p>",
    files: tuple[tuple[str, str, bytes], ...] = (("Deck.pdf", "application/pdf", DECK),),
    message_id: str | None = None,
) -> bytes:
    """A message as mail clients send one with files: text (plain and HTML alternatives), then each file."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    if cc:
        message["Cc"] = cc
    message["Subject"] = subject
    message["Date"] = "Fri, 27 Feb 2026 16:30:00 -0500"
    message["Message-ID"] = f"<{message_id or uuid.uuid4().hex + '@example.com'}>"
    message.set_content(text)
    if html is not None:
        message.add_alternative(html, subtype="html")
    for name, content_type, content in files:
        maintype, _, subtype = content_type.partition("/")
        message.add_attachment(content, maintype=maintype, subtype=subtype, filename=name)
    return message.as_bytes(policy=policy.SMTP)


def token() -> str:
    return f"zq{uuid.uuid4().hex[:10]}"


async def call(connector: Connector, tool: str, **arguments: Any) -> Any:
    """Validate ``arguments`` as the executor does and call the tool, whether or not the connector lists it (a tool
    it lacks fails here, where the contract suite's ``run`` would skip)."""
    spec = CATALOG.get(tool)
    assert spec is not None, tool
    return await connector.call(tool, spec.args_model.model_validate(arguments))
