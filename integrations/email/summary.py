"""The read side both connectors share: a message → the ``fetch_emails`` result shape, in the user's time zone."""

import contextlib
import html
import re
from collections.abc import Sequence
from datetime import datetime, tzinfo
from email.header import decode_header, make_header
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr
from typing import Any

SNIPPET_LENGTH = 160
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]+>", re.IGNORECASE | re.DOTALL)


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


def html_to_text(markup: str) -> str:
    return html.unescape(_TAG.sub(" ", markup))


def body_text(message: Message) -> str:
    """The readable text of a message: its text/plain part, else its text/html part without tags.

    A message cut short (only its first bytes were fetched) gives what could be decoded."""
    if not isinstance(message, EmailMessage):
        return ""
    try:
        part = message.get_body(preferencelist=("plain", "html"))
        if part is None:
            return ""
        content = part.get_content()
    except (LookupError, ValueError, UnicodeError, AttributeError):
        return ""
    if not isinstance(content, str):
        return ""
    return html_to_text(content) if part.get_content_subtype() == "html" else content


def email_summary(
    *,
    message_id: str,
    sender: str | None,
    to: str | None,
    subject: str | None,
    date: datetime,
    zone: tzinfo,
    text: str,
    unread: bool,
) -> dict[str, Any]:
    """One ``fetch_emails`` result (contract §3)."""
    return {
        "id": message_id,
        "from": shown_sender(sender),
        "to": to_addresses([to]),
        "subject": decoded(subject),
        "date": date.astimezone(zone).isoformat(timespec="seconds"),
        "snippet": snippet(text),
        "unread": unread,
    }
