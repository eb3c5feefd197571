"""One IMAP session over aioimaplib: connect (TLS, STARTTLS or plain), log in, select, search, fetch, append.

Failures are mapped into the connector error tree::

    refused connection, reset, timeout, [UNAVAILABLE]/[INUSE]/[LIMIT]   TransientError
    LOGIN refused ([AUTHENTICATIONFAILED], [EXPIRED]...)                 AuthError
    a certificate that cannot be verified, NO/BAD to a command          PermanentError

aioimaplib logs every line it sends and receives at DEBUG level (message bodies included), so its logger is kept
at WARNING: nothing of a message reaches the logs.
"""

import asyncio
import contextlib
import logging
import socket
import ssl
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from datetime import datetime

import aioimaplib  # type: ignore[import-untyped]

from integrations.base.errors import AuthError, PermanentError, TransientError
from integrations.email.imap import responses
from integrations.email.imap.search import needs_utf8, quoted, uid_set
from integrations.email.imap.settings import ImapSettings, tls_context
from integrations.outbound import ServerPolicy

SERVICE = "imap"
logger = logging.getLogger(__name__)
logging.getLogger("aioimaplib.aioimaplib").setLevel(logging.WARNING)
_TRANSIENT_CODES = {"UNAVAILABLE", "INUSE", "LIMIT", "SERVERBUG"}
_AUTH_CODES = {"AUTHENTICATIONFAILED", "AUTHORIZATIONFAILED", "EXPIRED", "PRIVACYREQUIRED"}


class ImapSession:
    """A logged-in session; get one from ``imap_session``."""

    def __init__(self, client: aioimaplib.IMAP4, timeout: float) -> None:
        self._client = client
        self._timeout = timeout

    def has_capability(self, name: str) -> bool:
        return bool(self._client.has_capability(name))

    async def select(self, folder: str) -> int | None:
        """Select ``folder``; its UIDVALIDITY, or ``None`` when the folder does not exist."""
        with mapped_errors("select a folder"):
            response = await self._client.select(quoted(folder))
        if response.result != "OK":
            if response.result == "NO" and not responses.status_codes(response.lines) & _TRANSIENT_CODES:
                return None
            _raise_for(response, "select a folder")
        validity = responses.first_code_value(response.lines, "UIDVALIDITY")
        return int(validity) if validity and validity.isdigit() else 0

    async def search(self, criteria: Sequence[str]) -> list[int]:
        with mapped_errors("search"):
            response = await self._client.uid_search(*criteria, charset="UTF-8" if needs_utf8(criteria) else None)
        _raise_for(response, "search")
        return responses.parse_search(response.lines)

    async def fetch(self, uids: Sequence[int], items: str) -> list[responses.Fetched]:
        if not uids:
            return []
        with mapped_errors("fetch messages"):
            response = await self._client.uid("fetch", uid_set(uids), items)
        _raise_for(response, "fetch messages")
        wanted = set(uids)
        return [item for item in responses.parse_fetch(response.lines) if item.uid in wanted]

    async def append(self, raw: bytes, folder: str, *, seen: bool, when: datetime, draft: bool = False) -> None:
        """Store ``raw`` in ``folder`` (created when the server says it does not exist yet); ``draft``: flagged
        ``\\Draft`` (and ``\\Seen``), as a mail client keeps a draft."""
        flags = "(\\Seen \\Draft)" if draft else "(\\Seen)" if seen else None
        for attempt in (1, 2):
            with mapped_errors("store a message"):
                response = await self._client.append(raw, mailbox=quoted(folder), flags=flags, date=when)
            if response.result == "OK":
                return
            if attempt == 1 and "TRYCREATE" in responses.status_codes(response.lines):
                await self.create(folder)
                continue
            _raise_for(response, "store a message")

    async def set_flag(self, uid: int, flag: str, *, on: bool) -> None:
        """``UID STORE uid +FLAGS.SILENT (flag)`` (or ``-FLAGS``) in the selected folder."""
        with mapped_errors("change a message's flags"):
            response = await self._client.uid(
                "store", str(uid), "+FLAGS.SILENT" if on else "-FLAGS.SILENT", f"({flag})"
            )
        _raise_for(response, "change a message's flags")

    async def move(self, uid: int, folder: str) -> None:
        """Move one message of the selected folder to ``folder`` (created when missing): ``UID MOVE`` (RFC 6851)
        where the server has it, else ``UID COPY``, ``\\Deleted`` and ``UID EXPUNGE`` (RFC 4315)."""
        for attempt in (1, 2):
            with mapped_errors("move a message"):
                if self.has_capability("MOVE"):
                    response = await self._client.uid("move", str(uid), quoted(folder))
                else:
                    response = await self._client.uid("copy", str(uid), quoted(folder))
            if response.result == "OK":
                break
            if attempt == 1 and "TRYCREATE" in responses.status_codes(response.lines):
                await self.create(folder)
                continue
            _raise_for(response, "move a message")
        if not self.has_capability("MOVE"):
            await self.set_flag(uid, "\\Deleted", on=True)
            if not self.has_capability("UIDPLUS"):
                raise PermanentError(
                    "the IMAP server has neither MOVE nor UIDPLUS: the message was copied, not moved", service="imap"
                )
            with mapped_errors("move a message"):
                response = await self._client.uid("expunge", str(uid))
            _raise_for(response, "move a message")

    async def create(self, folder: str) -> None:
        with mapped_errors("create a folder"):
            response = await self._client.create(quoted(folder))
        _raise_for(response, "create a folder")

    async def folder_with(self, attribute: str) -> str | None:
        """The first folder the server marks with ``attribute`` (e.g. ``\\Sent``, RFC 6154)."""
        with mapped_errors("list folders"):
            response = await self._client.list('""', '"*"')
        _raise_for(response, "list folders")
        wanted = attribute.lower()
        return next((name for attrs, name in responses.parse_list(response.lines) if wanted in attrs), None)


class _OnCheckedSocket(aioimaplib.IMAP4):  # type: ignore[misc]
    """aioimaplib's client over a socket already connected to a checked address; TLS still verifies ``host``."""

    def __init__(
        self, sock: socket.socket, *, host: str, port: int, timeout: float, ssl_context: ssl.SSLContext | None
    ) -> None:
        self._sock = sock
        super().__init__(host=host, port=port, timeout=timeout, ssl_context=ssl_context)

    def create_client(
        self,
        host: str,
        port: int,
        loop: asyncio.AbstractEventLoop | None,
        conn_lost_cb: Callable[[Exception | None], None] | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        running = loop if loop is not None else asyncio.get_running_loop()
        self.protocol = aioimaplib.IMAP4ClientProtocol(running, conn_lost_cb)
        hostname = host if ssl_context is not None else None
        self._client_task = running.create_task(
            running.create_connection(lambda: self.protocol, sock=self._sock, ssl=ssl_context, server_hostname=hostname)
        )


@contextlib.asynccontextmanager
async def imap_session(settings: ImapSettings, servers: ServerPolicy | None = None) -> AsyncIterator[ImapSession]:
    """Connect, log in, yield the session, log out (the connection is closed whatever happens). ``servers``: a
    person's own server, reached only at an address the policy allows (``integrations.outbound``)."""
    timeout = settings.timeout_seconds
    context = tls_context(settings.ca_file) if settings.security != "none" else None
    with mapped_errors("connect"):
        if servers is not None:
            port = settings.effective_port
            sock = await servers.connect(settings.host, port, timeout=timeout, service=SERVICE)
            tls = context if settings.security == "tls" else None
            client = _OnCheckedSocket(sock, host=settings.host, port=port, timeout=timeout, ssl_context=tls)
        elif settings.security == "tls":
            client = aioimaplib.IMAP4_SSL(
                host=settings.host, port=settings.effective_port, timeout=timeout, ssl_context=context
            )
        else:
            client = aioimaplib.IMAP4(host=settings.host, port=settings.effective_port, timeout=timeout)
    try:
        with mapped_errors("connect"):
            await client.wait_hello_from_server()
            if settings.security == "starttls":
                assert context is not None
                await _start_tls(client, settings.host, context, timeout)
        with mapped_errors("log in"):
            try:
                response = await client.login(quoted(settings.username), settings.password.get_secret_value())
            except ValueError as error:  # aioimaplib refuses CR, LF and NUL in any argument
                raise AuthError(
                    "the IMAP username or password has characters IMAP cannot send", service=SERVICE
                ) from error
        if response.result != "OK":
            codes = responses.status_codes(response.lines)
            if codes & _TRANSIENT_CODES:
                raise TransientError("the IMAP server cannot log us in right now", service=SERVICE)
            raise AuthError("the IMAP server refused the username or password", service=SERVICE)
        yield ImapSession(client, timeout)
        with contextlib.suppress(Exception):
            await client.logout()
    finally:
        connecting = getattr(client, "_client_task", None)  # still connecting when the greeting timed out
        if connecting is not None and not connecting.done():
            connecting.cancel()
        transport = getattr(client.protocol, "transport", None)
        if transport is not None:
            transport.close()


async def _start_tls(client: aioimaplib.IMAP4, host: str, context: ssl.SSLContext, timeout: float) -> None:
    """STARTTLS (RFC 3501 §6.2.1), which aioimaplib lacks: the command, then the same protocol over TLS."""
    protocol = client.protocol
    if "STARTTLS" not in protocol.capabilities:
        raise PermanentError("the IMAP server does not offer STARTTLS; use security tls or none", service=SERVICE)
    command = aioimaplib.Command("STARTTLS", protocol.new_tag(), loop=protocol.loop)
    response = await asyncio.wait_for(protocol.execute(command), timeout)
    _raise_for(response, "start TLS")
    loop = asyncio.get_running_loop()
    protocol.transport = await asyncio.wait_for(
        loop.start_tls(protocol.transport, protocol, context, server_hostname=host), timeout
    )
    await asyncio.wait_for(protocol.capability(), timeout)  # capabilities may change once encrypted


def _raise_for(response: aioimaplib.Response, what: str) -> None:
    if response.result == "OK":
        return
    codes = responses.status_codes(response.lines)
    logger.info("IMAP %s failed: %s %s", what, response.result, sorted(codes))
    if codes & _TRANSIENT_CODES:
        raise TransientError(f"the IMAP server could not {what} right now", service=SERVICE)
    if codes & _AUTH_CODES:
        raise AuthError(f"the IMAP server refused our credentials ({what})", service=SERVICE)
    raise PermanentError(f"the IMAP server refused to {what} ({response.result})", service=SERVICE)


@contextlib.contextmanager
def mapped_errors(what: str) -> Iterator[None]:
    """Library and network failures → the connector error tree."""
    try:
        yield
    except ssl.SSLCertVerificationError as error:
        raise PermanentError(f"the IMAP server's certificate was not trusted ({what})", service=SERVICE) from error
    except (TimeoutError, aioimaplib.CommandTimeout) as error:
        raise TransientError(f"the IMAP server did not answer in time ({what})", service=SERVICE) from error
    except (OSError, aioimaplib.AioImapException) as error:
        raise TransientError(
            f"the IMAP server could not be reached ({what}: {error.__class__.__name__})", service=SERVICE
        ) from error
