"""Attachments of messages, and the file references (contract §2.7) that name them.

- ``email:<message id>/<attachment id>`` (``email:msg-12/att-3``) names an attachment stored here; it must
  exist, and belong to that message, else ``NotFoundError`` naming the reference.
- ``slack:<file id>``: a file shared in Slack. With a ``FileSource`` the workspace fetches it before the write
  (``fetched``) and stores its name, type and bytes; without one it records the reference with a name
  (``Slack file F0123``) and an unknown size (``null``). The sent message lists it like any attachment.

Every attachment of a stored message is shown as ``{ref, name, size}`` with its ``email:`` reference.
"""

import re
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from integrations.base.errors import NotFoundError
from integrations.base.files import FileSource, is_shared
from integrations.local.database import SERVICE

_PREFIX = "att"
_EMAIL_REF = re.compile(r"email:msg-(\d+)/att-(\d+)")


@dataclass(frozen=True)
class AttachmentFile:
    name: str
    size: int | None
    content_type: str | None = None
    content: bytes | None = None
    source: str | None = None  # the reference it was recorded from, when its content is elsewhere


def reference(message_row_id: int, attachment_row_id: int) -> str:
    return f"email:msg-{message_row_id}/{_PREFIX}-{attachment_row_id}"


def resolve(
    connection: sqlite3.Connection, refs: Sequence[str], shared: Mapping[str, AttachmentFile] | None = None
) -> list[AttachmentFile]:
    """The files that ``refs`` name, in order and without repeats; ``shared``: the ``slack:`` ones fetched."""
    fetched = shared or {}
    return [fetched.get(ref) or _resolve_one(connection, ref) for ref in dict.fromkeys(ref.strip() for ref in refs)]


async def fetched(source: FileSource | None, refs: Sequence[str]) -> dict[str, AttachmentFile]:
    """The ``slack:`` files of ``refs`` read through ``source`` (none without one), by reference."""
    found: dict[str, AttachmentFile] = {}
    for ref in dict.fromkeys(ref.strip() for ref in refs):
        if source is not None and is_shared(ref):
            file = await source.fetch(ref)
            found[ref] = AttachmentFile(file.name, len(file.content), file.content_type, file.content, ref)
    return found


def of_message(connection: sqlite3.Connection, message_row_id: int) -> list[AttachmentFile]:
    rows = connection.execute(
        "SELECT * FROM attachments WHERE message_id = ? ORDER BY position", [message_row_id]
    ).fetchall()
    return [_file(row) for row in rows]


def store(connection: sqlite3.Connection, message_row_id: int, files: Sequence[AttachmentFile]) -> None:
    connection.executemany(
        "INSERT INTO attachments (message_id, position, name, size, content_type, content, source)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (message_row_id, position, f.name, f.size, f.content_type, f.content, f.source)
            for position, f in enumerate(files)
        ],
    )


def shown(connection: sqlite3.Connection, message_row_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
    """``{ref, name, size}`` of each message's attachments, in their order."""
    found: dict[int, list[dict[str, Any]]] = {row_id: [] for row_id in message_row_ids}
    if not message_row_ids:
        return found
    rows = connection.execute(
        "SELECT id, message_id, name, size FROM attachments"
        f" WHERE message_id IN ({', '.join('?' for _ in message_row_ids)}) ORDER BY message_id, position",
        list(message_row_ids),
    )
    for row in rows:
        found[row["message_id"]].append(
            {"ref": reference(row["message_id"], row["id"]), "name": row["name"], "size": row["size"]}
        )
    return found


def _resolve_one(connection: sqlite3.Connection, ref: str) -> AttachmentFile:
    if ref.startswith("slack:"):
        file_id = ref.removeprefix("slack:")
        return AttachmentFile(name=f"Slack file {file_id}", size=None, source=ref)
    match = _EMAIL_REF.fullmatch(ref)
    row = None
    if match:
        row = connection.execute(
            "SELECT * FROM attachments WHERE id = ? AND message_id = ?", [int(match.group(2)), int(match.group(1))]
        ).fetchone()
    if row is None:
        raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=SERVICE)
    return _file(row)


def _file(row: sqlite3.Row) -> AttachmentFile:
    return AttachmentFile(row["name"], row["size"], row["content_type"], row["content"], row["source"])
