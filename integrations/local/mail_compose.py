"""Sending, replying and forwarding: each stores the new message in the sent folder; a draft (v3) is stored there
too, marked as a draft (not sent, not found by ``fetch_emails``).

- ``reply_email`` stays in the original's thread with ``Re:`` once; it goes to the original's sender (to one's
  own message: its recipients). ``replyAll`` also keeps the original's To and Cc, without the user's own address
  and without repeats (compared case-insensitively).
- ``forward_email`` starts the subject with ``Fwd:`` once, puts the note (``body``) above the forwarded mail's
  header and text, and carries the original's attachments along.
- ``attachments`` are file references (``attachments.resolve``).
"""

import re
import sqlite3
from collections.abc import Iterable, Mapping
from datetime import datetime, tzinfo
from typing import Any

from integrations.base.arguments import CreateDraftArgs, ForwardEmailArgs, ReplyEmailArgs, SendEmailArgs
from integrations.local import attachments
from integrations.local.mailbox import Mailer, NewMessage, existing_message, insert_message, recipients
from integrations.local.timestamps import from_storage

_REPLIED = re.compile(r"(?i)^\s*re\s*:")
_FORWARDED = re.compile(r"(?i)^\s*(fwd?|fw)\s*:")


def send_message(
    connection: sqlite3.Connection,
    args: SendEmailArgs,
    *,
    owner: Mailer,
    now: datetime,
    shared: Mapping[str, attachments.AttachmentFile] | None = None,
) -> dict[str, Any]:
    files = attachments.resolve(connection, args.attachments or [], shared)
    message = NewMessage("sent", owner, args.to, args.subject, args.body, now, cc=args.cc or (), files=files)
    return {"id": insert_message(connection, message)}


def save_draft(
    connection: sqlite3.Connection,
    args: CreateDraftArgs,
    *,
    owner: Mailer,
    now: datetime,
    shared: Mapping[str, attachments.AttachmentFile] | None = None,
) -> dict[str, Any]:
    """A draft of a new mail, or of a reply (``replyTo``) in the original's thread, to its sender unless ``to`` says
    otherwise, with its ``Re:`` subject unless ``subject`` says otherwise."""
    files = attachments.resolve(connection, args.attachments or [], shared)
    to, cc, subject = list(args.to or ()), list(args.cc or ()), args.subject
    in_reply_to = thread_id = None
    if args.replyTo is not None:
        original = existing_message(connection, args.replyTo)
        reply_to, _ = _reply_recipients(connection, original, owner, reply_all=False)
        to = to or reply_to
        subject = subject or _reply_subject(original["subject"])
        in_reply_to, thread_id = original["id"], original["thread_id"]
    message = NewMessage(
        "sent",
        owner,
        to,
        subject or "(no subject)",
        args.body,
        now,
        cc=cc,
        in_reply_to=in_reply_to,
        thread_id=thread_id,
        files=files,
        draft=True,
    )
    return {"id": insert_message(connection, message)}


def _reply_subject(subject: str) -> str:
    return subject if _REPLIED.match(subject) else f"Re: {subject}"


def _reply_recipients(
    connection: sqlite3.Connection, original: sqlite3.Row, owner: Mailer, *, reply_all: bool
) -> tuple[list[str], list[str]]:
    row_id = original["id"]
    own = original["folder"] == "sent"
    original_to = recipients(connection, [row_id], "to")[row_id]
    to = original_to if own else [original["sender_address"]]
    cc: list[str] = []
    if reply_all:
        to = _without([*to, *([] if own else original_to)], {owner.address})
        cc = _without(recipients(connection, [row_id], "cc")[row_id], {owner.address, *to})
        if not to:
            to, cc = cc[:1] or [original["sender_address"]], cc[1:]
    return to, cc


def reply_to_message(
    connection: sqlite3.Connection,
    args: ReplyEmailArgs,
    *,
    owner: Mailer,
    now: datetime,
    shared: Mapping[str, attachments.AttachmentFile] | None = None,
) -> dict[str, Any]:
    original = existing_message(connection, args.messageId)
    row_id = original["id"]
    to, cc = _reply_recipients(connection, original, owner, reply_all=bool(args.replyAll))
    subject = _reply_subject(original["subject"])
    files = attachments.resolve(connection, args.attachments or [], shared)
    reply = NewMessage(
        "sent",
        owner,
        to,
        subject,
        args.body,
        now,
        cc=cc,
        in_reply_to=row_id,
        thread_id=original["thread_id"],
        files=files,
    )
    return {"id": insert_message(connection, reply)}


def forward_message(
    connection: sqlite3.Connection, args: ForwardEmailArgs, *, owner: Mailer, now: datetime, zone: tzinfo
) -> dict[str, Any]:
    original = existing_message(connection, args.messageId)
    row_id = original["id"]
    subject = original["subject"] if _FORWARDED.match(original["subject"]) else f"Fwd: {original['subject']}"
    header = [
        "---------- Forwarded message ---------",
        f"From: {Mailer(original['sender_name'], original['sender_address']).shown()}",
        f"Date: {from_storage(original['sent_at']).astimezone(zone):%a, %d %b %Y at %H:%M}",
        f"Subject: {original['subject']}",
        f"To: {', '.join(recipients(connection, [row_id], 'to')[row_id])}",
    ]
    cc = recipients(connection, [row_id], "cc")[row_id]
    if cc:
        header.append(f"Cc: {', '.join(cc)}")
    note = (args.body or "").strip()
    body = "\n".join([*([note, ""] if note else []), *header, "", original["body"]])
    forward = NewMessage(
        "sent",
        owner,
        args.to,
        subject,
        body,
        now,
        cc=args.cc or (),
        thread_id=original["thread_id"],
        files=attachments.of_message(connection, row_id),
    )
    return {"id": insert_message(connection, forward)}


def _without(addresses: Iterable[str], excluded: Iterable[str]) -> list[str]:
    """``addresses`` in order, once each, leaving out ``excluded`` (all compared case-insensitively)."""
    seen = {address.strip().casefold() for address in excluded}
    kept: list[str] = []
    for address in addresses:
        key = address.strip().casefold()
        if key not in seen:
            seen.add(key)
            kept.append(address)
    return kept
