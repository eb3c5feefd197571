"""The read side both connectors share: a message → the ``fetch_emails`` result shape, in the user's time zone."""

import contextlib
from collections.abc import Sequence
from datetime import datetime, tzinfo
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr
from typing import Any

from integrations.email.files import FileInfo, is_attachment, leaf_parts
from integrations.email.html_text import html_to_text
from integrations.email.references import attachment_ref

SNIPPET_LENGTH = 160


def decoded(value: str | None) -> str:
    """A header value with RFC 2047 encoded words decoded; unfolded onto one line."""
    if not value:
        return ""
    text = str(value)
    if "=?" in text:
        with contextlib.suppress(ValueError, LookupError, UnicodeError):
            text = str(make_header(decode_header(text)))
    return " ".join(text.split())


def shown_sender(value: str | None) -> str:
    """``"Priya Shah" <priya@x.com>`` → ``Priya Shah <priya@x.com>`` (the local workspace's shape)."""
    name, address = parseaddr(decoded(value))
    if not address:
        return decoded(value)
    return f"{name} <{address}>" if name else address


def to_addresses(values: Sequence[str | None]) -> list[str]:
    return [address for _name, address in getaddresses([decoded(v) for v in values if v]) if address]


def snippet(text: str, length: int = SNIPPET_LENGTH) -> str:
    """The text on one line, cut at a word boundary to about ``length`` characters."""
    flat = " ".join(text.split())
    if len(flat) <= length:
        return flat
    cut = flat[:length].rsplit(" ", 1)[0]
    return f"{cut}…"


def within(moment: datetime, since: datetime | None, until: datetime | None) -> bool:
    """The range of ``fetch_emails``: ``since`` inclusive, ``until`` exclusive."""
    if since and moment < since:
        return False
    return not (until and moment >= until)


def text_part(message: Message) -> Message | None:
    """The part holding a message's text: its first text/plain part that is no attachment, else its first such
    text/html part (IMAP's reading picks the same part from BODYSTRUCTURE)."""
    texts = [
        part
        for _number, part in leaf_parts(message)
        if part.get_content_maintype() == "text"
        and not is_attachment(disposition=part.get_content_disposition(), filename=part.get_filename())
    ]
    for subtype in ("plain", "html"):
        found = next((part for part in texts if part.get_content_subtype() == subtype), None)
        if found is not None:
            return found
    return None


def body_text(message: Message) -> str:
    """The readable text of a message: its text/plain part, else its text/html part as text (``html_text``).

    A message cut short (only its first bytes were fetched) gives what could be decoded."""
    part = text_part(message)
    return "" if part is None else part_text(part)


def part_text(part: Message) -> str:
    """A text part's content as text (HTML laid out as text); empty when it cannot be decoded."""
    if not isinstance(part, EmailMessage):
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError, UnicodeError, AttributeError, AssertionError):
        return ""
    if not isinstance(content, str):
        return ""
    return text_of(content, html=part.get_content_subtype() == "html")


def text_of(content: str, *, html: bool) -> str:
    """Decoded part content as text: line ends as ``\n``, HTML laid out as text."""
    lines = content.replace("\r\n", "\n").replace("\r", "\n")
    return html_to_text(lines) if html else lines


def shown_files(message_id: str, files: Sequence[FileInfo]) -> list[dict[str, Any]]:
    """``attachments`` of a result: ``[{ref, name, size}]``."""
    return [{"ref": attachment_ref(message_id, f.part), "name": f.name, "size": f.size} for f in files]


def email_summary(
    *,
    message_id: str,
    thread_id: str,
    sender: str | None,
    to: str | None,
    cc: str | None,
    subject: str | None,
    date: datetime,
    zone: tzinfo,
    text: str,
    unread: bool,
    files: Sequence[FileInfo],
    body: str | None = None,
    archived: bool | None = None,
) -> dict[str, Any]:
    """One ``fetch_emails`` result (contract §3, with ``cc`` as the local workspace shows it); ``body`` when asked."""
    summary: dict[str, Any] = {
        "id": message_id,
        "threadId": thread_id,
        "from": shown_sender(sender),
        "to": to_addresses([to]),
        "cc": to_addresses([cc]),
        "subject": decoded(subject),
        "date": date.astimezone(zone).isoformat(timespec="seconds"),
        "snippet": snippet(text),
        "unread": unread,
        "attachments": shown_files(message_id, files),
    }
    if archived is not None:  # (v3) where the service tells it: received mail out of the inbox
        summary["archived"] = archived
    if body is not None:
        summary["body"] = body
    return summary
