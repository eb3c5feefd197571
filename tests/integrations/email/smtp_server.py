"""An aiosmtpd server for the tests that delivers as a mail host does: each local recipient's copy goes into that
user's Maildir (which Dovecot serves over IMAP); mail for anyone else is "relayed" (kept in a list)."""

import contextlib
import mailbox
import os
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from tests.integrations.email.dovecot import free_port


@dataclass(frozen=True)
class Envelope:
    sender: str
    recipients: tuple[str, ...]
    content: bytes

    @property
    def message(self) -> EmailMessage:
        parsed = message_from_bytes(self.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed

    @property
    def body(self) -> str:
        content = self.message.get_content()
        assert isinstance(content, str)
        return content


@dataclass
class Delivery:
    """Routes each recipient: ``maildir_for(address)`` is a local user's Maildir, or ``None`` (relayed)."""

    maildir_for: Callable[[str], Path | None]
    owner: tuple[int, int] | None = None
    received: list[Envelope] = field(default_factory=list)
    relayed: list[Envelope] = field(default_factory=list)
    logins: list[str] = field(default_factory=list)
    """The SMTP login of each accepted message ("" when the client did not authenticate)."""

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:  # noqa: N802
        """``refuse-550@...`` is refused for good, ``refuse-451@...`` for now; others are accepted."""
        local = address.partition("@")[0].lower()
        if local == "refuse-550":
            return "550 5.1.1 No such user here"
        if local == "refuse-451":
            return "451 4.3.0 Mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 - aiosmtpd's hook name
        content = bytes(envelope.original_content or envelope.content)
        received = Envelope(envelope.mail_from, tuple(envelope.rcpt_tos), content)
        self.received.append(received)
        auth = session.auth_data
        self.logins.append(auth.login.decode() if isinstance(auth, LoginPassword) else "")
        outside = [address for address in received.recipients if self.maildir_for(address) is None]
        for address in received.recipients:
            folder = self.maildir_for(address)
            if folder is not None:
                self._deliver(folder, content)
        if outside:
            self.relayed.append(Envelope(received.sender, tuple(outside), content))
        return "250 Message accepted for delivery"

    def _deliver(self, folder: Path, content: bytes) -> None:
        mailbox.Maildir(folder, create=False).add(mailbox.MaildirMessage(content))
        if self.owner is not None:  # Dovecot reads and renames the file as the mail user
            for path in (folder / "new").iterdir():
                os.chown(path, *self.owner)


class Credentials:
    def __init__(self, username: str, password: str) -> None:
        self._pair = (username.encode(), password.encode())

    def __call__(self, server: Any, session: Any, envelope: Any, mechanism: str, auth_data: Any) -> AuthResult:
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == self._pair
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


@dataclass
class SmtpServer:
    port: int
    delivery: Delivery


@contextlib.contextmanager
def running_smtp(
    delivery: Delivery,
    credentials: Credentials | None = None,
    *,
    starttls: ssl.SSLContext | None = None,
    implicit_tls: ssl.SSLContext | None = None,
) -> Iterator[SmtpServer]:
    """On 127.0.0.1, a free port. With ``credentials``, AUTH is offered (also without TLS: tests only) and
    checked; ``starttls`` offers STARTTLS, ``implicit_tls`` speaks TLS from the first byte."""
    port = free_port()
    options: dict[str, Any] = {}
    if credentials is not None:
        options.update(authenticator=credentials, auth_require_tls=False)
    if starttls is not None:
        options.update(tls_context=starttls, require_starttls=True)
    controller = Controller(delivery, hostname="127.0.0.1", port=port, ssl_context=implicit_tls, **options)
    controller.start()
    try:
        yield SmtpServer(port, delivery)
    finally:
        controller.stop()
