"""The Gmail connector: ``fetch_emails`` with a Gmail search, ``send_email`` and ``reply_email`` in the thread.

Ids are Gmail message ids. ``fetch_emails`` pages through ``users.messages.list`` and gets each message's
metadata (every header and the snippet, never the body) with at most ``CONCURRENT_GETS`` requests at a time; the
order is ``internalDate``, newest first. A reply carries ``threadId`` and ``In-Reply-To``/``References``, as Gmail
needs to keep it in the conversation.
"""

import asyncio
import html
import logging
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from email import policy
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from integrations.base.arguments import FetchEmailsArgs, ReplyEmailArgs, SendEmailArgs
from integrations.base.errors import NotFoundError, PermanentError
from integrations.email.compose import Sender, bare_id, new_message, reply_recipients, reply_references, reply_subject
from integrations.email.gmail.api import GmailApi, headers_of
from integrations.email.gmail.query import gmail_query
from integrations.email.summary import email_summary, within

SERVICE = "gmail"
DEFAULT_LIMIT = 50
CONCURRENT_GETS = 8
_GMAIL_ID = re.compile(r"[0-9a-fA-F]{1,64}")
logger = logging.getLogger(__name__)
Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


class GmailConnector:
    name = SERVICE
    tools: frozenset[str] = frozenset({"fetch_emails", "send_email", "reply_email"})

    def __init__(
        self, api: GmailApi, *, zone: ZoneInfo, sender: Sender | None = None, clock: Clock = system_clock
    ) -> None:
        self._api = api
        self._zone = zone
        self._sender = sender
        self._clock = clock

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if tool == "fetch_emails" and isinstance(arguments, FetchEmailsArgs):
            return await self.fetch_emails(arguments)
        if tool == "send_email" and isinstance(arguments, SendEmailArgs):
            return await self.send_email(arguments)
        if tool == "reply_email" and isinstance(arguments, ReplyEmailArgs):
            return await self.reply_email(arguments)
        raise PermanentError(f"the Gmail connector cannot run {tool!r} with these arguments", service=SERVICE)

    async def fetch_emails(self, args: FetchEmailsArgs) -> list[dict[str, Any]]:
        limit = args.limit or DEFAULT_LIMIT
        query = gmail_query(args)
        found: list[tuple[int, dict[str, Any]]] = []
        page_token: str | None = None
        while len(found) < limit:
            page = await self._api.list_messages(q=query, max_results=limit - len(found), page_token=page_token)
            ids = [str(m["id"]) for m in page.get("messages", []) if isinstance(m, dict) and "id" in m]
            for message in await self._get_all(ids):
                moment = _internal_date(message)
                if moment is not None and within(moment, args.since, args.until):
                    found.append((int(message["internalDate"]), self._summary(message, moment)))
            page_token = page.get("nextPageToken")
            if not page_token:
                break
        found.sort(key=lambda pair: pair[0], reverse=True)  # stable: Gmail's order among equal dates
        return [summary for _date, summary in found[:limit]]

    async def send_email(self, args: SendEmailArgs) -> dict[str, str]:
        sent = await self._send(to=args.to, cc=args.cc or [], subject=args.subject, body=args.body)
        return {"id": str(sent["id"])}

    async def reply_email(self, args: ReplyEmailArgs) -> dict[str, str]:
        original = await self._original(args.messageId.strip())
        headers = headers_of(original)
        own = "SENT" in original.get("labelIds", [])
        to = reply_recipients(
            own=own, sender=headers.get("from"), reply_to=headers.get("reply-to"), to=headers.get("to")
        )
        if not to:
            raise PermanentError("the email has no address to reply to", service=SERVICE)
        original_id = bare_id(headers.get("message-id"))
        sent = await self._send(
            to=to,
            cc=[],
            subject=reply_subject(headers.get("subject", "")),
            body=args.body,
            in_reply_to=original_id,
            references=reply_references(headers.get("references"), original_id),
            thread_id=str(original.get("threadId") or "") or None,
        )
        return {"id": str(sent["id"])}

    async def _original(self, message_id: str) -> dict[str, Any]:
        """The message to reply to. Gmail answers 400 (not 404) to an id of the wrong shape: both are not found."""
        if not _GMAIL_ID.fullmatch(message_id):
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)
        try:
            return await self._api.get_message(message_id)
        except PermanentError as error:
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE) from error

    async def _send(
        self,
        *,
        to: Sequence[str],
        cc: Sequence[str],
        subject: str,
        body: str,
        in_reply_to: str | None = None,
        references: Sequence[str] = (),
        thread_id: str | None = None,
    ) -> dict[str, Any]:
        outgoing = new_message(
            sender=self._sender,
            to=to,
            cc=cc,
            subject=subject,
            body=body,
            now=self._clock().astimezone(self._zone),
            in_reply_to=in_reply_to,
            references=references,
            id_domain=self._sender.domain if self._sender else "mail.gmail.com",
        )
        sent = await self._api.send(outgoing.message.as_bytes(policy=policy.SMTP), thread_id=thread_id)
        if "id" not in sent:
            raise PermanentError("Gmail accepted the email but gave no id for it", service=SERVICE)
        logger.info("sent an email to %d recipient(s) through Gmail", len(outgoing.recipients))
        return sent

    async def _get_all(self, ids: Sequence[str]) -> list[dict[str, Any]]:
        gate = asyncio.Semaphore(CONCURRENT_GETS)

        async def one(message_id: str) -> dict[str, Any] | None:
            async with gate:
                try:
                    return await self._api.get_message(message_id)
                except NotFoundError:  # deleted between list and get
                    return None

        found = await asyncio.gather(*(one(message_id) for message_id in ids))
        return [message for message in found if message is not None]

    def _summary(self, message: dict[str, Any], moment: datetime) -> dict[str, Any]:
        headers = headers_of(message)
        return email_summary(
            message_id=str(message["id"]),
            sender=headers.get("from"),
            to=headers.get("to"),
            subject=headers.get("subject"),
            date=moment,
            zone=self._zone,
            text=html.unescape(str(message.get("snippet", ""))),
            unread="UNREAD" in message.get("labelIds", []),
        )


def _internal_date(message: dict[str, Any]) -> datetime | None:
    try:
        return datetime.fromtimestamp(int(message["internalDate"]) / 1000, tz=UTC)
    except (KeyError, TypeError, ValueError):
        return None
