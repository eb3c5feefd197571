"""``fetch_emails`` over IMAP, and finding one message by the id ``fetch_emails`` shows.

A message's id is its Message-ID without angle brackets (stable across folders, sessions and servers); a message
without one gets ``imap:<UIDVALIDITY>:<UID>:<folder>``. Searching the inbox and the sent folder, a message found in
both (one sent to oneself) is shown once. Order: INTERNALDATE (when the server received or stored the message),
newest first; within the same second, the later UID first. Messages are fetched with ``BODY.PEEK`` (never marked
read), headers whole and only the first ``PREVIEW_BYTES`` of the body, enough for the snippet.
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
from integrations.email.compose import bare_id
from integrations.email.imap.responses import Fetched
from integrations.email.imap.search import quoted, search_criteria
from integrations.email.imap.session import SERVICE, ImapSession
from integrations.email.summary import body_text, email_summary, within

DEFAULT_LIMIT = 50
PREVIEW_BYTES = 16384
_DATES = "(UID INTERNALDATE)"
_DETAILS = f"(UID FLAGS INTERNALDATE BODY.PEEK[HEADER] BODY.PEEK[TEXT]<0.{PREVIEW_BYTES}>)"
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
    """A message found by id: its headers, and the folder it is in."""

    folder: str
    headers: Message


async def fetch_emails(
    session: ImapSession, folders: Sequence[str], args: FetchEmailsArgs, zone: tzinfo
) -> list[dict[str, Any]]:
    criteria = search_criteria(args)
    candidates: list[_Candidate] = []
    validities: dict[str, int] = {}
    for rank, folder in enumerate(folders):
        validity = await session.select(folder)
        if validity is None:  # e.g. no sent folder yet
            continue
        validities[folder] = validity
        for item in await session.fetch(await session.search(criteria), _DATES):
            if item.internal_date is not None and within(item.internal_date, args.since, args.until):
                candidates.append(_Candidate(folder, rank, item.uid, item.internal_date))
    candidates.sort(key=lambda c: (c.date, -c.rank, c.uid), reverse=True)
    limit = args.limit or DEFAULT_LIMIT
    results: list[dict[str, Any]] = []
    shown: set[str] = set()
    position = 0
    while len(results) < limit and position < len(candidates):
        batch = candidates[position : position + limit - len(results)]
        position += len(batch)
        details = await _details(session, batch)
        for candidate in batch:
            detail = details.get((candidate.folder, candidate.uid))
            if detail is None:  # expunged in the meantime
                continue
            summary = _summary(detail, candidate, validities[candidate.folder], zone)
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
                    return FoundMessage(folder, headers)
    raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)


async def _by_uid(session: ImapSession, wanted: str) -> FoundMessage | None:
    validity_text, _, rest = wanted.removeprefix(_UID_PREFIX).partition(":")
    uid_text, _, folder = rest.partition(":")
    if not (validity_text.isdigit() and uid_text.isdigit() and folder):
        return None
    if await session.select(folder) != int(validity_text):  # the folder was rebuilt: its UIDs mean nothing now
        return None
    for item in await session.fetch([int(uid_text)], _HEADER):
        return FoundMessage(folder, _parse(item.sections.get("BODY[HEADER]", b"")))
    return None


async def _details(session: ImapSession, batch: Sequence[_Candidate]) -> dict[tuple[str, int], Fetched]:
    found: dict[tuple[str, int], Fetched] = {}
    for folder in dict.fromkeys(c.folder for c in batch):
        if await session.select(folder) is None:
            continue
        uids = [c.uid for c in batch if c.folder == folder]
        for item in await session.fetch(uids, _DETAILS):
            found[(folder, item.uid)] = item
    return found


def _summary(item: Fetched, candidate: _Candidate, validity: int, zone: tzinfo) -> dict[str, Any]:
    header = item.sections.get("BODY[HEADER]", b"")
    message = _parse(header + item.sections.get("BODY[TEXT]<0>", b""))
    message_id = bare_id(message.get("Message-ID")) or f"{_UID_PREFIX}{validity}:{item.uid}:{candidate.folder}"
    return email_summary(
        message_id=message_id,
        sender=_shown(message, "From"),
        to=_shown(message, "To"),
        subject=_shown(message, "Subject"),
        date=candidate.date,
        zone=zone,
        text=body_text(message),
        unread="\\Seen" not in item.flags,
    )


def _shown(message: Message, name: str) -> str | None:
    """A header to show; one the email package refuses (an address part that decodes to a line break) as it
    stands, for ``email_summary`` to decode onto one line."""
    try:
        value = message.get(name)
    except ValueError:
        return next((raw for key, raw in message.raw_items() if key.lower() == name.lower()), None)
    return None if value is None else str(value)


def _parse(raw: bytes) -> Message:
    return BytesParser(policy=policy.default).parsebytes(raw)
