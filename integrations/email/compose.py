"""Outgoing messages (RFC 5322, built with the standard library) and the reply rules both connectors follow.

Every header value goes through ``headers`` (no line break or control character in what is written, whatever
its source): subjects and names are cleaned, an unsafe address is refused with ``UnsafeHeaderError``.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, getaddresses, make_msgid

from integrations.email.files import OutgoingFile, attach
from integrations.email.headers import (
    UnsafeHeaderError,
    breaks_lines,
    safe_id,
    set_addresses,
    set_ids,
    set_mailbox,
    set_text,
)

_RE_PREFIX = re.compile(r"^\s*re\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class Sender:
    """Whose mail this is: the From of what we send, and how we recognise our own messages."""

    address: str
    name: str | None = None

    @property
    def domain(self) -> str:
        domain = self.address.rpartition("@")[2]
        return domain if domain and safe_id(f"id@{domain}") else "planbot.invalid"


@dataclass(frozen=True)
class Outgoing:
    """A message ready to send: the RFC 5322 message, its Message-ID (without angle brackets), its recipients."""

    message: EmailMessage
    message_id: str
    recipients: tuple[str, ...]


def new_message(
    *,
    sender: Sender | None,
    to: Sequence[str],
    cc: Sequence[str] = (),
    subject: str,
    body: str,
    now: datetime,
    in_reply_to: str | None = None,
    references: Sequence[str] = (),
    id_domain: str | None = None,
    files: Sequence[OutgoingFile] = (),
) -> Outgoing:
    """A plain-text UTF-8 message dated ``now`` (an aware datetime, written with its own UTC offset).

    ``sender`` may be ``None`` when the service fills in From itself (Gmail does). Control characters in the
    subject or the sender's name become spaces; an address holding one raises ``UnsafeHeaderError``; an id that
    cannot be written safely is left out of ``In-Reply-To``/``References``. ``files`` are attached after the text."""
    if now.utcoffset() is None:
        raise ValueError("the date of a message needs a UTC offset")
    message = EmailMessage()
    if sender is not None:
        set_mailbox(message, "From", sender.address, sender.name)
    set_addresses(message, "To", to)
    if cc:
        set_addresses(message, "Cc", cc)
    set_text(message, "Subject", subject)
    message["Date"] = format_datetime(now)
    domain = id_domain if id_domain and safe_id(f"id@{id_domain}") else sender.domain if sender else None
    message_id = make_msgid(domain=domain or "planbot.invalid")  # digits and dots @ a domain checked by safe_id
    message["Message-ID"] = message_id
    set_ids(message, "In-Reply-To", [in_reply_to] if in_reply_to else [])
    set_ids(message, "References", references)
    message.set_content(body)
    attach(message, files)
    return Outgoing(message, bare_id(message_id) or message_id, (*to, *cc))


def bare_id(value: str | None) -> str | None:
    """``<abc@host>`` → ``abc@host``; the first id when a header holds several; ``None`` when there is none."""
    ids = message_ids(value)
    return ids[0] if ids else None


def message_ids(value: str | None) -> list[str]:
    """Every ``<...>`` id of a References / In-Reply-To / Message-ID header, in order, without brackets."""
    if not value:
        return []
    found = re.findall(r"<([^<>\s]+)>", value)
    if found:
        return found
    plain = value.strip()
    return [plain] if plain and " " not in plain else []


def thread_root(*, references: str | None, in_reply_to: str | None, message_id: str | None) -> str | None:
    """The id of a conversation's first message, as clients thread mail: the first of the References, else the
    In-Reply-To, else the message's own id."""
    chain = message_ids(references) or message_ids(in_reply_to)
    return chain[0] if chain else message_id


def reply_subject(subject: str) -> str:
    """``Re: `` once: a subject that already starts with ``Re:`` (any case) is kept as it is."""
    return subject if _RE_PREFIX.match(subject) else f"Re: {subject}"


def reply_references(references: str | None, message_id: str | None) -> list[str]:
    """RFC 5322 §3.6.4: the parent's References followed by the parent's Message-ID."""
    chain = message_ids(references)
    if message_id and message_id not in chain:
        chain.append(message_id)
    return chain


def reply_recipients(*, own: bool, sender: str | None, reply_to: str | None, to: str | None) -> list[str]:
    """Whom a reply goes to: the original's Reply-To or From; for one's own message, its To recipients.

    ``UnsafeHeaderError`` when that header holds a line break or another control character once decoded: where
    its addresses end can no longer be told (a name ``x, evil@host`` reads as an address), so none is guessed."""
    chosen = (to if own else reply_to or sender) or ""
    if breaks_lines(chosen):
        raise UnsafeHeaderError("the email's sender or recipients hold a line break or a control character: no reply")
    return addresses([chosen] if chosen else [])


def reply_all_recipients(
    *, own: bool, replied: Sequence[str], original_to: Sequence[str], original_cc: Sequence[str], me: str | None
) -> tuple[list[str], list[str]]:
    """To and Cc of a reply to all: those a plain reply goes to (``replied``), then the original's To (when it was
    someone else's message), and its Cc in Cc; without the user's own address (``me``) and without repeats,
    compared case-insensitively. When nobody is left in To, the first Cc moves there."""
    excluded = {me} if me else set()
    to = _without([*replied, *([] if own else original_to)], excluded)
    cc = _without(original_cc, {*excluded, *to})
    if not to:
        to, cc = (cc[:1] or list(replied[:1])), cc[1:]
    return to, cc


def _without(values: Sequence[str], excluded: set[str]) -> list[str]:
    seen = {address.strip().casefold() for address in excluded}
    kept: list[str] = []
    for address in values:
        key = address.strip().casefold()
        if key and key not in seen:
            seen.add(key)
            kept.append(address.strip())
    return kept


def header_addresses(value: str | None) -> list[str]:
    """The addresses of a To/Cc header read from outside; ``UnsafeHeaderError`` when it holds a line break once
    decoded (where its addresses end can no longer be told)."""
    if value and breaks_lines(value):
        raise UnsafeHeaderError("the email's recipients hold a line break or a control character: no reply")
    return addresses([value] if value else [])


def addresses(values: Sequence[str]) -> list[str]:
    """The addresses of address-list header values, in order (names dropped)."""
    return [address for _name, address in getaddresses(list(values)) if address]
