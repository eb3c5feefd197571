"""The Gmail connector: ``fetch_emails`` with a Gmail search; ``send_email``, ``reply_email`` (in the thread, to all
on request) and ``forward_email``, with files from the mailbox.

Ids are Gmail message ids; attachments are named by part number (``integrations.email.files``). A reply or a forward
carries the original's ``threadId`` and ``References`` (a reply also ``In-Reply-To``), as Gmail needs to keep it in
the conversation. Gmail files what is sent in Sent itself. The user's own address, left out of a reply to all, is
``PLANBOT_GMAIL_FROM_ADDRESS`` or else the mailbox's (``users.getProfile``, asked once).
"""

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from email import policy
from email.message import Message
from typing import Any, TypeVar
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
from integrations.base.errors import NotFoundError, PermanentError, PermissionDeniedError, QuotaError
from integrations.base.files import FileSource
from integrations.email.compose import (
    Outgoing,
    Sender,
    bare_id,
    header_addresses,
    new_message,
    reply_all_recipients,
    reply_recipients,
    reply_references,
    reply_subject,
)
from integrations.email.dispatch import run_mail_tool
from integrations.email.files import OutgoingFile, attachment_at, attachments_of
from integrations.email.forwarding import forward_subject, forward_text
from integrations.email.gmail import reading
from integrations.email.gmail.api import GmailApi, View, headers_of
from integrations.email.references import AttachmentRef
from integrations.email.shared import outgoing_files, parsed_refs
from integrations.email.summary import body_text, to_addresses

SERVICE = "gmail"
TOOLS = frozenset({"fetch_emails", "send_email", "reply_email", "forward_email", "create_draft", "update_email"})
_GMAIL_ID = re.compile(r"[0-9a-fA-F]{1,64}")
logger = logging.getLogger(__name__)
Clock = Callable[[], datetime]
_T = TypeVar("_T")


def system_clock() -> datetime:
    return datetime.now(UTC)


class GmailConnector:
    name = SERVICE
    tools: frozenset[str] = TOOLS

    def __init__(
        self,
        api: GmailApi,
        *,
        zone: ZoneInfo,
        sender: Sender | None = None,
        clock: Clock = system_clock,
        files: FileSource | None = None,
    ) -> None:
        self._api = api
        self._source = files
        self._zone = zone
        self._sender = sender
        self._clock = clock
        self._own_address = sender.address if sender else None

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_mail_tool(self, tool, arguments, service=SERVICE, label="Gmail")

    async def fetch_emails(self, args: FetchEmailsArgs) -> list[dict[str, Any]]:
        return await reading.fetch_emails(self._api, args, self._zone)

    async def send_email(self, args: SendEmailArgs) -> dict[str, str]:
        files = await self._files(args.attachments or [])
        sent = await self._send(to=args.to, cc=args.cc or [], subject=args.subject, body=args.body, files=files)
        return {"id": str(sent["id"])}

    async def reply_email(self, args: ReplyEmailArgs) -> dict[str, str]:
        refs = parsed_refs(args.attachments or [], service=SERVICE, source=self._source)  # refused before any call
        reply = await self._reply_to(args.messageId.strip(), reply_all=bool(args.replyAll))
        files = await outgoing_files(refs, source=self._source, from_mailbox=self._mailed)
        sent = await self._send(body=args.body, files=files, **reply)
        return {"id": str(sent["id"])}

    async def create_draft(self, args: CreateDraftArgs) -> dict[str, str]:
        """(v3) ``drafts.create``: a new mail, or a reply in the original's thread (its sender, its ``Re:``
        subject, ``In-Reply-To`` and ``References``), saved and not sent."""
        refs = parsed_refs(args.attachments or [], service=SERVICE, source=self._source)
        parts: dict[str, Any] = {"to": list(args.to or []), "cc": list(args.cc or []), "subject": args.subject}
        if args.replyTo is not None:
            reply = await self._reply_to(args.replyTo.strip(), reply_all=False)
            parts = {**reply, **{k: v for k, v in parts.items() if v}}
        files = await outgoing_files(refs, source=self._source, from_mailbox=self._mailed)
        outgoing = self._outgoing(body=args.body, files=files, **parts)
        draft = await self._api.create_draft(
            outgoing.message.as_bytes(policy=policy.SMTP), thread_id=parts.get("thread_id")
        )
        if "id" not in draft:
            raise PermanentError("Gmail saved the draft but gave no id for it", service=SERVICE)
        return {"id": str(draft["id"])}

    async def update_email(self, args: UpdateEmailArgs) -> dict[str, Any]:
        """(v3) ``messages.modify``: read/unread is the ``UNREAD`` label; archiving takes ``INBOX`` off."""
        add: list[str] = []
        remove: list[str] = []
        if args.unread is not None:
            (add if args.unread else remove).append("UNREAD")
        if args.archived is not None:
            (remove if args.archived else add).append("INBOX")
        message_id = args.messageId.strip()
        changed = await self._by_id(message_id, lambda: self._api.modify(message_id, add=add, remove=remove))
        labels = set(changed.get("labelIds") or [])
        return {
            "id": str(changed.get("id") or message_id),
            "unread": "UNREAD" in labels,
            "archived": "INBOX" not in labels,
        }

    async def _reply_to(self, message_id: str, *, reply_all: bool) -> dict[str, Any]:
        """Who a reply to ``message_id`` goes to, its subject and its place in the thread."""
        original = await self._original(message_id, view="metadata")
        headers = headers_of(original)
        own = "SENT" in original.get("labelIds", [])
        to = reply_recipients(
            own=own, sender=headers.get("from"), reply_to=headers.get("reply-to"), to=headers.get("to")
        )
        cc: list[str] = []
        if reply_all:
            to, cc = reply_all_recipients(
                own=own,
                replied=to,
                original_to=header_addresses(headers.get("to")),
                original_cc=header_addresses(headers.get("cc")),
                me=await self._me(),
            )
        if not to:
            raise PermanentError("the email has no address to reply to", service=SERVICE)
        original_id = bare_id(headers.get("message-id"))
        return {
            "to": to,
            "cc": cc,
            "subject": reply_subject(headers.get("subject", "")),
            "in_reply_to": original_id,
            "references": reply_references(headers.get("references"), original_id),
            "thread_id": str(original.get("threadId") or "") or None,
        }

    async def forward_email(self, args: ForwardEmailArgs) -> dict[str, str]:
        message_id = args.messageId.strip()
        original = await self._original(message_id, view="metadata")
        whole = await self._whole(message_id)
        headers = headers_of(original)
        original_id = bare_id(headers.get("message-id"))
        text = forward_text(
            note=args.body,
            sender=headers.get("from"),
            date=reading.internal_date(original) or self._clock(),
            zone=self._zone,
            subject=headers.get("subject"),
            to=to_addresses([headers.get("to")]),
            cc=to_addresses([headers.get("cc")]),
            text=body_text(whole),
        )
        sent = await self._send(
            to=args.to,
            cc=args.cc or [],
            subject=forward_subject(headers.get("subject", "")),
            body=text,
            references=reply_references(headers.get("references"), original_id),
            thread_id=str(original.get("threadId") or "") or None,
            files=[file for _number, file in attachments_of(whole)],
        )
        return {"id": str(sent["id"])}

    async def _original(self, message_id: str, *, view: View) -> dict[str, Any]:
        return await self._by_id(message_id, lambda: self._api.get_message(message_id, view=view))

    async def _whole(self, message_id: str) -> Message:
        return await self._by_id(message_id, lambda: reading.raw_message(self._api, message_id))

    async def _by_id(self, message_id: str, read: Callable[[], Awaitable[_T]]) -> _T:
        """A message by id. Gmail answers 400 (not 404) to an id of the wrong shape: both are not found. A 403
        stays what it is (a scope not granted, a quota, the daily limit: ``JsonApi`` tells them apart); a rate
        limit is transient and passes as well."""
        if not _GMAIL_ID.fullmatch(message_id):
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE)
        try:
            return await read()
        except (PermissionDeniedError, QuotaError):
            raise
        except (NotFoundError, PermanentError) as error:
            raise NotFoundError(f"no email with id {message_id!r}", service=SERVICE) from error

    async def _files(self, refs: Sequence[str]) -> list[OutgoingFile]:
        """The files ``refs`` name: shared ones from the file source (else refused), the others from the mailbox."""
        parsed = parsed_refs(refs, service=SERVICE, source=self._source)
        return await outgoing_files(parsed, source=self._source, from_mailbox=self._mailed)

    async def _mailed(self, refs: Sequence[AttachmentRef]) -> list[OutgoingFile]:
        """The attachments ``refs`` name, read from the mailbox; an unknown one not found."""
        found = []
        for ref in refs:
            try:
                message = await self._whole(ref.message_id)
            except NotFoundError as error:
                raise NotFoundError(f"no attachment {ref.text!r} in the mailbox", service=SERVICE) from error
            file = attachment_at(message, ref.part)
            if file is None:
                raise NotFoundError(f"no attachment {ref.text!r} in the mailbox", service=SERVICE)
            found.append(file)
        return found

    async def _me(self) -> str | None:
        if self._own_address is None:
            address = (await self._api.profile()).get("emailAddress")
            self._own_address = str(address) if address else None
        return self._own_address

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
        files: Sequence[OutgoingFile] = (),
    ) -> dict[str, Any]:
        outgoing = self._outgoing(
            to=to, cc=cc, subject=subject, body=body, in_reply_to=in_reply_to, references=references, files=files
        )
        sent = await self._api.send(outgoing.message.as_bytes(policy=policy.SMTP), thread_id=thread_id)
        if "id" not in sent:
            raise PermanentError("Gmail accepted the email but gave no id for it", service=SERVICE)
        logger.info("sent an email to %d recipient(s) through Gmail (%d file(s))", len(outgoing.recipients), len(files))
        return sent

    def _outgoing(
        self,
        *,
        to: Sequence[str],
        cc: Sequence[str],
        subject: str | None,
        body: str,
        in_reply_to: str | None = None,
        references: Sequence[str] = (),
        thread_id: str | None = None,
        files: Sequence[OutgoingFile] = (),
    ) -> Outgoing:
        """The RFC 5322 message of a send or a draft (``thread_id`` is not a header: Gmail takes it beside)."""
        return new_message(
            sender=self._sender,
            to=to,
            cc=cc,
            subject=subject or "(no subject)",
            body=body,
            now=self._clock().astimezone(self._zone),
            in_reply_to=in_reply_to,
            references=references,
            id_domain=self._sender.domain if self._sender else "mail.gmail.com",
            files=files,
        )
