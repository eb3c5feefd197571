"""A local stand-in for Slack's Web API, for ``slack_sdk``'s ``AsyncWebClient`` (and so for Bolt's ``AsyncApp``).

    async with FakeSlackWebApi(users=DEMO_USERS) as slack:
        client = slack.client()            # AsyncWebClient(token=BOT_TOKEN, base_url=slack.base_url)
        ...
        [call] = await slack.wait_for("chat.postMessage", lambda c: c.args.get("thread_ts") == ts)

It serves ``POST|GET /api/<method>`` on 127.0.0.1 with Slack's wire format: arguments from the query string,
a form body or a JSON body (JSON-encoded ``blocks``/``view``/... in forms are decoded, so recorded arguments
look alike either way); the token as ``Authorization: Bearer`` (or a ``token`` argument): none is
``not_authed``, a wrong one ``invalid_auth``; errors are HTTP 200 with ``{"ok": false, "error": ...}``, a rate
limit is HTTP 429 with ``Retry-After``. It keeps the messages it was sent (``chat.update`` needs one that
exists) and the views it opened. Every request is recorded as a :class:`SlackCall` once it is answered.

Files: ``files.getUploadURLExternal`` hands out an upload URL served here, ``files.completeUploadExternal`` shares
what was uploaded in a channel (thread); :attr:`FakeSlackWebApi.files` keeps them (``content``, ``channel``,
``thread_ts``, ``title``). Blocks whose texts add up to more than 12,000 characters are refused with
``msg_blocks_too_long``, as Slack does.

User groups: :attr:`FakeSlackWebApi.usergroups` maps a handle (``sales``) to its members' ids, served by
``usergroups.list`` (each group's id is ``S`` + the handle in capitals) and ``usergroups.users.list``.

Sign in with Slack (OpenID Connect): :attr:`FakeSlackWebApi.openid` (``tests.slack.kit.fake_openid``) serves Slack's
authorize page, its keys and ``openid.connect.token`` beside the Web API.

Channels: ``conversations.info`` describes any channel id, with ``is_shared`` / ``is_ext_shared`` true for the
ids in :attr:`FakeSlackWebApi.shared_channels` (a Slack Connect channel, seen by other organisations);
``chat.getPermalink`` gives a message's link, ``chat.delete`` removes a message.

Ephemeral messages: as Slack documents, they are not guaranteed to arrive and are gone after a reload.
:meth:`FakeSlackWebApi.lose_ephemeral` makes the fake lose a seeded random share of them (answered ``ok``, never
shown: kept in :attr:`FakeSlackWebApi.lost_ephemeral`); :meth:`FakeSlackWebApi.after_reload` is what a person
still sees after reloading Slack: the messages that persist, none of the ephemeral ones.

A slow Slack: :meth:`FakeSlackWebApi.hold` makes the calls to a method wait, unanswered, until the test lets them
go (the event it returns); :attr:`FakeSlackWebApi.waiting` lists the calls waiting, and
:meth:`FakeSlackWebApi.wait_held` waits until one arrives. Tests assert on what happened in which order while a
call waits, never on durations.

Response URLs (``respond()`` in Bolt) can point here too: :meth:`FakeSlackWebApi.response_url` hands out one,
and the POSTs to it are recorded as calls to the method ``"response_url"`` (five uses each, as on Slack).
"""

import asyncio
import base64
import json
import random
import re
import secrets
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

import aiohttp
from aiohttp import web
from slack_sdk.web.async_client import AsyncWebClient

from tests.slack.kit import payloads as p
from tests.slack.kit.fake_openid import TOKEN_METHOD, SlackOpenId

RESPONSE_URL_METHOD = "response_url"
RESPONSE_URL_USES = 5
_JSON_ARGUMENTS = ("blocks", "attachments", "view", "metadata")
_TRIGGER_ID = re.compile(r"^\d+\.\d+\.[0-9a-f]+$")
_MAX_MESSAGE_BLOCKS = 50
_MAX_VIEW_BLOCKS = 100
_MAX_ACTIONS_ELEMENTS = 25
_MAX_SECTION_TEXT = 3000
_MAX_MESSAGE_TEXT = 40_000  # chat.* refuse a longer ``text`` with msg_too_long
# the bot scopes each method needs (as Slack's method pages say); a fake given ``scopes`` refuses a call without
# them with ``missing_scope`` (and ``needed``), as Slack does
METHOD_SCOPES: dict[str, tuple[str, ...]] = {
    "chat.postMessage": ("chat:write",),
    "chat.update": ("chat:write",),
    "chat.postEphemeral": ("chat:write",),
    "users.info": ("users:read",),
    "usergroups.list": ("usergroups:read",),
    "usergroups.users.list": ("usergroups:read",),
    "conversations.open": ("im:write",),
    "files.getUploadURLExternal": ("files:write",),
    "files.completeUploadExternal": ("files:write",),
    "files.info": ("files:read",),
    "assistant.threads.setStatus": ("assistant:write",),
    "assistant.threads.setSuggestedPrompts": ("assistant:write",),
    "assistant.threads.setTitle": ("assistant:write",),
    "chat.delete": ("chat:write",),
}
CONVERSATION_READ_SCOPES = {"C": "channels:read", "G": "groups:read", "D": "im:read"}  # conversations.info, by kind
_MAX_BLOCKS_TEXT = 12_000  # chat.* refuse blocks whose texts add up to more with msg_blocks_too_long


@dataclass(frozen=True)
class SlackCall:
    """One request the fake answered: ``time`` is ``time.monotonic()`` on arrival."""

    method: str
    args: dict[str, Any]
    time: float
    token: str | None
    status: int
    response: dict[str, Any]

    @property
    def ok(self) -> bool:
        return bool(self.response.get("ok"))

    @property
    def error(self) -> str | None:
        error = self.response.get("error")
        return str(error) if error is not None else None


@dataclass(frozen=True)
class _Hold:
    released: asyncio.Event
    when: Callable[[dict[str, Any]], bool] | None = None


@dataclass(frozen=True)
class _Fault:
    status: int
    error: str
    retry_after: int | None = None
    when: Callable[[dict[str, Any]], bool] | None = None  # only calls whose arguments match (None: any)


class _ApiError(Exception):
    def __init__(self, error: str, *messages: str) -> None:
        super().__init__(error)
        self.error = error
        self.messages = messages


@asynccontextmanager
async def serve_locally(app: web.Application) -> AsyncIterator[str]:
    """Serve an aiohttp application (ours, or Bolt's ``app.web_app()``) on 127.0.0.1 at a free port;
    yields its root URL ``http://127.0.0.1:PORT`` and stops it on exit."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        yield f"http://{host}:{port}"
    finally:
        await runner.cleanup()


class FakeSlackWebApi:
    """Slack's Web API on 127.0.0.1 for one test: start and stop it with ``async with``."""

    def __init__(
        self,
        *,
        users: Iterable[p.SlackUser] = (),
        token: str = p.BOT_TOKEN,
        channels: Iterable[str] | None = None,
        team_id: str = p.TEAM_ID,
        scopes: Iterable[str] | None = None,
        shared_channels: Iterable[str] = (),
    ) -> None:
        """``channels``: the channel ids that exist (``None``: any id does); DM channels always exist.
        ``scopes``: the bot token's scopes (``None``: every method is allowed). ``shared_channels``: Slack Connect
        channels (``is_ext_shared``)."""
        self.shared_channels = set(shared_channels)
        self.lost_ephemeral: list[dict[str, Any]] = []
        self._losing: tuple[float, random.Random] | None = None
        self.scopes = None if scopes is None else frozenset(scopes)
        self.users = {user.id: user for user in users}
        self.usergroups: dict[str, list[str]] = {}
        self.token = token
        self.team_id = team_id
        self.channels = None if channels is None else set(channels)
        self.calls: list[SlackCall] = []
        self.messages: dict[tuple[str, str], dict[str, Any]] = {}
        self.ephemeral: list[dict[str, Any]] = []
        self.views: dict[str, dict[str, Any]] = {}
        self.files: dict[str, dict[str, Any]] = {}
        self._faults: dict[str, deque[_Fault]] = {}
        self._holds: dict[str, list[_Hold]] = {}
        self.waiting: list[tuple[str, dict[str, Any]]] = []  # calls held unanswered (``hold``), as they arrived
        self._used_triggers: set[str] = set()
        self._response_urls: dict[str, int] = {}
        self._home_views: dict[str, str] = {}
        self._recorded = asyncio.Condition()
        self.sockets: list[web.WebSocketResponse] = []
        self.socket_acks: list[dict[str, Any]] = []
        self._stack = AsyncExitStack()
        self._root = ""
        self.openid = SlackOpenId(self)  # Sign in with Slack
        self._methods: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "auth.test": self._auth_test,
            "chat.postMessage": self._chat_post_message,
            "chat.update": self._chat_update,
            "chat.postEphemeral": self._chat_post_ephemeral,
            "chat.getPermalink": self._chat_get_permalink,
            "chat.delete": self._chat_delete,
            "conversations.info": self._conversations_info,
            "users.info": self._users_info,
            "usergroups.list": self._usergroups_list,
            "usergroups.users.list": self._usergroups_users_list,
            "conversations.open": self._conversations_open,
            "views.open": self._views_open,
            "views.publish": self._views_publish,
            "views.update": self._views_update,
            "assistant.threads.setStatus": self._assistant_set_status,
            "assistant.threads.setSuggestedPrompts": self._assistant_set_prompts,
            "assistant.threads.setTitle": self._assistant_set_title,
            "files.getUploadURLExternal": self._files_get_upload_url,
            "files.completeUploadExternal": self._files_complete_upload,
        }

    # -- lifecycle ------------------------------------------------------------------------------------------

    async def __aenter__(self) -> Self:
        app = web.Application()
        app.router.add_route("*", "/api/{method}", self._handle_api)
        app.router.add_get("/socket", self._handle_socket)
        app.router.add_post("/response/{key}", self._handle_response_url)
        app.router.add_post("/upload/{file_id}", self._handle_upload)
        self.openid.add_routes(app)
        self._add_routes(app)
        self._root = await self._stack.enter_async_context(serve_locally(app))
        return self

    def _add_routes(self, app: web.Application) -> None:
        """More pages on the API's host, for a subclass (Slack's authorize page: ``fake_installs``)."""

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self._stack.aclose()

    @property
    def base_url(self) -> str:
        """What to give ``AsyncWebClient(base_url=...)`` (and ``SLACK_API_URL``); ends with ``/``."""
        return f"{self._root}/api/"

    @property
    def root(self) -> str:
        """``http://127.0.0.1:PORT``: Slack's web pages (``/openid/connect/authorize``) are served here."""
        return self._root

    @property
    def port(self) -> int:
        return int(self._root.rsplit(":", 1)[1])

    def client(self, *, token: str | None = None, **kwargs: Any) -> AsyncWebClient:
        return AsyncWebClient(token=self.token if token is None else token, base_url=self.base_url, **kwargs)

    def response_url(self) -> str:
        """A fresh response URL served by this fake, to put in a command or action payload."""
        key = secrets.token_hex(8)
        self._response_urls[key] = 0
        return f"{self._root}/response/{key}"

    # -- inspection -----------------------------------------------------------------------------------------

    def calls_to(self, method: str) -> list[SlackCall]:
        return [call for call in self.calls if call.method == method]

    async def wait_for(
        self,
        method: str,
        predicate: Callable[[SlackCall], bool] | None = None,
        *,
        count: int = 1,
        timeout: float = 5.0,
    ) -> list[SlackCall]:
        """Wait until ``count`` calls to ``method`` (that satisfy ``predicate``) were answered; returns all
        such calls so far. Fails the test (``AssertionError``) after ``timeout`` seconds."""

        def matching() -> list[SlackCall]:
            return [call for call in self.calls_to(method) if predicate is None or predicate(call)]

        try:
            async with asyncio.timeout(timeout), self._recorded:
                await self._recorded.wait_for(lambda: len(matching()) >= count)
        except TimeoutError:
            seen = ", ".join(call.method for call in self.calls) or "none"
            raise AssertionError(
                f"expected {count} call(s) to {method}, got {len(matching())} in {timeout}s; calls: {seen}"
            ) from None
        return matching()

    def message(self, channel: str, ts: str) -> dict[str, Any] | None:
        """The message as it stands now (after any ``chat.update``)."""
        return self.messages.get((channel, ts))

    def after_reload(self, channel: str) -> list[dict[str, Any]]:
        """What a person sees in ``channel`` after reloading Slack: its messages as they now stand, oldest first;
        no ephemeral message survives a reload."""
        return [message for (where, _), message in sorted(self.messages.items()) if where == channel]

    def lose_ephemeral(self, share: float, *, seed: int) -> None:
        """From now on ``share`` of the ephemeral messages (drawn with ``seed``) never arrive, as Slack may."""
        self._losing = (share, random.Random(seed))

    def home_view(self, user_id: str) -> dict[str, Any] | None:
        """The Home tab last published for ``user_id``."""
        view_id = self._home_views.get(user_id)
        return None if view_id is None else self.views[view_id]

    # -- failure injection ----------------------------------------------------------------------------------

    # Each takes ``when``: a test of the call's arguments (``lambda args: args.get("channel") == CHANNEL_ID``);
    # the fault then waits for the next call that passes it, and other calls go through.

    def hold(self, method: str, *, when: Callable[[dict[str, Any]], bool] | None = None) -> asyncio.Event:
        """From now on the calls to ``method`` (those whose arguments pass ``when``) wait unanswered until the
        returned event is set (Slack being slow); each is then answered as usual, and recorded when answered, unless
        its caller went away meanwhile (a call cut short by its process stopping never reaches Slack)."""
        released = asyncio.Event()
        self._holds.setdefault(method, []).append(_Hold(released, when))
        return released

    async def wait_held(self, method: str, *, timeout: float = 5.0) -> dict[str, Any]:
        """Wait until a call to ``method`` is held unanswered (``hold``); returns its arguments."""
        try:
            async with asyncio.timeout(timeout), self._recorded:
                await self._recorded.wait_for(lambda: any(m == method for m, _ in self.waiting))
        except TimeoutError:
            raise AssertionError(f"no call to {method} was held in {timeout}s") from None
        return next(args for m, args in self.waiting if m == method)

    async def _held(self, method: str, args: dict[str, Any], request: web.Request) -> bool:
        """Wait while a ``hold`` on ``method`` applies to this call; False when its caller went away meanwhile (its
        process stopped): Slack never acts on it, and it is not recorded."""
        hold = next((h for h in self._holds.get(method, ()) if h.when is None or h.when(args)), None)
        if hold is None or hold.released.is_set():
            return True
        entry = (method, args)
        async with self._recorded:
            self.waiting.append(entry)
            self._recorded.notify_all()
        try:
            await hold.released.wait()
        finally:
            self.waiting.remove(entry)
        return request.transport is not None and not request.transport.is_closing()

    def rate_limit(
        self, method: str, *, times: int = 1, retry_after: int = 1, when: Callable[[dict[str, Any]], bool] | None = None
    ) -> None:
        """The next ``times`` calls to ``method`` get HTTP 429, ``Retry-After``, ``error: ratelimited``."""
        self._faults.setdefault(method, deque()).extend([_Fault(429, "ratelimited", retry_after, when)] * times)

    def fail(
        self, method: str, error: str, *, times: int = 1, when: Callable[[dict[str, Any]], bool] | None = None
    ) -> None:
        """The next ``times`` calls to ``method`` get ``{"ok": false, "error": error}``."""
        self._faults.setdefault(method, deque()).extend([_Fault(200, error, when=when)] * times)

    def server_error(
        self, method: str, *, status: int = 503, times: int = 1, when: Callable[[dict[str, Any]], bool] | None = None
    ) -> None:
        """The next ``times`` calls to ``method`` get an HTTP ``status`` (a Slack outage)."""
        self._faults.setdefault(method, deque()).extend([_Fault(status, "service_unavailable", when=when)] * times)

    # -- transport ------------------------------------------------------------------------------------------

    # -- Socket Mode: apps.connections.open with an app-level token, then a WebSocket ----------------------

    async def _handle_socket(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.sockets.append(socket)
        await socket.send_json({"type": "hello", "num_connections": 1, "connection_info": {"app_id": p.APP_ID}})
        async for message in socket:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.socket_acks.append(json.loads(message.data))
                async with self._recorded:
                    self._recorded.notify_all()
        return socket

    async def push(self, envelope_type: str, payload: dict[str, Any]) -> str:
        """Send an envelope to every connected Socket Mode client; returns its envelope_id."""
        envelope_id = f"env-{len(self.socket_acks) + len(self.sockets)}-{time.monotonic_ns()}"
        for socket in self.sockets:
            await socket.send_json(
                {
                    "envelope_id": envelope_id,
                    "type": envelope_type,
                    "payload": payload,
                    "accepts_response_payload": envelope_type != "events_api",
                }
            )
        return envelope_id

    async def _handle_api(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()
        method = request.match_info["method"]
        args, token = await _read_arguments(request)
        if method == TOKEN_METHOD:  # Sign in with Slack: the app's client id and secret, no token
            body = self.openid.token(args, basic_auth(request))
            await self._record(
                SlackCall(method, {k: v for k, v in args.items() if k != "client_secret"}, arrived, None, 200, body)
            )
            return web.json_response(body)
        if method == "apps.connections.open" and token and token.startswith("xapp-"):
            body = {"ok": True, "url": f"ws://127.0.0.1:{self.port}/socket"}
            await self._record(SlackCall(method, args, arrived, token, 200, body))
            return web.json_response(body)
        if not await self._held(method, args, request):
            return web.Response(status=503)  # nobody reads it
        status, body, headers = self._answer(method, args, token)
        await self._record(SlackCall(method, args, arrived, token, status, body))
        return web.json_response(body, status=status, headers=headers)

    def _answer(
        self, method: str, args: dict[str, Any], token: str | None
    ) -> tuple[int, dict[str, Any], dict[str, str]]:
        if token is None:
            return 200, {"ok": False, "error": "not_authed"}, {}
        if token != self.token:
            return 200, {"ok": False, "error": "invalid_auth"}, {}
        wanted = METHOD_SCOPES.get(method, ())
        if method == "conversations.info":
            wanted = (CONVERSATION_READ_SCOPES.get(str(args.get("channel") or "")[:1], "channels:read"),)
        needed = [scope for scope in wanted if self.scopes is not None and scope not in self.scopes]
        if needed:
            return 200, {"ok": False, "error": "missing_scope", "needed": ",".join(needed)}, {}
        fault = self._next_fault(method, args)
        if fault is not None:
            headers = {} if fault.retry_after is None else {"Retry-After": str(fault.retry_after)}
            return fault.status, {"ok": False, "error": fault.error}, headers
        handler = self._methods.get(method)
        if handler is None:
            return 200, {"ok": False, "error": "unknown_method", "req_method": method}, {}
        try:
            return 200, {"ok": True, **handler(args)}, {}
        except _ApiError as error:
            body: dict[str, Any] = {"ok": False, "error": error.error}
            if error.messages:
                body["response_metadata"] = {"messages": list(error.messages)}
            return 200, body, {}

    def _next_fault(self, method: str, args: dict[str, Any]) -> _Fault | None:
        faults = self._faults.get(method) or deque()
        for fault in faults:
            if fault.when is None or fault.when(args):
                faults.remove(fault)
                return fault
        return None

    async def _handle_response_url(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()
        key = request.match_info["key"]
        try:
            args = await request.json() if request.can_read_body else {}
        except json.JSONDecodeError:
            args = {"text": await request.text()}
        uses = self._response_urls.get(key)
        if uses is None or uses >= RESPONSE_URL_USES:
            status, body = 404, {"ok": False, "error": "expired_url" if uses is None else "used_url"}
        elif _blocks_text_size(args.get("blocks")) > _MAX_BLOCKS_TEXT:
            status, body = 400, {"ok": False, "error": "msg_blocks_too_long"}
        else:
            self._response_urls[key] = uses + 1
            status, body = 200, {"ok": True}
        await self._record(SlackCall(RESPONSE_URL_METHOD, {"key": key, **args}, arrived, None, status, body))
        return web.json_response(body, status=status)

    async def _handle_upload(self, request: web.Request) -> web.Response:
        file_id = request.match_info["file_id"]
        pending = self.files.get(file_id)
        if pending is None:
            return web.Response(status=404, text="no such upload")
        data = await request.read()
        pending["content"] = data.decode("utf-8", "replace")
        pending["uploaded"] = len(data) == pending["length"]
        return web.Response(status=200, text="OK - " + str(len(data)))

    async def _record(self, call: SlackCall) -> None:
        async with self._recorded:
            self.calls.append(call)
            self._recorded.notify_all()

    # -- methods --------------------------------------------------------------------------------------------

    def _auth_test(self, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "url": f"https://{p.TEAM_DOMAIN}.slack.com/",
            "team": "planbot test",
            "user": p.BOT_NAME,
            "team_id": self.team_id,
            "user_id": p.BOT_USER_ID,
            "bot_id": p.BOT_ID,
            "is_enterprise_install": False,
        }

    def _channel(self, args: dict[str, Any]) -> str:
        """The channel a message goes to; a user id means the DM channel with that user."""
        channel = str(args.get("channel") or "")
        if channel[:1] in ("U", "W") and channel in self.users:
            return p.dm_channel_id(channel)
        if not channel or (self.channels is not None and channel[:1] != "D" and channel not in self.channels):
            raise _ApiError("channel_not_found")
        return channel

    def _message(self, args: dict[str, Any], ts: str) -> dict[str, Any]:
        if not args.get("text") and not args.get("blocks") and not args.get("attachments"):
            raise _ApiError("no_text")
        if len(str(args.get("text") or "")) > _MAX_MESSAGE_TEXT:
            raise _ApiError("msg_too_long")
        if _blocks_text_size(args.get("blocks")) > _MAX_BLOCKS_TEXT:
            raise _ApiError("msg_blocks_too_long")
        _check_blocks(args.get("blocks"), limit=_MAX_MESSAGE_BLOCKS, error="invalid_blocks")
        message = {"type": "message", "user": p.BOT_USER_ID, "bot_id": p.BOT_ID, "app_id": p.APP_ID, "ts": ts}
        for key in ("text", "blocks", "attachments", "thread_ts", "metadata"):
            if args.get(key):
                message[key] = args[key]
        message.setdefault("text", "")
        return message

    def _chat_post_message(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = self._channel(args)
        message = self._message(args, p.next_ts())
        self.messages[(channel, message["ts"])] = message
        return {"channel": channel, "ts": message["ts"], "message": message}

    def _chat_update(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = self._channel(args)
        ts = str(args.get("ts") or "")
        current = self.messages.get((channel, ts))
        if current is None:
            raise _ApiError("message_not_found")
        updated = self._message(args, ts)
        if "thread_ts" in current:
            updated["thread_ts"] = current["thread_ts"]
        updated["edited"] = {"user": p.BOT_USER_ID, "ts": p.next_ts()}
        self.messages[(channel, ts)] = updated
        return {"channel": channel, "ts": ts, "text": updated["text"], "message": updated}

    def _chat_post_ephemeral(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = self._channel(args)
        user = str(args.get("user") or "")
        if not user or (self.users and user not in self.users):
            raise _ApiError("user_not_found")
        message = self._message(args, p.next_ts())
        shown = {**message, "channel": channel, "user": user}
        if self._losing is not None and self._losing[1].random() < self._losing[0]:
            self.lost_ephemeral.append(shown)  # Slack said ok; the person never sees it
        else:
            self.ephemeral.append(shown)
        return {"message_ts": message["ts"]}

    def _chat_get_permalink(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, ts = self._channel(args), str(args.get("message_ts") or "")
        if (channel, ts) not in self.messages:
            raise _ApiError("message_not_found")
        return {"channel": channel, "permalink": _permalink(channel, ts)}

    def _chat_delete(self, args: dict[str, Any]) -> dict[str, Any]:
        channel, ts = self._channel(args), str(args.get("ts") or "")
        if self.messages.pop((channel, ts), None) is None:
            raise _ApiError("message_not_found")
        return {"channel": channel, "ts": ts}

    def _conversations_info(self, args: dict[str, Any]) -> dict[str, Any]:
        channel = self._channel(args)
        kind = channel[:1]
        shared = channel in self.shared_channels
        return {
            "channel": {
                "id": channel,
                "is_channel": kind == "C",
                "is_group": kind == "G",
                "is_im": kind == "D",
                "is_private": kind in ("G", "D"),
                "is_shared": shared,
                "is_ext_shared": shared,
                "is_org_shared": False,
                "is_pending_ext_shared": False,
            }
        }

    def _assistant_thread(self, args: dict[str, Any]) -> None:
        channel, thread_ts = str(args.get("channel_id") or ""), str(args.get("thread_ts") or "")
        if not channel or not thread_ts:
            raise _ApiError("invalid_arguments")
        if not channel.startswith("D"):
            raise _ApiError("channel_not_found")

    def _assistant_set_status(self, args: dict[str, Any]) -> dict[str, Any]:
        self._assistant_thread(args)
        if "status" not in args:
            raise _ApiError("invalid_arguments")
        return {}

    def _assistant_set_prompts(self, args: dict[str, Any]) -> dict[str, Any]:
        self._assistant_thread(args)
        prompts = args.get("prompts")
        prompts = json.loads(prompts) if isinstance(prompts, str) else prompts
        if not isinstance(prompts, list) or not 1 <= len(prompts) <= 4:
            raise _ApiError("invalid_arguments")
        if not all(isinstance(p, dict) and p.get("title") and p.get("message") for p in prompts):
            raise _ApiError("invalid_arguments")
        return {}

    def _assistant_set_title(self, args: dict[str, Any]) -> dict[str, Any]:
        self._assistant_thread(args)
        if not args.get("title"):
            raise _ApiError("invalid_arguments")
        return {}

    def _files_get_upload_url(self, args: dict[str, Any]) -> dict[str, Any]:
        filename, length = str(args.get("filename") or ""), str(args.get("length") or "")
        if not filename or not length.isdigit():
            raise _ApiError("invalid_arguments")
        file_id = f"F0{len(self.files) + 1:07d}"
        self.files[file_id] = {"id": file_id, "filename": filename, "length": int(length), "uploaded": False}
        return {"upload_url": f"{self._root}/upload/{file_id}", "file_id": file_id}

    def _files_complete_upload(self, args: dict[str, Any]) -> dict[str, Any]:
        raw = args.get("files")
        listed = json.loads(raw) if isinstance(raw, str) else raw
        if not isinstance(listed, list) or not listed:
            raise _ApiError("invalid_arguments")
        channel = str(args.get("channel_id") or "")
        if channel:
            channel = self._channel({"channel": channel})
        shared = []
        for entry in listed:
            stored = self.files.get(str(entry.get("id")))
            if stored is None or not stored["uploaded"]:
                raise _ApiError("file_not_found")
            stored.update(title=entry.get("title") or stored["filename"], channel=channel or None)
            stored.update(thread_ts=args.get("thread_ts") or None, initial_comment=args.get("initial_comment"))
            shared.append({"id": stored["id"], "name": stored["filename"], "title": stored["title"]})
        return {"files": shared}

    def _users_info(self, args: dict[str, Any]) -> dict[str, Any]:
        user = self.users.get(str(args.get("user") or ""))
        if user is None:
            raise _ApiError("user_not_found")
        return {"user": user.as_user_object(team_id=self.team_id)}

    def _usergroups_list(self, args: dict[str, Any]) -> dict[str, Any]:
        groups = [
            {
                "id": _usergroup_id(handle),
                "team_id": self.team_id,
                "name": handle.title(),
                "handle": handle,
                "is_usergroup": True,
                "date_delete": 0,
                "user_count": len(members),
            }
            for handle, members in self.usergroups.items()
        ]
        return {"usergroups": groups}

    def _usergroups_users_list(self, args: dict[str, Any]) -> dict[str, Any]:
        wanted = str(args.get("usergroup") or "")
        if not wanted:
            raise _ApiError("invalid_arguments")
        for handle, members in self.usergroups.items():
            if _usergroup_id(handle) == wanted:
                return {"users": list(members)}
        raise _ApiError("no_such_subteam")

    def _conversations_open(self, args: dict[str, Any]) -> dict[str, Any]:
        if args.get("channel"):
            return {"channel": {"id": str(args["channel"])}, "already_open": True}
        users = [user for user in str(args.get("users") or "").split(",") if user]
        if not users:
            raise _ApiError("users_list_not_supplied")
        unknown = [user for user in users if self.users and user not in self.users]
        if unknown:
            raise _ApiError("user_not_found")
        if len(users) == 1:
            return {"channel": {"id": p.dm_channel_id(users[0])}}
        return {"channel": {"id": "G" + secrets.token_hex(4).upper()}}

    def _view(self, args: dict[str, Any], *, kinds: tuple[str, ...], view_id: str | None = None) -> dict[str, Any]:
        view = args.get("view")
        if not isinstance(view, dict):
            raise _ApiError("invalid_arguments", "[ERROR] missing required field: view")
        if view.get("type") not in kinds:
            raise _ApiError("invalid_arguments", f"[ERROR] view type must be one of {', '.join(kinds)}")
        if view.get("type") == "modal" and not view.get("title"):
            raise _ApiError("invalid_arguments", "[ERROR] missing required field: title")
        _check_blocks(view.get("blocks", []), limit=_MAX_VIEW_BLOCKS, error="invalid_arguments")
        new_id = view_id or f"V0{len(self.views) + 1:07d}"
        stored = {
            "id": new_id,
            "team_id": self.team_id,
            "blocks": [],
            "private_metadata": "",
            "callback_id": "",
            "external_id": "",
            "state": {"values": {}},
            **view,
            "hash": f"{int(time.time())}.{secrets.token_hex(4)}",
            "root_view_id": new_id,
            "previous_view_id": None,
            "app_id": p.APP_ID,
            "bot_id": p.BOT_ID,
        }
        self.views[new_id] = stored
        return {"view": stored}

    def _views_open(self, args: dict[str, Any]) -> dict[str, Any]:
        trigger_id = str(args.get("trigger_id") or args.get("interactivity_pointer") or "")
        if not trigger_id:
            raise _ApiError("invalid_arguments", "[ERROR] missing required field: trigger_id")
        if not _TRIGGER_ID.match(trigger_id):
            raise _ApiError("invalid_trigger_id")
        if trigger_id in self._used_triggers:
            raise _ApiError("exchanged_trigger_id")
        opened = self._view(args, kinds=("modal",))
        self._used_triggers.add(trigger_id)
        return opened

    def _views_publish(self, args: dict[str, Any]) -> dict[str, Any]:
        user_id = str(args.get("user_id") or "")
        if not user_id:
            raise _ApiError("invalid_arguments", "[ERROR] missing required field: user_id")
        if self.users and user_id not in self.users:
            raise _ApiError("user_not_found")
        published = self._view(args, kinds=("home",), view_id=self._home_views.get(user_id))
        self._home_views[user_id] = published["view"]["id"]
        return published

    def _views_update(self, args: dict[str, Any]) -> dict[str, Any]:
        view_id = args.get("view_id")
        if not view_id and args.get("external_id"):
            external = args["external_id"]
            view_id = next((key for key, view in self.views.items() if view.get("external_id") == external), None)
            if view_id is None:
                raise _ApiError("not_found")
        if not view_id:
            raise _ApiError("invalid_arguments", "[ERROR] missing required field: view_id or external_id")
        current = self.views.get(str(view_id))
        if current is None:
            raise _ApiError("not_found")
        if args.get("hash") and args["hash"] != current["hash"]:
            raise _ApiError("hash_conflict")
        return self._view(args, kinds=(str(current.get("type", "modal")),), view_id=str(view_id))


def _permalink(channel: str, ts: str) -> str:
    return f"https://{p.TEAM_DOMAIN}.slack.com/archives/{channel}/p{ts.replace('.', '')}"


def _usergroup_id(handle: str) -> str:
    return "S" + re.sub(r"[^A-Z0-9]", "", handle.upper())


async def _read_arguments(request: web.Request) -> tuple[dict[str, Any], str | None]:
    args: dict[str, Any] = dict(request.query)
    if request.can_read_body:
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except json.JSONDecodeError:
                body = {}
            if isinstance(body, dict):
                args.update(body)
        else:
            args.update({key: value for key, value in (await request.post()).items() if isinstance(value, str)})
    for key in _JSON_ARGUMENTS:
        value = args.get(key)
        if isinstance(value, str) and value[:1] in ("[", "{"):
            with suppress(json.JSONDecodeError):
                args[key] = json.loads(value)
    token = args.pop("token", None)
    authorization = request.headers.get("Authorization", "")
    if authorization.startswith("Bearer "):
        token = authorization.removeprefix("Bearer ").strip()
    return args, (str(token) if token else None)


def basic_auth(request: web.Request) -> tuple[str, str] | None:
    """(client id, client secret) of an ``Authorization: Basic`` header, as slack_sdk sends them."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return None
    try:
        user, _, password = base64.b64decode(header[6:]).decode().partition(":")
    except ValueError:
        return None
    return user, password


def _blocks_text_size(value: Any) -> int:
    """The characters of every text in ``blocks`` (what Slack adds up for ``msg_blocks_too_long``)."""
    if isinstance(value, dict):
        return sum(len(v) if k == "text" and isinstance(v, str) else _blocks_text_size(v) for k, v in value.items())
    if isinstance(value, list):
        return sum(_blocks_text_size(item) for item in value)
    return 0


def _check_blocks(blocks: Any, *, limit: int, error: str) -> None:
    """Slack's Block Kit limits that most often bite: the number of blocks, elements per actions block,
    and the length of a section's text."""
    if blocks is None or blocks == "":
        return
    if not isinstance(blocks, list) or not all(isinstance(block, dict) and block.get("type") for block in blocks):
        raise _ApiError("invalid_blocks_format" if error == "invalid_blocks" else error, "[ERROR] blocks malformed")
    if len(blocks) > limit:
        raise _ApiError(error, f"[ERROR] no more than {limit} items allowed [json-pointer:/blocks]")
    for index, block in enumerate(blocks):
        if block["type"] == "actions" and len(block.get("elements", [])) > _MAX_ACTIONS_ELEMENTS:
            raise _ApiError(error, f"[ERROR] no more than 25 items allowed [json-pointer:/blocks/{index}/elements]")
        text = block.get("text")
        if block["type"] == "section" and isinstance(text, dict) and len(str(text.get("text", ""))) > _MAX_SECTION_TEXT:
            raise _ApiError(error, f"[ERROR] must be less than 3001 characters [json-pointer:/blocks/{index}/text]")
