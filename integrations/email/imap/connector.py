"""The SMTP/IMAP connector: reading over IMAP, sending over SMTP.

Each call opens its own IMAP session (connect, log in, work, log out): no connection goes stale between the
minutes or hours that separate a user's requests. A sent message (new, reply or forward) is appended to the sent
folder (``\\Seen``) so that ``fetch_emails`` finds it, as a mail client does; a failure there is logged, the message
is still sent. Files named by ``email:`` references are read from the mailbox before anything is sent; ``slack:``
references through the ``FileSource`` given, else refused (``integrations.email.shared``).
"""

import functools
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import Message
from email.utils import parseaddr
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
from integrations.base.errors import ConnectorError, NotFoundError, PartlyDoneError, PermanentError
from integrations.base.files import FileSource
from integrations.email.compose import (
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
from integrations.email.headers import UnsafeHeaderError
from integrations.email.imap import reading, smtp
from integrations.email.imap.session import ImapSession, imap_session
from integrations.email.imap.settings import ImapSettings, SmtpSettings
from integrations.email.references import AttachmentRef
from integrations.email.settings import resolve_zone
from integrations.email.shared import outgoing_files, parsed_refs
from integrations.email.summary import body_text, decoded, to_addresses
from integrations.outbound import ServerPolicy

logger = logging.getLogger(__name__)
Clock = Callable[[], datetime]
DEFAULT_SENT_FOLDER = "Sent"
DEFAULT_DRAFTS_FOLDER = "Drafts"
DEFAULT_ARCHIVE_FOLDER = "Archive"
TOOLS = frozenset({"fetch_emails", "send_email", "reply_email", "forward_email", "create_draft", "update_email"})


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class MailAccount:
    """Everything the connector needs: both servers, whose mail it is, and the zone dates are shown in."""

    imap: ImapSettings
    smtp: SmtpSettings
    sender: Sender
    zone: ZoneInfo

    @classmethod
    def from_settings(cls, imap: ImapSettings, smtp_settings: SmtpSettings) -> "MailAccount":
        address = smtp_settings.from_address or (imap.username if "@" in imap.username else None)
        if address is None:
            raise ValueError("set PLANBOT_SMTP_FROM_ADDRESS: the IMAP username is not an email address")
        return cls(imap, smtp_settings, Sender(address, smtp_settings.from_name), resolve_zone(imap.timezone))


class ImapSmtpConnector:
    name = "imap"
    tools: frozenset[str] = TOOLS

    def __init__(
        self,
        account: MailAccount,
        *,
        clock: Clock = system_clock,
        files: FileSource | None = None,
        servers: ServerPolicy | None = None,
    ) -> None:
        """``servers``: the servers are a person's own (typed in Slack or stored for them), reached only at
        addresses the policy allows; None: the operator's own, from the environment, trusted."""
        self._account = account
        self._servers = servers
        self._clock = clock
        self._source = files
        self._sent_folder = account.imap.sent_folder

    @property
    def account(self) -> MailAccount:
        return self._account

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        return await run_mail_tool(self, tool, arguments, service=self.name, label="IMAP")

    async def fetch_emails(self, args: FetchEmailsArgs) -> list[dict[str, Any]]:
        async with imap_session(self._account.imap, self._servers) as session:
            folders = await self._folders(session)
            archive = folders[1] if len(folders) == 3 else None
            return await reading.fetch_emails(session, folders, args, self._account.zone, archive)

    async def create_draft(self, args: CreateDraftArgs) -> dict[str, str]:
        """(v3) The draft APPENDed to the drafts folder (``\\Draft``), never sent; a reply's draft goes to the
        original's sender with its ``Re:`` subject, ``In-Reply-To`` and ``References``."""
        files = await self._files(args.attachments or [])
        parts: dict[str, Any] = {"to": list(args.to or []), "cc": list(args.cc or []), "subject": args.subject}
        if args.replyTo is not None:
            async with imap_session(self._account.imap, self._servers) as session:
                folders = await self._folders(session)
                found = await reading.find_message(session, folders, args.replyTo)
            reply = self._reply_parts(found, folders, reply_all=False)
            parts = {**reply, **{k: v for k, v in parts.items() if v}}
        now = self._clock().astimezone(self._account.zone)
        outgoing = new_message(
            sender=self._account.sender,
            to=parts["to"],
            cc=parts["cc"],
            subject=parts["subject"] or "(no subject)",
            body=args.body,
            now=now,
            in_reply_to=parts.get("in_reply_to"),
            references=parts.get("references", ()),
            files=files,
        )
        async with imap_session(self._account.imap, self._servers) as session:
            folder = await self._special(session, "\\Drafts", DEFAULT_DRAFTS_FOLDER, create=True)
            assert folder is not None
            await session.append(outgoing.message.as_bytes(policy=policy.SMTP), folder, seen=True, when=now, draft=True)
        return {"id": outgoing.message_id}

    async def update_email(self, args: UpdateEmailArgs) -> dict[str, Any]:
        """(v3) ``\\Seen`` set or cleared; archiving moves the message from the inbox to the archive folder
        (``\\Archive``, else "Archive", created when missing), and back."""
        async with imap_session(self._account.imap, self._servers) as session:
            archive = await self._special(session, "\\Archive", DEFAULT_ARCHIVE_FOLDER, create=args.archived is True)
            inbox = self._account.imap.inbox_folder
            folders = [inbox, *([archive] if archive else []), await self._sent(session)]
            found = await reading.find_message(session, folders, args.messageId)
            await session.select(found.folder)
            if args.unread is not None:
                await session.set_flag(found.uid, "\\Seen", on=not args.unread)
            archived = found.folder == archive
            if args.archived is not None and args.archived != archived:
                if found.folder not in (inbox, archive):
                    raise NotFoundError(
                        f"{args.messageId!r} is not in the inbox: only received mail is archived", service=self.name
                    )
                assert archive is not None
                await session.move(found.uid, archive if args.archived else inbox)
                archived = args.archived
        return {"id": args.messageId, "archived": archived}

    async def _special(self, session: ImapSession, attribute: str, default: str, *, create: bool = False) -> str | None:
        """The folder the server marks with ``attribute`` (RFC 6154), else ``default`` when it exists (or
        ``create``: made now); None when there is none."""
        marked = await session.folder_with(attribute)
        if marked is not None:
            return marked
        if await session.select(default) is not None:
            return default
        if create:
            await session.create(default)
            return default
        return None

    async def send_email(self, args: SendEmailArgs) -> dict[str, str]:
        files = await self._files(args.attachments or [])
        message_id = await self._send(to=args.to, cc=args.cc or [], subject=args.subject, body=args.body, files=files)
        return {"id": message_id}

    async def reply_email(self, args: ReplyEmailArgs) -> dict[str, str]:
        refs = parsed_refs(args.attachments or [], service=self.name, source=self._source)
        async with imap_session(self._account.imap, self._servers) as session:
            folders = await self._folders(session)
            found = await reading.find_message(session, folders, args.messageId)

            async def from_mailbox(mailed: Sequence[AttachmentRef]) -> list[OutgoingFile]:
                return [await self._file(session, folders, ref.text, ref.message_id, ref.part) for ref in mailed]

            files = await outgoing_files(refs, source=self._source, from_mailbox=from_mailbox)
        message_id = await self._send(
            body=args.body, files=files, **self._reply_parts(found, folders, reply_all=bool(args.replyAll))
        )
        return {"id": message_id}

    def _reply_parts(self, found: reading.FoundMessage, folders: Sequence[str], *, reply_all: bool) -> dict[str, Any]:
        """Who a reply to ``found`` goes to, its subject, ``In-Reply-To`` and ``References``."""
        headers = found.headers
        sender = _header(headers, "From") or ""
        own = found.folder == folders[-1] or parseaddr(sender)[1].lower() == self._account.sender.address.lower()
        to = reply_recipients(  # only the headers the reply goes to are read: an unreadable other one does not matter
            own=own,
            sender=sender,
            reply_to=None if own else _header(headers, "Reply-To"),
            to=_header(headers, "To") if own else None,
        )
        cc: list[str] = []
        if reply_all:
            to, cc = reply_all_recipients(
                own=own,
                replied=to,
                original_to=header_addresses(_header(headers, "To")),
                original_cc=header_addresses(_header(headers, "Cc")),
                me=self._account.sender.address,
            )
        if not to:
            raise PermanentError("the email has no address to reply to", service=self.name)
        original_id = bare_id(_header(headers, "Message-ID"))
        return {
            "to": to,
            "cc": cc,
            "subject": reply_subject(_header(headers, "Subject") or ""),
            "in_reply_to": original_id,
            "references": reply_references(_header(headers, "References"), original_id),
        }

    async def forward_email(self, args: ForwardEmailArgs) -> dict[str, str]:
        async with imap_session(self._account.imap, self._servers) as session:
            folders = await self._folders(session)
            found, original = await reading.whole_message(session, folders, args.messageId)
        shown = functools.partial(reading.shown_header, found.headers)  # only shown in the text: read leniently
        original_id = bare_id(shown("Message-ID"))
        text = forward_text(
            note=args.body,
            sender=shown("From"),
            date=_date(original) or self._clock(),
            zone=self._account.zone,
            subject=shown("Subject"),
            to=to_addresses([shown("To")]),
            cc=to_addresses([shown("Cc")]),
            text=body_text(original),
        )
        message_id = await self._send(
            to=args.to,
            cc=args.cc or [],
            subject=forward_subject(decoded(shown("Subject"))),
            body=text,
            references=reply_references(shown("References"), original_id),
            files=[file for _number, file in attachments_of(original)],
        )
        return {"id": message_id}

    async def _files(self, refs: Sequence[str]) -> list[OutgoingFile]:
        """The files that ``refs`` name: shared ones from the file source, the others read from the mailbox."""
        return await outgoing_files(
            parsed_refs(refs, service=self.name, source=self._source), source=self._source, from_mailbox=self._mailed
        )

    async def _mailed(self, refs: Sequence[AttachmentRef]) -> list[OutgoingFile]:
        async with imap_session(self._account.imap, self._servers) as session:
            folders = await self._folders(session)
            return [await self._file(session, folders, ref.text, ref.message_id, ref.part) for ref in refs]

    async def _file(
        self, session: ImapSession, folders: Sequence[str], ref: str, message_id: str, part: str
    ) -> OutgoingFile:
        try:
            _found, message = await reading.whole_message(session, folders, message_id)
        except NotFoundError as error:
            raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=self.name) from error
        file = attachment_at(message, part)
        if file is None:
            raise NotFoundError(f"no attachment {ref!r} in the mailbox", service=self.name)
        return file

    async def _send(
        self,
        *,
        to: Sequence[str],
        cc: Sequence[str],
        subject: str,
        body: str,
        in_reply_to: str | None = None,
        references: Sequence[str] = (),
        files: Sequence[OutgoingFile] = (),
    ) -> str:
        now = self._clock().astimezone(self._account.zone)
        outgoing = new_message(
            sender=self._account.sender,
            to=to,
            cc=cc,
            subject=subject,
            body=body,
            now=now,
            in_reply_to=in_reply_to,
            references=references,
            files=files,
        )
        client = smtp.smtp_client(self._account.smtp, self._account.imap)
        refused = await smtp.send(client, outgoing.message, outgoing.recipients, self._servers)
        logger.info("sent an email to %d recipient(s) (%d file(s))", len(outgoing.recipients), len(files))
        if self._account.imap.save_sent:
            try:
                async with imap_session(self._account.imap, self._servers) as session:
                    folder = await self._sent(session)
                    raw = outgoing.message.as_bytes(policy=policy.SMTP)
                    await session.append(raw, folder, seen=True, when=now)
            except ConnectorError as error:
                logger.warning("the email was sent, but no copy could be kept in the sent folder: %s", error)
        if refused:
            raise _partly_sent(outgoing.message_id, outgoing.recipients, refused)
        return outgoing.message_id

    async def _folders(self, session: ImapSession) -> list[str]:
        """Where ``fetch_emails`` looks: the inbox, the archive (when there is one), then the sent folder (last:
        replies use that order)."""
        archive = await self._special(session, "\\Archive", DEFAULT_ARCHIVE_FOLDER)
        return [self._account.imap.inbox_folder, *([archive] if archive else []), await self._sent(session)]

    async def _sent(self, session: ImapSession) -> str:
        if self._sent_folder is None:
            self._sent_folder = await session.folder_with("\\Sent") or DEFAULT_SENT_FOLDER
        return self._sent_folder


def _partly_sent(message_id: str, recipients: Sequence[str], refused: dict[str, str]) -> PartlyDoneError:
    reached = len(recipients) - len(refused)
    who = "; ".join(f"{address} ({answer})" for address, answer in refused.items())
    return PartlyDoneError(
        f"partly failed: the email went to {reached} of {len(recipients)} recipients; the mail server refused {who}",
        service="imap",
        result={"id": message_id},
        not_reached=list(refused),
    )


def _header(headers: Any, name: str) -> str | None:
    try:
        value = headers.get(name)
    except ValueError as error:  # the email package refuses it: an address part decodes to a line break
        raise UnsafeHeaderError(f"the email's {name} holds a line break: not replying to it", service="imap") from error
    return str(value) if value else None


def _date(message: Message) -> datetime | None:
    """The original's Date header (the forward shows when it was written)."""
    try:
        value = message.get("Date")
        moment = getattr(value, "datetime", None)
    except (ValueError, TypeError):
        return None
    return moment if isinstance(moment, datetime) and moment.utcoffset() is not None else None
