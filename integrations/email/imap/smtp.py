"""Sending with aiosmtplib: connect (TLS, STARTTLS or plain), log in, send; failures in the connector error tree.

A failure *before* the message is handed over (no connection, 4xx to a command) is transient and safe to retry.
Once the message data has been sent, a dropped connection or a timeout leaves the outcome unknown: that is a
``PermanentError`` ("may have been sent"), so the engine never sends the same message twice on its own::

    refused connection, connect timeout, 4xx reply     TransientError
    535 to AUTH                                        AuthError
    5xx reply, unverifiable certificate, lost answer   PermanentError
    some recipients refused, the others accepted       returned by ``send`` (the connector says who was not reached)
"""

import contextlib
import logging
import ssl
from collections.abc import Iterator
from email.message import EmailMessage

import aiosmtplib

from integrations.base.errors import AuthError, PermanentError, TransientError
from integrations.email.imap.settings import ImapSettings, SmtpSettings, tls_context
from integrations.outbound import ServerPolicy

SERVICE = "smtp"
logger = logging.getLogger(__name__)


def smtp_client(smtp: SmtpSettings, imap: ImapSettings) -> aiosmtplib.SMTP:
    """The client for ``smtp``; credentials default to the IMAP account's."""
    username = password = None
    if smtp.login:
        username = smtp.username or imap.username
        secret = smtp.password or imap.password
        password = secret.get_secret_value()
    return aiosmtplib.SMTP(
        hostname=smtp.host,
        port=smtp.effective_port,
        username=username,
        password=password,
        use_tls=smtp.security == "tls",
        start_tls=smtp.security == "starttls",
        timeout=smtp.timeout_seconds,
        tls_context=tls_context(smtp.ca_file) if smtp.security != "none" else None,
    )


async def connect(client: aiosmtplib.SMTP, servers: ServerPolicy | None = None) -> None:
    """Connect ``client`` (and log in); with ``servers``, a person's own server, only at an address the policy
    allows, the one checked (``integrations.outbound``)."""
    if servers is None:
        await client.connect()
        return
    host, port = str(client.hostname), int(client.port or 25)
    sock = await servers.connect(host, port, timeout=float(client.timeout or 60), service=SERVICE)
    try:
        await client.connect(sock=sock, port=None)
    except BaseException:
        sock.close()
        raise


async def send(
    client: aiosmtplib.SMTP, message: EmailMessage, recipients: tuple[str, ...], servers: ServerPolicy | None = None
) -> dict[str, str]:
    """Hand ``message`` to the server for ``recipients`` (To and Cc; Bcc would go here too); the recipients the server
    refused while taking the message for the others, each with its reply (``550 5.1.1 No such user here``).
    ``servers``: a person's own server (``connect``)."""
    try:
        with _before_data():
            await connect(client, servers)
        with _during_send():
            refused, _reply = await client.send_message(message, recipients=list(recipients))
        if refused:
            logger.warning("SMTP server accepted the message but refused %d recipient(s)", len(refused))
        return {address: f"{answer.code} {answer.message}".strip() for address, answer in refused.items()}
    finally:
        if client.is_connected:
            with contextlib.suppress(aiosmtplib.SMTPException, OSError):
                await client.quit()
        client.close()


@contextlib.contextmanager
def _before_data() -> Iterator[None]:
    try:
        yield
    except aiosmtplib.SMTPAuthenticationError as error:
        raise AuthError("the SMTP server refused the username or password", service=SERVICE) from error
    except aiosmtplib.SMTPResponseException as error:
        raise _by_code(error.code, "refused the connection") from error
    except aiosmtplib.SMTPNotSupported as error:
        raise PermanentError(f"the SMTP server does not support what we need ({error})", service=SERVICE) from error
    except ssl.SSLCertVerificationError as error:
        raise PermanentError("the SMTP server's certificate could not be verified", service=SERVICE) from error
    except (aiosmtplib.SMTPException, OSError) as error:
        raise TransientError(
            f"the SMTP server could not be reached ({error.__class__.__name__})", service=SERVICE
        ) from error


@contextlib.contextmanager
def _during_send() -> Iterator[None]:
    try:
        yield
    except aiosmtplib.SMTPRecipientsRefused as error:
        codes = [refusal.code for refusal in error.recipients]
        transient = bool(codes) and all(400 <= code < 500 for code in codes)
        kind = TransientError if transient else PermanentError
        raise kind(f"the SMTP server refused every recipient ({sorted(set(codes))})", service=SERVICE) from error
    except aiosmtplib.SMTPResponseException as error:  # sender refused, data refused: nothing was accepted
        raise _by_code(error.code, "did not accept the message") from error
    except (aiosmtplib.SMTPException, OSError) as error:
        raise PermanentError(
            "the connection to the SMTP server was lost while sending; the message may have been sent,"
            " check the sent folder before trying again",
            service=SERVICE,
        ) from error


def _by_code(code: int, what: str) -> TransientError | PermanentError:
    if 400 <= code < 500:
        return TransientError(f"the SMTP server {what} for now ({code})", service=SERVICE)
    return PermanentError(f"the SMTP server {what} ({code})", service=SERVICE)
