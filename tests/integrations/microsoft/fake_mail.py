"""The stand-in's mailbox: Inbox, Drafts, Sent Items, Deleted Items, and the message operations planbot uses.

(v3) ``move`` to a well-known folder (``archive``, ``inbox``...) answers the moved message (201), with a new id
unless immutable ids are asked for; ``isRead`` may change on any message.

What it does as Exchange does (and the connector must cope with): without ``Prefer: IdType="ImmutableId"`` a
message gets a new id when it moves (a sent draft); ``createReply``/``createReplyAll``/``createForward`` make a
draft in the conversation (``RE:``/``FW:`` subject, the comment above the quoted original, a forward's
attachments copied); only a draft's subject, body and recipients may change; ``send`` needs a recipient; bodies
come back as HTML unless plain text is preferred; ids of the wrong shape are 400 ``ErrorInvalidIdMalformed``.
"""

import base64
import html
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Any

from aiohttp import web
from msgraph.generated.models.attachment import Attachment
from msgraph.generated.models.message import Message

from tests.integrations.microsoft import odata
from tests.integrations.microsoft.fake_graph import ME, ME_NAME, Call, FakeGraph, error, new_id

FOLDERS = {
    "inbox": "inbox", "drafts": "drafts", "sentitems": "sentitems", "deleteditems": "deleteditems",
    "archive": "archive",
}  # fmt: skip
MESSAGE_PROPERTIES = set(Message().get_field_deserializers())
ATTACHMENT_PROPERTIES = set(Attachment().get_field_deserializers())
_ID = re.compile(r"^AAMk[A-Za-z0-9_=-]{20,}$")
USERS = "/users/{user%2Did}"


def person(address: str, name: str = "") -> dict[str, Any]:
    return {"emailAddress": {"name": name or address, "address": address}}


@dataclass
class Stored:
    id: str
    folder: str
    conversation: str
    subject: str
    body: str
    sender: dict[str, Any]
    to: list[dict[str, Any]]
    cc: list[dict[str, Any]] = field(default_factory=list)
    reply_to: list[dict[str, Any]] = field(default_factory=list)
    received: datetime = field(default_factory=lambda: datetime.now(UTC))
    is_read: bool = True
    is_draft: bool = False
    attachments: list[dict[str, Any]] = field(default_factory=list)

    def searchable(self) -> dict[str, str]:
        people = " ".join(f"{p['emailAddress']['name']} {p['emailAddress']['address']}" for p in self.to + self.cc)
        shown = self.sender["emailAddress"]
        return {"from": f"{shown['name']} {shown['address']}", "to": people, "subject": self.subject, "body": self.body}

    def values(self) -> dict[str, Any]:
        return {
            "receivedDateTime": self.received, "sentDateTime": self.received, "createdDateTime": self.received,
            "lastModifiedDateTime": self.received, "isRead": self.is_read, "hasAttachments": bool(self.attachments),
            "isDraft": self.is_draft, "subject": self.subject, "conversationId": self.conversation,
            "from/emailAddress/address": self.sender["emailAddress"]["address"],
        }  # fmt: skip

    def resource(self, *, text: bool) -> dict[str, Any]:
        moment = self.received.strftime("%Y-%m-%dT%H:%M:%SZ")
        content = self.body if text else f"<html><body><p>{html.escape(self.body)}</p></body></html>"
        return {
            "@odata.etag": 'W/"CQAAABYAAAA"', "id": self.id, "createdDateTime": moment, "lastModifiedDateTime": moment,
            "changeKey": "CQAAABYAAAA", "categories": [], "receivedDateTime": moment, "sentDateTime": moment,
            "hasAttachments": bool(self.attachments), "internetMessageId": f"<{self.id[-12:]}@contoso.com>",
            "subject": self.subject, "bodyPreview": " ".join(self.body.split())[:255], "importance": "normal",
            "parentFolderId": self.folder, "conversationId": self.conversation, "isDeliveryReceiptRequested": False,
            "isReadReceiptRequested": False, "isRead": self.is_read, "isDraft": self.is_draft,
            "webLink": "https://outlook.office365.com/owa/?ItemID=x", "inferenceClassification": "focused",
            "body": {"contentType": "text" if text else "html", "content": content},
            "sender": self.sender, "from": self.sender, "toRecipients": self.to, "ccRecipients": self.cc,
            "bccRecipients": [], "replyTo": self.reply_to, "flag": {"flagStatus": "notFlagged"},
        }  # fmt: skip


@dataclass
class FakeMailbox:
    graph: FakeGraph
    messages: dict[str, Stored] = field(default_factory=dict)
    _clock: datetime = field(default_factory=lambda: datetime.now(UTC).replace(microsecond=0))

    def __post_init__(self) -> None:
        serve = self.graph.serve
        serve("GET", f"{USERS}/mailFolders/{{mailFolder%2Did}}/messages", self.list_messages)
        serve("GET", f"{USERS}/messages/{{message%2Did}}", self.get_message)
        serve("POST", f"{USERS}/messages", self.create_draft)
        serve("PATCH", f"{USERS}/messages/{{message%2Did}}", self.update_message)
        serve("DELETE", f"{USERS}/messages/{{message%2Did}}", self.delete_message)
        for action in ("createReply", "createReplyAll", "createForward"):
            serve("POST", f"{USERS}/messages/{{message%2Did}}/{action}", self.create_response)
        serve("POST", f"{USERS}/messages/{{message%2Did}}/send", self.send)
        serve("POST", f"{USERS}/messages/{{message%2Did}}/move", self.move)
        serve("GET", f"{USERS}/messages/{{message%2Did}}/attachments", self.list_attachments)
        serve("POST", f"{USERS}/messages/{{message%2Did}}/attachments", self.add_attachment)
        serve("GET", f"{USERS}/messages/{{message%2Did}}/attachments/{{attachment%2Did}}", self.get_attachment)
        serve("GET", USERS, self.get_user)

    def now(self) -> datetime:
        """Whole seconds, as Exchange keeps them; strictly increasing, so that 'newest first' is well defined."""
        self._clock = max(datetime.now(UTC).replace(microsecond=0), self._clock + timedelta(seconds=1))
        return self._clock

    def deliver(
        self, *, sender: str, subject: str, body: str, to: tuple[str, ...] = (ME,), cc: tuple[str, ...] = (),
        files: tuple[tuple[str, bytes], ...] = (), received: datetime | None = None, name: str = "",
    ) -> str:  # fmt: skip
        """A message that arrived from outside, unread, with file attachments (name, content)."""
        stored = Stored(
            new_id(), "inbox", new_id("AAQkAGI2"), subject, body, person(sender, name),
            [person(a) for a in to], [person(a) for a in cc], received=received or self.now(), is_read=False,
        )  # fmt: skip
        stored.attachments = [_file(file_name, content) for file_name, content in files]
        self.messages[stored.id] = stored
        return stored.id

    def deliver_raw(self, raw: bytes) -> str:
        """An RFC 5322 message that arrived: its plain text is the body, each attached file an attachment."""
        message = message_from_bytes(raw, policy=policy.default)
        assert isinstance(message, EmailMessage)
        (name, sender), *_ = getaddresses([str(message.get("From", ""))])
        text = message.get_body(preferencelist=("plain",))
        files = tuple(
            (str(part.get_filename()), bytes(part.get_content()))
            for part in message.iter_attachments()
            if part.get_filename()
        )
        return self.deliver(
            sender=sender, name=name, subject=str(message.get("Subject", "")),
            body=str(text.get_content()) if text is not None else "",
            to=tuple(a for _n, a in getaddresses([str(message.get("To", ""))])),
            cc=tuple(a for _n, a in getaddresses([str(message.get("Cc", ""))]) if a), files=files,
        )  # fmt: skip

    def in_folder(self, folder: str) -> list[Stored]:
        return [m for m in self.messages.values() if m.folder == folder]

    # --- handlers ---------------------------------------------------------------------------------------------
    async def get_user(self, call: Call) -> web.Response:
        user = {"id": "87d349ed-44d7-43e1-9a83-5f2406dee5bd", "displayName": ME_NAME, "mail": ME,
                "userPrincipalName": ME}  # fmt: skip
        return web.json_response(_selected(user, call, set(user)))

    async def list_messages(self, call: Call) -> web.Response:
        folder = FOLDERS.get(call.ids[1].lower())
        if folder is None:
            return error(404, "ErrorItemNotFound", "The specified object was not found in the store.")
        query = call.query
        if "$select" in query:
            odata.parse_select(query["$select"], MESSAGE_PROPERTIES, "microsoft.graph.message")
        found = self.in_folder(folder)
        if "$search" in query:
            if {"$filter", "$orderby", "$skip"} & set(query):
                raise odata.QueryError("BadRequest", "$search cannot be combined with $filter, $orderby or $skip.")
            search = odata.parse_search(query["$search"])
            found = [m for m in found if search.matches(m.searchable())]
        clauses = odata.parse_filter(query["$filter"], MESSAGE_PROPERTIES) if "$filter" in query else []
        orderby = odata.parse_orderby(query["$orderby"], MESSAGE_PROPERTIES) if "$orderby" in query else []
        if clauses and orderby:
            odata.check_order(clauses, orderby)
        if orderby and orderby != ["receivedDateTime desc"]:
            raise odata.QueryError("BadRequest", f"the stand-in orders by receivedDateTime desc: {orderby}", ours=True)
        found = [m for m in found if all(clause.holds(m.values()) for clause in clauses)]
        found.sort(key=lambda m: m.received, reverse=True)
        size = odata.parse_top(query.get("$top", "10"))
        offset = int(query.get("$skiptoken") or query.get("$skip") or "0")
        page = found[offset : offset + size]
        answer: dict[str, Any] = {"@odata.context": "https://graph.microsoft.com/v1.0/$metadata#users('me')/messages"}
        answer["value"] = [_selected(m.resource(text=call.text_bodies), call, MESSAGE_PROPERTIES) for m in page]
        if offset + size < len(found):
            answer["@odata.nextLink"] = self.graph.next_link(call, offset + size)
        return web.json_response(answer)

    async def get_message(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        return web.json_response(_selected(stored.resource(text=call.text_bodies), call, MESSAGE_PROPERTIES))

    async def create_draft(self, call: Call) -> web.Response:
        body = call.body
        stored = Stored(
            new_id(), "drafts", new_id("AAQkAGI2"), str(body.get("subject") or ""), _text(body.get("body")),
            person(ME, ME_NAME), _people(body.get("toRecipients")), _people(body.get("ccRecipients")), is_draft=True,
            received=self.now(),
        )  # fmt: skip
        self.messages[stored.id] = stored
        return web.json_response(stored.resource(text=call.text_bodies), status=201)

    async def update_message(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        changes = call.body
        if not stored.is_draft and set(changes) - {"isRead", "categories", "flag", "importance"}:
            return error(400, "ErrorInvalidPropertyUpdateSentMessage", "Update of a sent message is not allowed.")
        stored.subject = str(changes.get("subject", stored.subject))
        stored.body = _text(changes["body"]) if "body" in changes else stored.body
        stored.to = _people(changes["toRecipients"]) if "toRecipients" in changes else stored.to
        stored.cc = _people(changes["ccRecipients"]) if "ccRecipients" in changes else stored.cc
        stored.is_read = bool(changes.get("isRead", stored.is_read))
        return web.json_response(stored.resource(text=call.text_bodies))

    async def delete_message(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        stored.folder = "deleteditems"
        return web.Response(status=204)

    async def create_response(self, call: Call) -> web.Response:
        original = self._message(call.ids[1])
        if isinstance(original, web.Response):
            return original
        action = call.request.path.rsplit("/", 1)[1]
        comment = str(call.body.get("Comment") or "")
        quoted = (
            f"From: {original.sender['emailAddress']['name']}\nSent: {original.received:%A, %B %d, %Y %H:%M}\n"
            f"Subject: {original.subject}\n\n{original.body}"
        )
        if action == "createForward":
            subject, to, cc = f"FW: {original.subject}", _people(call.body.get("ToRecipients")), []
            files = [dict(file, id=new_id("AAMkATT")) for file in original.attachments]
        else:
            to = original.reply_to or [original.sender]
            cc = []
            if action == "createReplyAll":
                to = [*to, *[p for p in original.to if p["emailAddress"]["address"] != ME]]
                cc = [p for p in original.cc if p["emailAddress"]["address"] != ME]
            subject, files = f"RE: {original.subject}", []
        draft = Stored(
            new_id(), "drafts", original.conversation, subject, f"{comment}\n\n{quoted}" if comment else quoted,
            person(ME, ME_NAME), to, cc, is_draft=True, received=self.now(), attachments=files,
        )  # fmt: skip
        self.messages[draft.id] = draft
        return web.json_response(draft.resource(text=call.text_bodies), status=201)

    async def send(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        if not stored.is_draft:
            return error(400, "ErrorInvalidRequest", "Only a draft can be sent.")
        if not stored.to + stored.cc:
            return error(400, "ErrorInvalidRecipients", "At least one recipient isn't valid.")
        del self.messages[stored.id]
        stored.id = stored.id if call.immutable_ids else new_id()  # a move changes a regular id
        stored.folder, stored.is_draft, stored.is_read, stored.received = "sentitems", False, True, self.now()
        self.messages[stored.id] = stored
        if any(p["emailAddress"]["address"].casefold() == ME for p in stored.to + stored.cc):
            copy = Stored(**{**stored.__dict__, "id": new_id(), "folder": "inbox", "is_read": False})
            self.messages[copy.id] = copy
        return web.Response(status=202)

    async def move(self, call: Call) -> web.Response:
        """``move``: ``DestinationId`` a well-known folder name or a folder id; a new id unless ids are immutable."""
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        destination = str(call.body.get("DestinationId") or "")
        if destination.lower() not in FOLDERS:
            return error(404, "ErrorItemNotFound", "The specified folder could not be found in the store.")
        del self.messages[stored.id]
        stored.id = stored.id if call.immutable_ids else new_id()
        stored.folder = FOLDERS[destination.lower()]
        self.messages[stored.id] = stored
        return web.json_response(stored.resource(text=call.text_bodies), status=201)

    async def list_attachments(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        value = [_selected(file, call, ATTACHMENT_PROPERTIES, keep={"@odata.type"}) for file in stored.attachments]
        return web.json_response({"value": value})

    async def get_attachment(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        for file in stored.attachments:
            if file["id"] == call.ids[2]:
                return web.json_response(_selected(file, call, ATTACHMENT_PROPERTIES, keep={"@odata.type"}))
        return error(404 if _ID.match(call.ids[2]) else 400, "ErrorItemNotFound", "The attachment was not found.")

    async def add_attachment(self, call: Call) -> web.Response:
        stored = self._message(call.ids[1])
        if isinstance(stored, web.Response):
            return stored
        body = call.body
        if body.get("@odata.type") != "#microsoft.graph.fileAttachment" or "contentBytes" not in body:
            return error(400, "ErrorInvalidRequest", "A file attachment needs @odata.type and contentBytes.")
        content = base64.b64decode(body["contentBytes"], validate=True)
        if len(content) > 3 * 1024 * 1024:
            return error(413, "RequestEntityTooLarge", "Use an upload session for files larger than 3 MB.")
        file = _file(str(body.get("name") or "attachment"), content, str(body.get("contentType") or ""))
        stored.attachments.append(file)
        return web.json_response(file, status=201)

    def _message(self, message_id: str) -> Stored | web.Response:
        if not _ID.match(message_id):
            return error(400, "ErrorInvalidIdMalformed", "Id is malformed.")
        stored = self.messages.get(message_id)
        if stored is None or stored.folder == "deleteditems":
            return error(404, "ErrorItemNotFound", "The specified object was not found in the store.")
        return stored


def _people(recipients: Any) -> list[dict[str, Any]]:
    """Recipients as Exchange keeps them: a name (the address when none was given) and the address."""
    found = [r.get("emailAddress") or {} for r in recipients or [] if isinstance(r, dict)]
    return [person(str(e.get("address") or ""), str(e.get("name") or "")) for e in found]


def _file(name: str, content: bytes, content_type: str = "") -> dict[str, Any]:
    return {
        "@odata.type": "#microsoft.graph.fileAttachment", "id": new_id("AAMkATT"),
        "lastModifiedDateTime": "2026-03-02T14:00:00Z", "name": name,
        "contentType": content_type or "application/octet-stream", "size": len(content), "isInline": False,
        "contentId": None, "contentLocation": None, "contentBytes": base64.b64encode(content).decode(),
    }  # fmt: skip


def _text(body: Any) -> str:
    if not isinstance(body, dict):
        return ""
    content = str(body.get("content") or "")
    return html.unescape(re.sub(r"<[^>]+>", " ", content)) if body.get("contentType") == "html" else content


def _selected(
    resource: dict[str, Any],
    call: Call,
    properties: set[str],
    keep: set[str] = frozenset(),  # type: ignore[assignment]
) -> dict[str, Any]:
    if "$select" not in call.query:
        return resource
    names = odata.parse_select(call.query["$select"], properties, "microsoft.graph.message")
    return {k: v for k, v in resource.items() if k in names or k in ("id", "@odata.etag") or k in keep}
