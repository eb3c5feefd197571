"""``fetch_emails`` over IMAP, and finding one message by the id ``fetch_emails`` shows.

A message's id is its Message-ID without angle brackets (stable across folders, sessions and servers); a message
without one gets ``imap:<UIDVALIDITY>:<UID>:<folder>``. Its ``threadId`` is the first id of its References (the
conversation's first message), else its In-Reply-To, else its own id: replies and forwards share their original's.
Searching the inbox and the sent folder, a message found in both (one sent to oneself) is shown once. Order:
INTERNALDATE (when the server received or stored the message), newest first; within the same second, the later UID
first. Headers and BODYSTRUCTURE are fetched whole, the text part only in part (``bodies``); attachments are listed
from BODYSTRUCTURE (``structure``), which also decides ``hasAttachment``. Nothing is marked read.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from email import policy
from email.message import Message
from email.parser import BytesParser
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from integrations.base.errors import NotFoundError
from integrations.email.compose import bare_id, thread_root
from integrations.email.imap import bodies, structure
from integrations.email.imap.responses import Fetched
from integrations.email.imap.search import quoted, search_criteria
from integrations.email.imap.session import SERVICE, ImapSession
from integrations.email.summary import email_summary, within

DEFAULT_LIMIT = 50
_DATES = "(UID INTERNALDATE)"
_DATES_AND_STRUCTURE = "(UID INTERNALDATE BODYSTRUCTURE)"
_DETAILS = "(UID FLAGS INTERNALDATE BODYSTRUCTURE BODY.PEEK[HEADER])"
_HEADER = "(UID FLAGS INTERNALDATE BODY.PEEK[HEADER])"
_UID_PREFIX = "imap:"


@dataclass(frozen=True)
class _Candidate:
    folder: str
    rank: int
    uid: int
    date: datetime


@dataclass(frozen=True)
class FoundMessage:
    """A message found by id: its headers, the folder it is in and its UID there."""

    folder: str
    headers: Message
    uid: int


async def fetch_emails(
    session: ImapSession, folders: Sequence[str], args: FetchEmailsArgs, zone: tzinfo, archive: str | None = None
) -> list[dict[str, Any]]:
    """``archive``: the folder archived mail is in (its results say ``archived``)."""
    criteria = search_criteria(args)
    candidates: list[_Candidate] = []
    validities: dict[str, int] = {}
    for rank, folder in enumerate(folders):
        validity = await session.select(folder)
        if validity is None:  # e.g. no sent folder yet
            continue
        validities[folder] = validity
        items = _DATES if args.hasAttachment is None else _DATES_AND_STRUCTURE
        for item in await session.fetch(await session.search(criteria), items):
            if item.internal_date is None or not within(item.internal_date, args.since, args.until):
                continue
            if args.hasAttachment is None or _has_attachment(item) == args.hasAttachment:
                candidates.append(_Candidate(folder, rank, item.uid, item.internal_date))
    candidates.sort(key=lambda c: (c.date, -c.rank, c.uid), reverse=True)
    limit = args.limit or DEFAULT_LIMIT
    results: list[dict[str, Any]] = []
    shown: set[str] = set()
    position = 0
    while len(results) < limit and position < len(candidates):
        batch = candidates[position : position + limit - len(results)]
        position += len(batch)
        for summary in await _summaries(session, batch, validities, zone, with_body=bool(args.includeBody)):
            if archive is not None:
                summary["archived"] = summary.pop("_folder", None) == archive
            summary.pop("_folder", None)
            if summary["id"] not in shown:
                shown.add(summary["id"])
                results.append(summary)
    return results


async def find_message(session: ImapSession, folders: Sequence[str], message_id: str) -> FoundMessage:
    """The message ``message_id`` names, searched in ``folders`` in order; ``NotFoundError`` when none has it."""
    wanted = message_id.strip()
    if wanted.startswith(_UID_PREFIX):
        found = await _by_uid(session, wanted)
        if found is not None:
            return found
    elif wanted:
        for folder in folders:
            if await session.select(folder) is None:
                continue
            uids = await session.search(["HEADER", "Message-ID", quoted(f"<{wanted}>")])
            for fetched in await session.fetch(uids, _HEADER):
                headers = _parse(fetched.sections.get("BODY[HEADER]", b""))
                if bare_id(headers.get("Message-ID")) == wanted:
                    return FoundMessage(folder, headers, fetched.uid)
    raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)


async def whole_message(session: ImapSession, folders: Sequence[str], message_id: str) -> tuple[FoundMessage, Message]:
    """The message ``message_id`` names, whole (attachments included); ``NotFoundError`` when none has it."""
    found = await find_message(session, folders, message_id)
    message = await bodies.whole_message(session, found.folder, found.uid)
    if message is None:
        raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)
    return found, message


async def _by_uid(session: ImapSession, wanted: str) -> FoundMessage | None:
    validity_text, _, rest = wanted.removeprefix(_UID_PREFIX).partition(":")
    uid_text, _, folder = rest.partition(":")
    if not (validity_text.isdigit() and uid_text.isdigit() and folder):
        return None
    if await session.select(folder) != int(validity_text):  # the folder was rebuilt: its UIDs mean nothing now
        return None
    for item in await session.fetch([int(uid_text)], _HEADER):
        return FoundMessage(folder, _parse(item.sections.get("BODY[HEADER]", b"")), item.uid)
    return None


async def _summaries(
    session: ImapSession, batch: Sequence[_Candidate], validities: dict[str, int], zone: tzinfo, *, with_body: bool
) -> list[dict[str, Any]]:
    """The results for ``batch``, in its order (a message expunged in the meantime is left out)."""
    details: dict[tuple[str, int], tuple[Fetched, list[structure.Leaf] | None]] = {}
    texts: dict[tuple[str, int], str] = {}
    for folder in dict.fromkeys(c.folder for c in batch):
        if await session.select(folder) is None:
            continue
        fetched = await session.fetch([c.uid for c in batch if c.folder == folder], _DETAILS)
        parts = {item.uid: _leaves(item) for item in fetched}
        details.update({(folder, item.uid): (item, parts[item.uid]) for item in fetched})
        text_parts = {uid: structure.text_leaf(leaves) if leaves is not None else None for uid, leaves in parts.items()}
        headers = {item.uid: item.sections.get("BODY[HEADER]", b"") for item in fetched}
        found = await bodies.texts(session, text_parts, headers, whole=with_body)
        texts.update({(folder, uid): text for uid, text in found.items()})
    results = []
    for candidate in batch:
        key = (candidate.folder, candidate.uid)
        if key not in details:
            continue
        item, leaves = details[key]
        text = texts.get(key, "")
        results.append(
            _summary(item, leaves, candidate, validities[candidate.folder], zone, text, text if with_body else None)
            | {"_folder": candidate.folder}
        )
    return results


def _summary(
    item: Fetched,
    leaves: list[structure.Leaf] | None,
    candidate: _Candidate,
    validity: int,
    zone: tzinfo,
    text: str,
    body: str | None,
) -> dict[str, Any]:
    headers = _parse(item.sections.get("BODY[HEADER]", b""))
    own_id = bare_id(shown_header(headers, "Message-ID"))
    message_id = own_id or f"{_UID_PREFIX}{validity}:{item.uid}:{candidate.folder}"
    root = thread_root(
        references=shown_header(headers, "References"),
        in_reply_to=shown_header(headers, "In-Reply-To"),
        message_id=own_id,
    )
    return email_summary(
        message_id=message_id,
        thread_id=root or message_id,
        sender=shown_header(headers, "From"),
        to=shown_header(headers, "To"),
        cc=shown_header(headers, "Cc"),
        subject=shown_header(headers, "Subject"),
        date=candidate.date,
        zone=zone,
        text=text,
        unread="\\Seen" not in item.flags,
        files=structure.files(leaves) if leaves is not None else [],
        body=body,
    )


def _leaves(item: Fetched) -> list[structure.Leaf] | None:
    try:
        return structure.leaves(item.text)
    except structure.StructureError:
        return None


def _has_attachment(item: Fetched) -> bool:
    leaves = _leaves(item)
    return leaves is not None and any(leaf.is_attachment for leaf in leaves)


def shown_header(message: Message, name: str) -> str | None:
    """A header to show; one the email package refuses (an address part that decodes to a line break) as it
    stands, for ``email_summary`` to decode onto one line."""
    try:
        value = message.get(name)
    except ValueError:
        return next((raw for key, raw in message.raw_items() if key.lower() == name.lower()), None)
    return None if value is None else str(value)


def _parse(raw: bytes) -> Message:
    return BytesParser(policy=policy.default).parsebytes(raw)
