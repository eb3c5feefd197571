"""Files in mail: which MIME parts are attachments, how they are numbered, and files to attach.

Parts are numbered as IMAP numbers them (RFC 3501 §6.4.5), by position: a single-part message is part ``1``; the
children of a multipart are ``1``, ``2``...; a multipart inside part ``2`` has ``2.1``, ``2.2``... An attached email
(``message/rfc822``) is one part, not opened. Both connectors number the same way (IMAP from BODYSTRUCTURE, Gmail
from the payload tree, either from a parsed message), so the part in an ``email:`` reference means one thing.

A part is an attachment when its disposition is ``attachment`` or it has a file name (``inline`` images with a name
count, as Gmail's ``has:attachment`` counts them).
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser

from integrations.email.headers import header_text, safe_file_name

DEFAULT_TYPE = "application/octet-stream"


@dataclass(frozen=True)
class FileInfo:
    """An attachment as ``fetch_emails`` shows it (with the message's id, it makes the ``ref``)."""

    part: str
    name: str
    size: int | None


@dataclass(frozen=True)
class OutgoingFile:
    """A file to attach: its name, MIME type (``type/subtype``) and bytes."""

    name: str
    content_type: str
    content: bytes


def is_attachment(*, disposition: str | None, filename: str | None) -> bool:
    return (disposition or "").strip().lower() == "attachment" or bool(filename and filename.strip())


def leaf_parts(message: Message) -> Iterator[tuple[str, Message]]:
    """Every leaf part with its number, in order (an attached email is a leaf)."""
    if message.get_content_maintype() != "multipart":
        yield "1", message
        return
    yield from _children(message, "")


def _children(message: Message, prefix: str) -> Iterator[tuple[str, Message]]:
    payload = message.get_payload()
    for position, child in enumerate(payload if isinstance(payload, list) else [], 1):
        number = f"{prefix}{position}"
        if child.get_content_maintype() == "multipart":
            yield from _children(child, f"{number}.")
        else:
            yield number, child


def attachments_of(message: Message) -> list[tuple[str, OutgoingFile]]:
    """The attachments of a parsed message, with their part numbers and decoded content."""
    found: list[tuple[str, OutgoingFile]] = []
    for number, part in leaf_parts(message):
        name = part.get_filename()
        if is_attachment(disposition=part.get_content_disposition(), filename=name):
            found.append((number, outgoing_file(part, number)))
    return found


def attachment_at(message: Message, number: str) -> OutgoingFile | None:
    """The attachment numbered ``number``, or ``None`` when that part is no attachment."""
    return next((file for found, file in attachments_of(message) if found == number), None)


def outgoing_file(part: Message, number: str) -> OutgoingFile:
    content = part.get_payload(decode=True)
    if not isinstance(content, bytes):  # an attached email: its bytes as they are
        inner = part.get_payload(0) if part.is_multipart() else None
        content = inner.as_bytes() if isinstance(inner, Message) else b""
    return OutgoingFile(file_name(part.get_filename(), number), part.get_content_type(), content)


def file_name(name: str | None, number: str) -> str:
    """A file name fit for a header: decoded, on one line, never empty."""
    cleaned = header_text(name or "")
    return cleaned or f"attachment-{number}"


def attach(message: EmailMessage, files: Sequence[OutgoingFile]) -> None:
    """Add ``files`` to ``message`` (which becomes multipart/mixed), names RFC 2231-encoded when they need it; an
    attached email stays an email (``message/rfc822``), anything else is sent base64-encoded as its type."""
    for file in files:
        name = safe_file_name(file.name)
        maintype, _, subtype = file.content_type.lower().partition("/")
        if (maintype, subtype) == ("message", "rfc822"):
            message.add_attachment(BytesParser(policy=policy.default).parsebytes(file.content), filename=name)
            continue
        if not (maintype and subtype) or maintype in ("multipart", "message"):
            maintype, _, subtype = DEFAULT_TYPE.partition("/")
        message.add_attachment(file.content, maintype=maintype, subtype=subtype, filename=name)
