"""The mailbox: an inbox and a sent folder in one ``messages`` table, recipients in ``message_recipients``,
attachments in ``attachments``. Sending, replying and forwarding are in ``mail_compose``.

``fetch_emails`` searches the whole mailbox (inbox, archived and sent, as a Gmail search without ``in:`` does;
drafts are not mail yet and are left out), newest first; ``update_message`` marks a message read or unread and
archives it or puts it back in the inbox (v3). ``from`` is shown as ``Name <address>``; ``to`` and ``cc`` are
address lists; ``threadId`` names the conversation. ``query`` matches when each of its words occurs in the subject,
body or sender (any order, any case). A sender or recipient filter matches a name or an address by containment,
and also the addresses of CRM contacts whose name matches.
"""

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any, Literal

from integrations.base.arguments import FetchEmailsArgs, UpdateEmailArgs
from integrations.base.errors import NotFoundError
from integrations.local import attachments
from integrations.local.attachments import AttachmentFile
from integrations.local.crm import CONTACT_ADDRESSES_NAMED
from integrations.local.database import SERVICE, inserted_row_id
from integrations.local.search_words import query_words
from integrations.local.timestamps import local_iso, storage_key

DEFAULT_LIMIT = 50
SNIPPET_LENGTH = 160
_PREFIX = "msg"

Folder = Literal["inbox", "sent"]
RecipientKind = Literal["to", "cc"]


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
    files: Sequence[AttachmentFile] = ()
    draft: bool = False


def insert_message(connection: sqlite3.Connection, message: NewMessage) -> str:
    """Store a message (sent, or delivered to the inbox) with its attachments; returns its public id."""
    cursor = connection.execute(
        "INSERT INTO messages (folder, sender_name, sender_address, subject, body, sent_at, unread, in_reply_to,"
        " draft) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            message.folder,
            message.sender.name,
            message.sender.address,
            message.subject,
            message.body,
            storage_key(message.sent_at),
            int(message.unread),
            message.in_reply_to,
            int(message.draft),
        ],
    )
    row_id = inserted_row_id(cursor)
    connection.execute("UPDATE messages SET thread_id = ? WHERE id = ?", [message.thread_id or row_id, row_id])
    recipients = [("to", i, a) for i, a in enumerate(message.to)] + [("cc", i, a) for i, a in enumerate(message.cc)]
    connection.executemany(
        "INSERT INTO message_recipients (message_id, kind, position, address) VALUES (?, ?, ?, ?)",
        [(row_id, kind, position, address) for kind, position, address in recipients],
    )
    attachments.store(connection, row_id, message.files)
    return public_id(row_id)


def existing_message(connection: sqlite3.Connection, message_id: str) -> sqlite3.Row:
    """The stored row of a public message id, or NotFoundError."""
    row_id = _row_id(message_id)
    row: sqlite3.Row | None = None
    if row_id is not None:
        row = connection.execute("SELECT * FROM messages WHERE id = ?", [row_id]).fetchone()
    if row is None:
        raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)
    return row


def recipients(connection: sqlite3.Connection, row_ids: Sequence[int], kind: RecipientKind) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {row_id: [] for row_id in row_ids}
    if not row_ids:
        return found
    rows = connection.execute(
        "SELECT message_id, address FROM message_recipients WHERE kind = ?"
        f" AND message_id IN ({', '.join('?' for _ in row_ids)}) ORDER BY message_id, position",
        [kind, *row_ids],
    )
    for row in rows:
        found[row["message_id"]].append(row["address"])
    return found


def update_message(connection: sqlite3.Connection, args: UpdateEmailArgs) -> dict[str, Any]:
    """Mark read or unread, archive or move back to the inbox; a draft or a sent message is never archived."""
    row = existing_message(connection, args.messageId)
    if args.archived is not None and row["folder"] != "inbox":
        raise NotFoundError(f"{args.messageId!r} is not in the inbox: only received mail is archived", service=SERVICE)
    unread = row["unread"] if args.unread is None else int(args.unread)
    archived = row["archived"] if args.archived is None else int(args.archived)
    connection.execute("UPDATE messages SET unread = ?, archived = ? WHERE id = ?", [unread, archived, row["id"]])
    return {"id": public_id(row["id"]), "subject": row["subject"], "unread": bool(unread), "archived": bool(archived)}


def fetch_messages(connection: sqlite3.Connection, args: FetchEmailsArgs, *, zone: tzinfo) -> list[dict[str, Any]]:
    conditions: list[str] = ["m.draft = 0"]
    parameters: list[Any] = []

    def add(condition: str, *values: Any) -> None:
        conditions.append(condition)
        parameters.extend(values)

    for word in query_words(args.query):
        add(
            "(contains_folded(m.subject, ?) OR contains_folded(m.body, ?)"
            " OR contains_folded(m.sender_name, ?) OR contains_folded(m.sender_address, ?))",
            *[word] * 4,
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
    if args.hasAttachment is not None:
        add(f"{'' if args.hasAttachment else 'NOT '}EXISTS (SELECT 1 FROM attachments a WHERE a.message_id = m.id)")
    rows = connection.execute(
        f"SELECT m.* FROM messages m WHERE {' AND '.join(conditions) or '1'}"
        " ORDER BY m.sent_at DESC, m.id DESC LIMIT ?",
        [*parameters, args.limit or DEFAULT_LIMIT],
    ).fetchall()
    row_ids = [row["id"] for row in rows]
    to, cc = recipients(connection, row_ids, "to"), recipients(connection, row_ids, "cc")
    files = attachments.shown(connection, row_ids)
    found = []
    for row in rows:
        email = _shown(row, to[row["id"]], cc[row["id"]], files[row["id"]], zone)
        if args.includeBody:
            email["body"] = row["body"]
        found.append(email)
    return found


def snippet(body: str, length: int = SNIPPET_LENGTH) -> str:
    """The body on one line, cut at a word boundary to about ``length`` characters."""
    flat = " ".join(body.split())
    if len(flat) <= length:
        return flat
    cut = flat[:length].rsplit(" ", 1)[0]
    return f"{cut}…"


def public_id(row_id: int) -> str:
    return f"{_PREFIX}-{row_id}"


def _shown(row: sqlite3.Row, to: list[str], cc: list[str], files: list[dict[str, Any]], zone: tzinfo) -> dict[str, Any]:
    return {
        "id": public_id(row["id"]),
        "threadId": f"thread-{row['thread_id']}",
        "from": Mailer(row["sender_name"], row["sender_address"]).shown(),
        "to": to,
        "cc": cc,
        "subject": row["subject"],
        "date": local_iso(row["sent_at"], zone),
        "snippet": snippet(row["body"]),
        "unread": bool(row["unread"]),
        "archived": bool(row["archived"]),
        "attachments": files,
    }


def _row_id(public: str) -> int | None:
    match = re.fullmatch(rf"{_PREFIX}-(\d+)", public.strip())
    return int(match.group(1)) if match else None
