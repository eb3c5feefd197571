"""The mailbox: an inbox and a sent folder in one ``messages`` table, recipients in ``message_recipients``.

``fetch_emails`` searches the whole mailbox (inbox and sent, as a Gmail search without ``in:`` does), newest
first. ``from`` is shown as ``Name <address>``; ``to`` is the list of To addresses. A sender or recipient filter
matches a name or an address by containment, and also the addresses of CRM contacts whose name matches.
"""

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any, Literal

from integrations.base.arguments import FetchEmailsArgs, ReplyEmailArgs, SendEmailArgs
from integrations.base.errors import NotFoundError
from integrations.local.crm import CONTACT_ADDRESSES_NAMED
from integrations.local.database import SERVICE, inserted_row_id
from integrations.local.timestamps import local_iso, storage_key

DEFAULT_LIMIT = 50
SNIPPET_LENGTH = 160
_PREFIX = "msg"

Folder = Literal["inbox", "sent"]


@dataclass(frozen=True)
class Mailer:
    """Who a message is from."""

    name: str | None
    address: str

    def shown(self) -> str:
        return f"{self.name} <{self.address}>" if self.name else self.address


@dataclass(frozen=True)
class NewMessage:
    folder: Folder
    sender: Mailer
    to: Sequence[str]
    subject: str
    body: str
    sent_at: datetime
    unread: bool = False
    cc: Sequence[str] = ()
    in_reply_to: int | None = None
    thread_id: int | None = None


def insert_message(connection: sqlite3.Connection, message: NewMessage) -> str:
    """Store a message (sent, or delivered to the inbox); returns its public id."""
    cursor = connection.execute(
        "INSERT INTO messages (folder, sender_name, sender_address, subject, body, sent_at, unread, in_reply_to)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            message.folder,
            message.sender.name,
            message.sender.address,
            message.subject,
            message.body,
            storage_key(message.sent_at),
            int(message.unread),
            message.in_reply_to,
        ],
    )
    row_id = inserted_row_id(cursor)
    connection.execute("UPDATE messages SET thread_id = ? WHERE id = ?", [message.thread_id or row_id, row_id])
    recipients = [("to", i, a) for i, a in enumerate(message.to)] + [("cc", i, a) for i, a in enumerate(message.cc)]
    connection.executemany(
        "INSERT INTO message_recipients (message_id, kind, position, address) VALUES (?, ?, ?, ?)",
        [(row_id, kind, position, address) for kind, position, address in recipients],
    )
    return f"{_PREFIX}-{row_id}"


def send_message(
    connection: sqlite3.Connection, args: SendEmailArgs, *, owner: Mailer, now: datetime
) -> dict[str, Any]:
    message = NewMessage("sent", owner, args.to, args.subject, args.body, now, cc=args.cc or ())
    return {"id": insert_message(connection, message)}


def reply_to_message(
    connection: sqlite3.Connection, args: ReplyEmailArgs, *, owner: Mailer, now: datetime
) -> dict[str, Any]:
    """Reply in the original's thread: to its sender (or, replying to one's own message, its recipients)."""
    row_id = _row_id(args.messageId)
    original = None
    if row_id is not None:
        original = connection.execute("SELECT * FROM messages WHERE id = ?", [row_id]).fetchone()
    if row_id is None or original is None:
        raise NotFoundError(f"no email with id {args.messageId!r}", service=SERVICE)
    own = original["folder"] == "sent"
    to = _recipients(connection, [row_id])[row_id] if own else [original["sender_address"]]
    subject = original["subject"]
    if not re.match(r"(?i)re:", subject):
        subject = f"Re: {subject}"
    reply = NewMessage("sent", owner, to, subject, args.body, now, in_reply_to=row_id, thread_id=original["thread_id"])
    return {"id": insert_message(connection, reply)}


def fetch_messages(connection: sqlite3.Connection, args: FetchEmailsArgs, *, zone: tzinfo) -> list[dict[str, Any]]:
    conditions: list[str] = []
    parameters: list[Any] = []

    def add(condition: str, *values: Any) -> None:
        conditions.append(condition)
        parameters.extend(values)

    if args.query:
        add(
            "(contains_folded(m.subject, ?) OR contains_folded(m.body, ?)"
            " OR contains_folded(m.sender_name, ?) OR contains_folded(m.sender_address, ?))",
            *[args.query] * 4,
        )
    if args.sender:
        add(
            "(contains_folded(m.sender_name, ?) OR contains_folded(m.sender_address, ?)"
            f" OR folded(m.sender_address) IN ({CONTACT_ADDRESSES_NAMED}))",
            *[args.sender] * 3,
        )
    if args.to:  # To and Cc, as Gmail's to: operator
        add(
            "EXISTS (SELECT 1 FROM message_recipients r WHERE r.message_id = m.id"
            f" AND (contains_folded(r.address, ?) OR folded(r.address) IN ({CONTACT_ADDRESSES_NAMED})))",
            *[args.to] * 2,
        )
    if args.subject:
        add("contains_folded(m.subject, ?)", args.subject)
    if args.since:
        add("m.sent_at >= ?", storage_key(args.since))
    if args.until:
        add("m.sent_at < ?", storage_key(args.until))
    if args.unreadOnly:
        add("m.unread = 1")
    rows = connection.execute(
        f"SELECT m.* FROM messages m WHERE {' AND '.join(conditions) or '1'}"
        " ORDER BY m.sent_at DESC, m.id DESC LIMIT ?",
        [*parameters, args.limit or DEFAULT_LIMIT],
    ).fetchall()
    recipients = _recipients(connection, [row["id"] for row in rows])
    return [_shown(row, recipients.get(row["id"], []), zone) for row in rows]


def snippet(body: str, length: int = SNIPPET_LENGTH) -> str:
    """The body on one line, cut at a word boundary to about ``length`` characters."""
    flat = " ".join(body.split())
    if len(flat) <= length:
        return flat
    cut = flat[:length].rsplit(" ", 1)[0]
    return f"{cut}…"


def _recipients(connection: sqlite3.Connection, row_ids: Sequence[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {row_id: [] for row_id in row_ids}
    if not row_ids:
        return found
    rows = connection.execute(
        "SELECT message_id, address FROM message_recipients WHERE kind = 'to'"
        f" AND message_id IN ({', '.join('?' for _ in row_ids)}) ORDER BY message_id, position",
        list(row_ids),
    )
    for row in rows:
        found[row["message_id"]].append(row["address"])
    return found


def _shown(row: sqlite3.Row, to: list[str], zone: tzinfo) -> dict[str, Any]:
    return {
        "id": f"{_PREFIX}-{row['id']}",
        "from": Mailer(row["sender_name"], row["sender_address"]).shown(),
        "to": to,
        "subject": row["subject"],
        "date": local_iso(row["sent_at"], zone),
        "snippet": snippet(row["body"]),
        "unread": bool(row["unread"]),
    }


def _row_id(public_id: str) -> int | None:
    match = re.fullmatch(rf"{_PREFIX}-(\d+)", public_id.strip())
    return int(match.group(1)) if match else None
