"""``fetch_emails`` through Gmail: a search, then each message's headers, parts and text.

Pages of ``users.messages.list`` are followed (``nextPageToken``) until ``limit`` messages are found or the search
is exhausted; each message is read with ``format=full`` (headers, the MIME tree with attachment names and sizes,
text parts' data), at most ``CONCURRENT_GETS`` at a time. Order: ``internalDate``, newest first.
"""

import asyncio
import html
from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from email import policy
from email.message import Message
from email.parser import BytesParser
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from integrations.base.errors import NotFoundError
from integrations.email.gmail import payload
from integrations.email.gmail.api import GmailApi, decoded_data, headers_of
from integrations.email.gmail.query import gmail_query
from integrations.email.summary import body_text, email_summary, within

DEFAULT_LIMIT = 50
CONCURRENT_GETS = 8


async def fetch_emails(api: GmailApi, args: FetchEmailsArgs, zone: tzinfo) -> list[dict[str, Any]]:
    limit = args.limit or DEFAULT_LIMIT
    query = gmail_query(args)
    found: list[tuple[int, dict[str, Any]]] = []
    page_token: str | None = None
    while len(found) < limit:
        page = await api.list_messages(q=query, max_results=limit - len(found), page_token=page_token)
        ids = [str(m["id"]) for m in page.get("messages", []) if isinstance(m, dict) and "id" in m]
        for message in await _get_all(api, ids):
            moment = internal_date(message)
            if moment is not None and within(moment, args.since, args.until):
                body = await _body(api, message) if args.includeBody else None
                found.append((int(message["internalDate"]), _summary(message, moment, zone, body)))
        page_token = page.get("nextPageToken")
        if not page_token:
            break
    found.sort(key=lambda pair: pair[0], reverse=True)  # stable: Gmail's order among equal dates
    return [summary for _date, summary in found[:limit]]


def internal_date(message: dict[str, Any]) -> datetime | None:
    try:
        return datetime.fromtimestamp(int(message["internalDate"]) / 1000, tz=UTC)
    except (KeyError, TypeError, ValueError):
        return None


async def raw_message(api: GmailApi, message_id: str) -> Message:
    """The whole message, parsed (``NotFoundError`` when Gmail has no such message)."""
    answer = await api.get_message(message_id, view="raw")
    raw = decoded_data(answer.get("raw"))
    if raw is None:
        raise NotFoundError(f"Gmail gave no content for the email {message_id!r}", service="gmail")
    return BytesParser(policy=policy.default).parsebytes(raw)


async def _body(api: GmailApi, message: dict[str, Any]) -> str:
    tree = message.get("payload")
    text = payload.text(tree) if isinstance(tree, dict) else ""
    if text is None:  # a text part too large to come inline
        text = body_text(await raw_message(api, str(message["id"])))
    return text


async def _get_all(api: GmailApi, ids: Sequence[str]) -> list[dict[str, Any]]:
    gate = asyncio.Semaphore(CONCURRENT_GETS)

    async def one(message_id: str) -> dict[str, Any] | None:
        async with gate:
            try:
                return await api.get_message(message_id, view="full")
            except NotFoundError:  # deleted between list and get
                return None

    found = await asyncio.gather(*(one(message_id) for message_id in ids))
    return [message for message in found if message is not None]


def _summary(message: dict[str, Any], moment: datetime, zone: tzinfo, body: str | None) -> dict[str, Any]:
    headers = headers_of(message)
    tree = message.get("payload")
    message_id = str(message["id"])
    return email_summary(
        message_id=message_id,
        thread_id=str(message.get("threadId") or message_id),
        sender=headers.get("from"),
        to=headers.get("to"),
        cc=headers.get("cc"),
        subject=headers.get("subject"),
        date=moment,
        zone=zone,
        text=html.unescape(str(message.get("snippet", ""))),
        unread="UNREAD" in message.get("labelIds", []),
        files=payload.files(tree) if isinstance(tree, dict) else [],
        body=body,
        archived=not {"INBOX", "SENT", "DRAFT"} & set(message.get("labelIds", [])),
    )
