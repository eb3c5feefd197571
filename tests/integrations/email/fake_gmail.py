"""A local Gmail v1 API for the tests: the documented paths, parameters and JSON shapes of users.messages.list /
get / send (on the JSON path and the upload path) and users.getProfile, an OAuth token endpoint, and faults on
demand (expired tokens, 429, 5xx, 400, Google's 403 reasons). Bodies larger than a path takes are refused as Google
refuses them (``fake_gmail_limits``), not by aiohttp's own 1 MiB default.

As Gmail: ``messages.list`` leaves spam and trash out unless ``includeSpamTrash=true`` (drafts are in);
``format=full`` gives the MIME tree (``partId`` "" for the top, "0", "1"... below it, "1.0"... deeper), text parts with
their data and attachments with an ``attachmentId`` only, which changes at every read (Gmail's do), so nothing may
keep one as a lasting reference.

Drafts (v3): ``drafts.create`` stores the message with the ``DRAFT`` label (never sent, listed by a search without
``-in:drafts``), answers a ``Draft`` (``id``, ``message``); ``messages.modify`` changes labels as Gmail does (400 for a
label it does not know or one only Gmail sets, 404 for an unknown message).

``ROUTES`` is checked against Google's discovery document (``test_gmail_discovery.py``), and so is every request
the connector sends, so neither the fake nor the connector can drift from the real API.
"""

from __future__ import annotations

import base64
import html
import itertools
import json
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.utils import getaddresses
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler

from tests.integrations.email.fake_gmail_limits import SERVED_SIZE, BadUploadError, refused, too_large, uploaded
from tests.integrations.email.fake_gmail_search import BadQueryError, Searchable, matches, parse_query

ROOT = "gmail/v1/"
ROUTES = (
    ("GET", "gmail/v1/users/{userId}/messages"),
    ("GET", "gmail/v1/users/{userId}/messages/{id}"),
    ("POST", "gmail/v1/users/{userId}/messages/send"),
    ("POST", "upload/gmail/v1/users/{userId}/messages/send"),
    ("GET", "gmail/v1/users/{userId}/profile"),
    ("POST", "gmail/v1/users/{userId}/drafts"),
    ("POST", "upload/gmail/v1/users/{userId}/drafts"),
    ("POST", "gmail/v1/users/{userId}/messages/{id}/modify"),
)
SYSTEM_LABELS = frozenset({"INBOX", "UNREAD", "STARRED", "IMPORTANT", "SPAM", "TRASH", "CHAT"})
"""System labels ``messages.modify`` may add or remove (``SENT`` and ``DRAFT`` are set by Gmail only: "Invalid
label"); user labels are ``Label_<n>`` and this fake has none."""
ACCOUNT = "me@example.com"
CLIENT = ("client-1.apps.googleusercontent.com", "client-secret-1")
REFRESH_TOKEN = "refresh-token-1"
JSON_BODY = web.RequestKey("json", object)  # a request's JSON body, or an upload's metadata
MEDIA = web.RequestKey("media", bytes)  # an upload's message


@dataclass
class StoredMessage:
    id: str
    thread_id: str
    labels: set[str]
    internal_date_ms: int
    raw: bytes

    @property
    def parsed(self) -> EmailMessage:
        parsed = message_from_bytes(self.raw, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        return parsed

    def searchable(self) -> Searchable:
        message = self.parsed
        shown = dict(reversed(_shown_headers(message)))  # the first of a repeated header, as Gmail's search
        recipients = ", ".join(shown.get(name, "") for name in ("To", "Cc"))
        return Searchable(
            shown.get("From", ""), recipients, shown.get("Subject", ""), _text(message),
            self.internal_date_ms, frozenset(self.labels), any(_is_attachment(p) for p in message.walk()),
        )  # fmt: skip


@dataclass
class Recorded:
    method: str
    path: str
    query: list[tuple[str, str]]
    json: Any  # the JSON body, or an upload's metadata
    token: str
    size: int = 0  # the body's bytes


@dataclass
class FakeGmail:
    messages: dict[str, StoredMessage] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    faults: list[tuple[int, dict[str, str]]] = field(default_factory=list)
    """(status, headers) answered, in order, to the next API requests instead of serving them."""
    refusals: list[str] = field(default_factory=list)
    """Google 403 reasons (``fake_gmail_limits.REFUSALS``) answered, in order, to the next API requests."""
    drafts: dict[str, str] = field(default_factory=dict)
    """Draft id → the id of its message (``DRAFT`` label)."""
    page_cap: int = 500
    """At most this many messages per page, whatever maxResults says (Gmail may return fewer than asked)."""
    valid_tokens: set[str] = field(default_factory=set)
    tokens_issued: int = 0
    grant_revoked: bool = False
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(0x18E0000000000001))
    _last_ms: int = 0
    _attachment_reads: itertools.count[int] = field(default_factory=itertools.count)

    def new_id(self) -> str:
        return f"{next(self._ids):016x}"

    def now_ms(self) -> int:
        self._last_ms = max(int(time.time() * 1000), self._last_ms + 1)
        return self._last_ms

    def deliver(
        self, raw: bytes, *, internal_date_ms: int | None = None, labels: tuple[str, ...] = ("INBOX", "UNREAD")
    ) -> str:
        """A message received from outside (its own thread)."""
        message_id = self.new_id()
        when = internal_date_ms if internal_date_ms is not None else self.now_ms()
        self.messages[message_id] = StoredMessage(message_id, message_id, set(labels), when, raw)
        return message_id

    def _attachment_id(self) -> str:
        return f"ANGjdJ{next(self._attachment_reads):08d}"

    def expire_tokens(self) -> None:
        self.valid_tokens.clear()

    # --- the OAuth token endpoint -----------------------------------------------------------------------------
    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        good_client = (form.get("client_id"), form.get("client_secret")) == CLIENT
        if form.get("grant_type") != "refresh_token" or not good_client:
            return web.json_response({"error": "invalid_client"}, status=401)
        if self.grant_revoked or form.get("refresh_token") != REFRESH_TOKEN:
            return web.json_response(
                {"error": "invalid_grant", "error_description": "Token has been expired or revoked."}, status=400
            )
        self.tokens_issued += 1
        token = f"ya29.access-{self.tokens_issued}"
        self.valid_tokens.add(token)
        return web.json_response({"access_token": token, "expires_in": 3599, "token_type": "Bearer", "scope": "x"})

    # --- the API ----------------------------------------------------------------------------------------------
    @web.middleware
    async def gate(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/token":
            return await handler(request)
        data = await request.read() if request.can_read_body else b""
        refusal = too_large(request.path, len(data))
        body: Any = None
        if refusal is None and request.path.startswith("/upload/"):
            try:
                body, request[MEDIA] = uploaded(
                    request.headers.get("Content-Type", ""), request.query.get("uploadType", ""), data
                )
            except (BadUploadError, ValueError) as error:
                refusal = _error(400, str(error), "INVALID_ARGUMENT")
        elif refusal is None and data:
            body = json.loads(data)
        auth = request.headers.get("Authorization", "")
        self.requests.append(Recorded(request.method, request.path, list(request.query.items()), body, auth, len(data)))
        if refusal is not None:
            return refusal
        request[JSON_BODY] = body
        if not auth.startswith("Bearer ") or auth.removeprefix("Bearer ") not in self.valid_tokens:
            return _error(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED")
        if self.faults:
            status, headers = self.faults.pop(0)
            return _error(status, f"Injected failure {status}", "UNAVAILABLE", headers)
        if self.refusals:
            return refused(self.refusals.pop(0))
        if request.match_info.get("userId") not in ("me", ACCOUNT):
            return _error(403, "Delegation denied", "PERMISSION_DENIED")
        return await handler(request)

    async def list_messages(self, request: web.Request) -> web.Response:
        query = request.query
        try:
            predicates = parse_query(query.get("q", ""))
            size = min(int(query.get("maxResults", "100")), 500, self.page_cap)
            offset = int(query.get("pageToken", "0") or "0")
            spam_and_trash = {"true": True, "false": False}[query.get("includeSpamTrash", "false")]
        except (BadQueryError, ValueError, KeyError) as error:
            return _error(400, str(error), "INVALID_ARGUMENT")
        hits = sorted(
            (
                m for m in self.messages.values()
                if (spam_and_trash or not m.labels & {"SPAM", "TRASH"}) and matches(predicates, m.searchable())
            ),
            key=lambda m: m.internal_date_ms, reverse=True,
        )  # fmt: skip
        page = hits[offset : offset + size]
        answer: dict[str, Any] = {"resultSizeEstimate": len(hits)}
        if page:
            answer["messages"] = [{"id": m.id, "threadId": m.thread_id} for m in page]
        if offset + size < len(hits):
            answer["nextPageToken"] = str(offset + size)
        return web.json_response(answer)

    async def get_message(self, request: web.Request) -> web.Response:
        message_id = request.match_info["id"]
        view = request.query.get("format", "full")
        if not all(c in "0123456789abcdef" for c in message_id):
            return _error(400, "Invalid id value", "INVALID_ARGUMENT")
        if view not in ("minimal", "full", "raw", "metadata"):
            return _error(400, f"Invalid value at 'format' ({view})", "INVALID_ARGUMENT")
        stored = self.messages.get(message_id)
        if stored is None:
            return _error(404, "Requested entity was not found.", "NOT_FOUND")
        return web.json_response(
            _resource(stored, view, request.query.getall("metadataHeaders", []), self._attachment_id)
        )

    async def profile(self, request: web.Request) -> web.Response:
        total = len(self.messages)
        return web.json_response(
            {"emailAddress": ACCOUNT, "messagesTotal": total, "threadsTotal": total, "historyId": "1000"}
        )

    async def send(self, request: web.Request) -> web.Response:
        body: Any = request[JSON_BODY] or {}
        uploaded_message = request.get(MEDIA)
        try:
            raw = uploaded_message or base64.urlsafe_b64decode(body["raw"] + "=" * (-len(body["raw"]) % 4))
        except KeyError:
            message = "'raw' RFC822 payload message string or uploading message via /upload/* URL required"
            return _error(400, message, "INVALID_ARGUMENT")
        except (ValueError, TypeError):
            return _error(400, "Invalid raw message", "INVALID_ARGUMENT")
        parsed = message_from_bytes(raw, policy=policy.default)
        recipients = [a.lower() for _n, a in getaddresses([str(parsed.get(h, "")) for h in ("To", "Cc", "Bcc")]) if a]
        if not recipients:
            return _error(400, "Invalid To header", "INVALID_ARGUMENT")
        if "From" not in parsed:  # Gmail writes the account's address
            raw = f"From: {ACCOUNT}\r\n".encode() + raw
        message_id = self.new_id()
        thread = body.get("threadId")
        thread_id = thread if thread and any(m.thread_id == thread for m in self.messages.values()) else message_id
        labels = {"SENT"} | ({"INBOX", "UNREAD"} if ACCOUNT in recipients else set())
        self.messages[message_id] = StoredMessage(message_id, thread_id, labels, self.now_ms(), raw)
        return web.json_response({"id": message_id, "threadId": thread_id, "labelIds": sorted(labels)})

    async def create_draft(self, request: web.Request) -> web.Response:
        body: Any = request[JSON_BODY] or {}
        uploaded_message = request.get(MEDIA)
        message = body.get("message") if isinstance(body, dict) else None
        if uploaded_message is None and (not isinstance(message, dict) or "raw" not in message):
            return _error(400, "Missing draft message", "INVALID_ARGUMENT")
        try:
            raw = uploaded_message or base64.urlsafe_b64decode(message["raw"] + "=" * (-len(message["raw"]) % 4))
        except (ValueError, TypeError):
            return _error(400, "Invalid raw message", "INVALID_ARGUMENT")
        thread = (message or {}).get("threadId")
        if thread and not any(m.thread_id == thread for m in self.messages.values()):
            return _error(404, "Requested entity was not found.", "NOT_FOUND")
        message_id = self.new_id()
        self.messages[message_id] = StoredMessage(message_id, thread or message_id, {"DRAFT"}, self.now_ms(), raw)
        draft_id = f"r-{int(message_id, 16) % 10**18}"
        self.drafts[draft_id] = message_id
        shown = {"id": message_id, "threadId": thread or message_id, "labelIds": ["DRAFT"]}
        return web.json_response({"id": draft_id, "message": shown})

    async def modify(self, request: web.Request) -> web.Response:
        body: Any = request[JSON_BODY] or {}
        stored = self.messages.get(request.match_info["id"])
        if stored is None:
            return _error(404, "Requested entity was not found.", "NOT_FOUND")
        add, remove = list(body.get("addLabelIds") or []), list(body.get("removeLabelIds") or [])
        unknown = [label for label in add + remove if label not in SYSTEM_LABELS]
        if unknown:
            return _error(400, f"Invalid label: {unknown[0]}", "INVALID_ARGUMENT")
        if not add and not remove:
            return _error(400, "No label add or removes specified", "INVALID_ARGUMENT")
        stored.labels = (stored.labels - set(remove)) | set(add)
        return web.json_response({"id": stored.id, "threadId": stored.thread_id, "labelIds": sorted(stored.labels)})

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.gate], client_max_size=SERVED_SIZE)
        handlers = {
            "messages": self.list_messages, "{id}": self.get_message, "send": self.send, "profile": self.profile,
            "drafts": self.create_draft, "modify": self.modify,
        }  # fmt: skip
        for method, template in ROUTES:
            app.router.add_route(method, "/" + template, handlers[template.rsplit("/", 1)[1]])
        app.router.add_post("/token", self.token)
        return app


@asynccontextmanager
async def serving(fake: FakeGmail) -> AsyncIterator[str]:
    """Serve ``fake`` on 127.0.0.1 (a free port); yields the base URL."""
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


def _resource(
    stored: StoredMessage, view: str, wanted_headers: list[str], new_id: Callable[[], str] = lambda: "ANGjdJ0"
) -> dict[str, Any]:
    message = stored.parsed
    resource: dict[str, Any] = {
        "id": stored.id, "threadId": stored.thread_id, "labelIds": sorted(stored.labels),
        "snippet": html.escape(" ".join(_text(message).split())[:200]), "historyId": "1000",
        "internalDate": str(stored.internal_date_ms), "sizeEstimate": len(stored.raw),
    }  # fmt: skip
    if view == "raw":
        resource["raw"] = base64.urlsafe_b64encode(stored.raw).decode()
    elif view in ("metadata", "full"):
        wanted = {name.lower() for name in wanted_headers}
        headers = [{"name": k, "value": v} for k, v in _shown_headers(message) if not wanted or k.lower() in wanted]
        payload: dict[str, Any] = {
            "partId": "",
            "mimeType": message.get_content_type(),
            "filename": "",
            "headers": headers,
        }
        if view == "full":
            payload = _part(message, "", new_id)
        resource["payload"] = payload
    return resource


def _shown_headers(message: EmailMessage) -> list[tuple[str, str]]:
    """Each header as the API shows it: decoded and unfolded. One the email package refuses to read (an address
    part that decodes to CR/LF) is shown as its decoded text, line break included."""
    shown = []
    for name, raw in message.raw_items():
        try:
            value = str(message.policy.header_fetch_parse(name, raw))
        except ValueError:
            value = str(make_header(decode_header("".join(raw.splitlines()))))
        shown.append((name, value))
    return shown


def _part(part: EmailMessage, part_id: str, new_id: Callable[[], str]) -> dict[str, Any]:
    """A ``MessagePart`` of ``format=full``: a container lists its parts, a text part carries its data, an
    attachment its size and a fresh ``attachmentId``."""
    shown: dict[str, Any] = {
        "partId": part_id, "mimeType": part.get_content_type(), "filename": part.get_filename() or "",
        "headers": [{"name": k, "value": v} for k, v in _shown_headers(part)],
    }  # fmt: skip
    if part.get_content_maintype() == "multipart":
        children = part.get_payload()
        assert isinstance(children, list)
        prefix = f"{part_id}." if part_id else ""
        shown["body"] = {"size": 0}
        shown["parts"] = [_part(child, f"{prefix}{n}", new_id) for n, child in enumerate(children)]
        return shown
    content = part.get_payload(decode=True)
    data = content if isinstance(content, bytes) else part.as_bytes()
    if _is_attachment(part):
        shown["body"] = {"attachmentId": new_id(), "size": len(data)}
    else:
        shown["body"] = {"size": len(data), "data": base64.urlsafe_b64encode(data).decode()}
    return shown


def _is_attachment(part: EmailMessage) -> bool:
    if part.get_content_maintype() == "multipart":
        return False
    return part.get_content_disposition() == "attachment" or bool(part.get_filename())


def _text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    content = part.get_content() if part is not None else ""
    return content if isinstance(content, str) else ""


def _error(status: int, message: str, code: str, headers: dict[str, str] | None = None) -> web.Response:
    body = {"error": {"code": status, "message": message, "status": code}}
    return web.Response(status=status, text=json.dumps(body), content_type="application/json", headers=headers)
