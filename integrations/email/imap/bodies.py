"""Reading message text over IMAP: only the part that holds it, and only as much as needed.

For a snippet the first ``PREVIEW_BYTES`` of the text part are fetched, for ``includeBody`` up to ``BODY_BYTES``;
attachments are never downloaded to list mail. The part is decoded with its own transfer encoding and charset (from
BODYSTRUCTURE), HTML laid out as text. A message whose structure could not be read falls back to the start of its
body (``BODY[TEXT]``) read with its header. Everything is fetched with ``BODY.PEEK``: nothing is marked read.
"""

from collections.abc import Mapping
from email import policy
from email.message import Message
from email.parser import BytesParser

from integrations.email.headers import header_text
from integrations.email.imap.session import ImapSession
from integrations.email.imap.structure import Leaf
from integrations.email.summary import body_text, part_text

PREVIEW_BYTES = 16384
BODY_BYTES = 1024 * 1024
WHOLE = "(UID BODY.PEEK[])"


async def texts(
    session: ImapSession,
    parts: Mapping[int, Leaf | None],
    headers: Mapping[int, bytes],
    *,
    whole: bool,
) -> dict[int, str]:
    """The text of each message (by UID) of the selected folder; ``parts`` is each one's text part (``None``:
    structure unknown, ``BODY[TEXT]`` is read with the message's header instead)."""
    limit = BODY_BYTES if whole else PREVIEW_BYTES
    sections: dict[str, list[int]] = {}
    for uid, leaf in parts.items():
        sections.setdefault("TEXT" if leaf is None else leaf.number, []).append(uid)
    found: dict[int, str] = {}
    for section, uids in sections.items():
        for item in await session.fetch(uids, f"(UID BODY.PEEK[{section}]<0.{limit}>)"):
            data = item.sections.get(f"BODY[{section}]<0>", b"")
            if len(data) >= limit:  # cut short: end on a whole line, so that base64 still decodes
                data = data[: data.rfind(b"\n") + 1] or data
            leaf = parts.get(item.uid)
            if leaf is None:
                found[item.uid] = body_text(_parse(headers.get(item.uid, b"") + data))
            else:
                found[item.uid] = part_text(_parse(_part_header(leaf) + data))
    return found


async def whole_message(session: ImapSession, folder: str, uid: int) -> Message | None:
    """The whole message (attachments included), or ``None`` when it is gone."""
    if await session.select(folder) is None:
        return None
    for item in await session.fetch([uid], WHOLE):
        return _parse(item.sections.get("BODY[]", b""))
    return None


def _part_header(leaf: Leaf) -> bytes:
    charset = header_text(leaf.params.get("charset", "")).replace('"', "")
    content_type = f"{leaf.maintype}/{leaf.subtype}" + (f'; charset="{charset}"' if charset else "")
    encoding = header_text(leaf.encoding)
    return f"Content-Type: {content_type}\r\nContent-Transfer-Encoding: {encoding}\r\n\r\n".encode("ascii", "replace")


def _parse(raw: bytes) -> Message:
    return BytesParser(policy=policy.default).parsebytes(raw)
