"""The Outlook mail connector: ``fetch_emails``, ``send_email``, ``reply_email`` (``replyAll``) and
``forward_email`` over Microsoft Graph.

Every message is written as a draft and then sent (``POST /me/messages`` or ``createReply``/``createReplyAll``/
``createForward``, then ``PATCH`` and attachments, then ``/send``): the draft's immutable id is the id of the sent
message, which ``sendMail`` and ``reply`` would not give. Replies keep Outlook's conversation; their recipients
follow the contract (the sender, or for one's own message its recipients; ``replyAll`` adds the other To and Cc,
never the user), the subject gets ``Re:`` once and a forward's ``Fwd:`` once. Bodies are plain text.

(v3) ``create_draft`` is the same draft left unsent (a reply's: ``createReply``, then its recipients and subject);
``update_email`` PATCHes ``isRead`` and archives with ``move`` to the well-known ``archive`` folder (back: to
``inbox``); with immutable ids the message keeps its id. ``fetch_emails`` also reads the archive folder.
"""

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from integrations.base.arguments import (
    CreateDraftArgs,
    FetchEmailsArgs,
    ForwardEmailArgs,
    ReplyEmailArgs,
    SendEmailArgs,
    UpdateEmailArgs,
)
from integrations.base.errors import NotFoundError, PermanentError
from integrations.base.files import FileSource
from integrations.email.compose import reply_subject
from integrations.email.dispatch import run_mail_tool
from integrations.microsoft import mail_files
from integrations.microsoft.graph import SERVICE, Graph, segment
from integrations.microsoft.mail_read import FOLDERS, addresses, forwarded, list_params, matches, received, summary

logger = logging.getLogger(__name__)
DEFAULT_LIMIT = 50
PAGE_SIZE = 50
_FORWARDED = re.compile(r"(?i)^\s*(fwd?|fw)\s*:")
ORIGINAL = "id,from,replyTo,toRecipients,ccRecipients,subject,conversationId,receivedDateTime"


class OutlookMail:
    name = "microsoft_mail"
    tools: frozenset[str] = frozenset(
        {"fetch_emails", "send_email", "reply_email", "forward_email", "create_draft", "update_email"}
    )

    def __init__(self, graph: Graph, *, zone: ZoneInfo, files: FileSource | None = None) -> None:
        self._graph = graph
        self._zone = zone
        self._source = files

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_mail_tool(self, tool, arguments, service=SERVICE, label="Microsoft 365 mail")

    async def fetch_emails(self, args: FetchEmailsArgs) -> list[dict[str, Any]]:
        limit = args.limit or DEFAULT_LIMIT
        found = await asyncio.gather(*(self._folder(folder, args, limit) for folder in FOLDERS))
        for folder, messages in zip(FOLDERS, found, strict=True):
            for message in messages:
                message["_archived"] = folder == "archive"
        newest = sorted((m for messages in found for m in messages), key=_moment, reverse=True)[:limit]
        files = await asyncio.gather(
            *(mail_files.listed(self._graph, str(m["id"])) if m.get("hasAttachments") else _none() for m in newest)
        )
        return [
            {**summary(message, self._zone, attached, body=bool(args.includeBody)), "archived": message["_archived"]}
            for message, attached in zip(newest, files, strict=True)
        ]

    async def create_draft(self, args: CreateDraftArgs) -> dict[str, str]:
        """(v3) The draft a send would make, left in Drafts (files attached), never sent."""
        mail_files.check_refs(args.attachments or [], self._source)
        if args.replyTo is None:
            draft = await self._graph.post(
                "me/messages",
                {
                    "subject": args.subject,
                    "body": {"contentType": "text", "content": args.body},
                    "toRecipients": _recipients(args.to or []),
                    "ccRecipients": _recipients(args.cc or []),
                },
            )
            changes: dict[str, Any] = {}
        else:
            original = await self._original(args.replyTo)
            sender = addresses(original.get("replyTo")) or addresses([original.get("from")])
            me = (await self._graph.my_address()).casefold()
            own = any(address.casefold() == me for address in addresses([original.get("from")]))
            path = f"me/messages/{segment(original['id'])}/createReply"
            draft = await self._graph.post(path, {"Comment": args.body})
            changes = {
                "subject": args.subject or reply_subject(str(original.get("subject") or "")),
                "toRecipients": _recipients(args.to or (addresses(original.get("toRecipients")) if own else sender)),
                "ccRecipients": _recipients(args.cc or []),
            }
        draft_id = _id_of(draft)
        try:
            if changes:
                await self._graph.patch(f"me/messages/{segment(draft_id)}", changes)
            await mail_files.attach(self._graph, draft_id, list(args.attachments or []), self._source)
        except Exception:
            await self._discard(draft_id)
            raise
        return {"id": draft_id}

    async def update_email(self, args: UpdateEmailArgs) -> dict[str, Any]:
        """(v3) ``isRead`` patched; archived by a ``move`` to the ``archive`` folder, or back to ``inbox``."""
        original = await self._original(args.messageId)
        message_id = str(original["id"])
        if args.unread is not None:
            await self._graph.patch(f"me/messages/{segment(message_id)}", {"isRead": not args.unread})
        if args.archived is not None:
            moved = await self._graph.post(
                f"me/messages/{segment(message_id)}/move", {"DestinationId": "archive" if args.archived else "inbox"}
            )
            message_id = str(moved.get("id") or message_id)
        return {"id": message_id}

    async def send_email(self, args: SendEmailArgs) -> dict[str, str]:
        mail_files.check_refs(args.attachments or [], self._source)  # before any draft
        draft = await self._graph.post(
            "me/messages",
            {
                "subject": args.subject,
                "body": {"contentType": "text", "content": args.body},
                "toRecipients": _recipients(args.to),
                "ccRecipients": _recipients(args.cc or []),
            },
        )
        return await self._send(draft, args.attachments or [])

    async def reply_email(self, args: ReplyEmailArgs) -> dict[str, str]:
        mail_files.check_refs(args.attachments or [], self._source)
        original = await self._original(args.messageId)
        me = (await self._graph.my_address()).casefold()
        sender = addresses(original.get("replyTo")) or addresses([original.get("from")])
        own = any(address.casefold() == me for address in addresses([original.get("from")]))
        to = addresses(original.get("toRecipients")) if own else sender
        cc: list[str] = []
        if args.replyAll:
            to = _without([*to, *([] if own else addresses(original.get("toRecipients")))], {me})
            cc = _without(addresses(original.get("ccRecipients")), {me, *(a.casefold() for a in to)})
            if not to:
                to, cc = cc[:1] or sender, cc[1:]
        if not to:
            raise PermanentError("the email has no address to reply to", service=SERVICE)
        action = "createReplyAll" if args.replyAll else "createReply"
        draft = await self._graph.post(f"me/messages/{segment(original['id'])}/{action}", {"Comment": args.body})
        changes = {
            "subject": reply_subject(str(original.get("subject") or "")),
            "toRecipients": _recipients(to),
            "ccRecipients": _recipients(cc),
        }
        return await self._send(draft, args.attachments or [], changes)

    async def forward_email(self, args: ForwardEmailArgs) -> dict[str, str]:
        original = await self._original(args.messageId, with_body=True)
        path = f"me/messages/{segment(original['id'])}/createForward"
        draft = await self._graph.post(path, {"ToRecipients": _recipients(args.to)})  # keeps the files
        subject = str(original.get("subject") or "")
        changes: dict[str, Any] = {
            "subject": subject if _FORWARDED.match(subject) else f"Fwd: {subject}",
            "body": {"contentType": "text", "content": forwarded(original, args.body, self._zone)},
            "ccRecipients": _recipients(args.cc or []),
        }
        return await self._send(draft, [], changes)

    async def _folder(self, folder: str, args: FetchEmailsArgs, limit: int) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        params = list_params(args, PAGE_SIZE)
        async for page in self._graph.pages(f"me/mailFolders/{folder}/messages", params):
            found += [message for message in page if "id" in message and matches(message, args)]
            if len(found) >= limit and "$search" not in params:  # ordered pages: the newest are in hand
                break
        return found

    async def _original(self, message_id: str, *, with_body: bool = False) -> dict[str, Any]:
        """The message replied to or forwarded. Graph answers 400 to an id of the wrong shape: not found too."""
        select = f"{ORIGINAL},body" if with_body else ORIGINAL
        try:
            return await self._graph.get(f"me/messages/{segment(message_id)}", {"$select": select})
        except PermanentError as error:
            if type(error) is not PermanentError:
                raise
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE) from error
        except NotFoundError as error:
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE) from error

    async def _send(
        self, draft: dict[str, Any], attachments: Sequence[str], changes: dict[str, Any] | None = None
    ) -> dict[str, str]:
        """Change the draft, attach the files, send it; a draft that fails before sending is removed."""
        draft_id = _id_of(draft)
        try:
            if changes:
                await self._graph.patch(f"me/messages/{segment(draft_id)}", changes)
            await mail_files.attach(self._graph, draft_id, list(attachments), self._source)
        except Exception:
            await self._discard(draft_id)
            raise
        await self._graph.post(
            f"me/messages/{segment(draft_id)}/send"
        )  # a failure here keeps the draft: it may be sent
        logger.info("sent an email through Microsoft 365")
        return {"id": draft_id}

    async def _discard(self, draft_id: str) -> None:
        try:
            await self._graph.delete(f"me/messages/{segment(draft_id)}")
        except Exception:  # the failure that brought us here is the one to report
            logger.warning("an unsent draft could not be removed from Drafts")


def _id_of(draft: dict[str, Any]) -> str:
    if not draft.get("id"):
        raise PermanentError("Microsoft Graph created no draft", service=SERVICE)
    return str(draft["id"])


def _recipients(values: Sequence[str]) -> list[dict[str, Any]]:
    return [{"emailAddress": {"address": address}} for address in dict.fromkeys(values)]


def _without(values: Sequence[str], excluded: set[str]) -> list[str]:
    seen = set(excluded)
    kept: list[str] = []
    for value in values:
        if value.casefold() not in seen:
            seen.add(value.casefold())
            kept.append(value)
    return kept


def _moment(message: dict[str, Any]) -> float:
    moment = received(message)
    return moment.timestamp() if moment else 0.0


async def _none() -> list[dict[str, Any]]:
    return []
