"""A local Microsoft Graph v1.0 for the tests (aiohttp on 127.0.0.1), as strict as the service where it matters:

- every request is resolved through the SDK's request builders (``graph_schema``): an undocumented path, method or
  query parameter is Graph's 400, and so is a body the SDK's model does not accept (unknown property, enum value
  it does not list, wrong type); each such request is also kept in ``problems``, which the fixtures require empty;
- every JSON answer of the stand-in is checked against the SDK's model of that operation's answer, so the shapes
  the connector reads are Graph's;
- Outlook's throttling (Graph throttling limits, Outlook service): at most ``concurrency`` (4) requests in flight
  per mailbox; one more is 429 ``ApplicationThrottled`` "MailboxConcurrency" with ``Retry-After``, and so is any
  request before that time has passed (each such 429 is kept in ``throttled``, which the fixtures require empty);
  every request takes ``latency`` seconds, so that requests sent together are in flight together;
- bearer tokens come from the Microsoft identity platform's token endpoint (``POST /{tenant}/oauth2/v2.0/token``,
  a refresh-token grant with ``scope``); each refresh rotates the refresh token, and the one used stops working
  (``refresh_tokens`` holds the one that works; Microsoft documents rotation, the stand-in is stricter at once);
  ``faults`` replace the next API answers (401, 403, 429, 503 ...).

The mailbox and the calendar live in ``fake_mail`` and ``fake_calendar``.
"""

import asyncio
import base64
import json
import math
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlencode

from aiohttp import web

from tests.integrations.microsoft.graph_schema import Operation, UndocumentedError, operation, problems_of_body
from tests.integrations.microsoft.odata import QueryError

ME = "planbot@contoso.com"
ME_NAME = "Planbot Tester"
CLIENT = ("11111111-2222-3333-4444-555555555555", "client-secret-1")
REFRESH_TOKEN = "M.R3_BAY.refresh-1"
TENANT = "contoso.onmicrosoft.com"
Handler = Callable[["Call"], Awaitable[web.StreamResponse]]


def new_id(prefix: str = "AAMkAGI2") -> str:
    """An Exchange-like id: URL-safe base64 (letters, digits, ``-``, ``_``, ``=``)."""
    return prefix + base64.urlsafe_b64encode(os.urandom(33)).decode()[:44] + "AAA="


@dataclass
class Call:
    """One API request, resolved: the operation, its path parameters, query, body and preferences."""

    request: web.Request
    operation: Operation
    ids: list[str]
    query: dict[str, str]
    body: Any
    prefer: dict[str, str]

    @property
    def immutable_ids(self) -> bool:
        return self.prefer.get("IdType") == "ImmutableId"

    @property
    def text_bodies(self) -> bool:
        return self.prefer.get("outlook.body-content-type") == "text"


@dataclass
class Recorded:
    verb: str
    path: str
    query: dict[str, str]
    body: Any
    prefer: str


@dataclass
class FakeGraph:
    requests: list[Recorded] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    faults: list[tuple[int, str, dict[str, str]]] = field(default_factory=list)
    tokens: set[str] = field(default_factory=set)
    token_requests: list[dict[str, str]] = field(default_factory=list)
    grant_revoked: bool = False
    refresh_tokens: set[str] = field(default_factory=lambda: {REFRESH_TOKEN})
    refreshes: int = 0
    issued_links: set[tuple[str, tuple[tuple[str, str], ...]]] = field(default_factory=set)
    handlers: dict[tuple[str, str], Handler] = field(default_factory=dict)
    base_url: str = ""
    concurrency: int = 4
    retry_after: int = 1
    latency: float = 0.01
    throttled: list[str] = field(default_factory=list)
    in_flight: int = 0  # of the one mailbox (ME) the stand-in serves
    most_in_flight: int = 0
    calm_at: float = 0.0  # the end of the last Retry-After

    def serve(self, verb: str, route: str, handler: Handler) -> None:
        """``route`` as the SDK's template writes it, e.g. ``/users/{user%2Did}/messages``."""
        self.handlers[(verb, route)] = handler

    def expire_tokens(self) -> None:
        self.tokens.clear()

    def next_link(self, call: Call, skip: int) -> str:
        query = {**{k: v for k, v in call.query.items() if k != "$skiptoken"}, "$skiptoken": str(skip)}
        self.issued_links.add((call.request.path, tuple(sorted(query.items()))))
        return f"{self.base_url}{call.request.path}?{urlencode(query)}"

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._gate])
        app.router.add_post("/{tenant}/oauth2/v2.0/token", self._token)
        app.router.add_route("*", "/v1.0/{tail:.*}", self._dispatch)
        return app

    async def _token(self, request: web.Request) -> web.Response:
        form = {key: str(value) for key, value in (await request.post()).items()}
        self.token_requests.append({k: v for k, v in form.items() if k not in ("client_secret", "refresh_token")})
        if request.match_info["tenant"] not in (TENANT, "common", "organizations"):
            return web.json_response({"error": "invalid_request", "error_description": "AADSTS90002"}, status=400)
        if (form.get("client_id"), form.get("client_secret")) != CLIENT:
            return web.json_response({"error": "invalid_client", "error_description": "AADSTS7000215"}, status=401)
        scopes = form.get("scope", "").split()
        if form.get("grant_type") != "refresh_token" or "offline_access" not in scopes:
            return web.json_response({"error": "invalid_request", "error_description": "AADSTS900144: scope"}, 400)
        if self.grant_revoked or form.get("refresh_token") not in self.refresh_tokens:
            answer = {"error": "invalid_grant", "error_description": "AADSTS70008: The refresh token has expired."}
            return web.json_response(answer, status=400)
        token = f"eyJ0eXAiOiJKV1Qi.{len(self.tokens) + 1}.{os.urandom(6).hex()}"
        self.tokens.add(token)
        self.refreshes += 1
        rotated = f"M.R3_BAY.refresh-{self.refreshes + 1}"
        self.refresh_tokens = {rotated}  # the token just used stops working
        answer = {"token_type": "Bearer", "scope": " ".join(scopes), "expires_in": 3599, "access_token": token}
        return web.json_response({**answer, "refresh_token": rotated})

    @web.middleware
    async def _gate(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith("/v1.0/"):
            return await handler(request)
        body = await request.json() if request.body_exists else None
        self.requests.append(
            Recorded(request.method, request.path, dict(request.query), body, request.headers.get("Prefer", ""))
        )
        if request.headers.get("Authorization", "").removeprefix("Bearer ") not in self.tokens:
            return error(401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid.")
        if self.faults:
            status, code, headers = self.faults.pop(0)
            if status == 429 and "Retry-After" in headers:
                self.calm_at = time.monotonic() + float(headers["Retry-After"])
            return error(status, code, f"Injected failure {status}", headers)
        return await self._throttled(request, handler)

    async def _throttled(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        now = time.monotonic()
        if now < self.calm_at or self.in_flight >= self.concurrency:
            why = "before Retry-After" if now < self.calm_at else f"{self.in_flight + 1} requests in flight"
            self.throttled.append(f"{request.method} {request.path}: {why}")
            self.calm_at = max(self.calm_at, now + self.retry_after)
            wait = {"Retry-After": str(math.ceil(self.calm_at - now))}
            return error(429, "ApplicationThrottled", "Application is over its MailboxConcurrency limit.", wait)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.latency)
            return await handler(request)
        finally:
            self.in_flight -= 1

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        path = request.raw_path.split("?", 1)[0].removeprefix("/v1.0")  # an id may hold an encoded /
        try:
            found = operation(request.method, path)
        except UndocumentedError as problem:
            return self._refuse(400, "BadRequest", str(problem))
        query = dict(request.query)
        issued = (request.path, tuple(sorted(query.items()))) in self.issued_links
        unknown = sorted(set(query) - found.query - ({"$skiptoken"} if issued else set()))
        if unknown:
            return self._refuse(400, "BadRequest", f"{found.name}: query option(s) {unknown} are not allowed")
        body = await request.json() if request.body_exists else None
        if found.body is not None:
            shape = problems_of_body(found.body, body)
            if shape:
                return self._refuse(400, "RequestBodyRead", f"{found.name}: {'; '.join(shape)}")
        elif body is not None:
            return self._refuse(400, "BadRequest", f"{found.name} takes no body")
        handler = self.handlers.get((request.method, _route(found.template)))
        if handler is None:
            return self._refuse(501, "NotImplemented", f"the stand-in does not serve {found.name}")
        call = Call(request, found, _ids(found.template, path), query, body, _preferences(request))
        if call.ids[:1] not in (["me"], [ME]):
            return error(403, "ErrorAccessDenied", "Access is denied. Check credentials and try again.")
        try:
            answer = await handler(call)
        except QueryError as problem:
            if problem.ours:
                self.problems.append(str(problem))
            return error(400, problem.code, str(problem))
        self._check_answer(found, answer)
        return answer

    def _refuse(self, status: int, code: str, message: str) -> web.Response:
        self.problems.append(message)
        return error(status, code, message)

    def _check_answer(self, found: Operation, answer: web.StreamResponse) -> None:
        if found.answer is None or not isinstance(answer, web.Response) or answer.status >= 300 or not answer.text:
            return
        shape = problems_of_body(found.answer, json.loads(answer.text), "answer")
        self.problems.extend(f"{found.name}: {problem}" for problem in shape)


def error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> web.Response:
    inner = {"date": "2026-03-02T14:00:00", "request-id": "0f7b0c3e", "client-request-id": "0f7b0c3e"}
    body = {"error": {"code": code, "message": message, "innerError": inner}}
    return web.json_response(body, status=status, headers=headers)


def _route(template: str) -> str:
    return template.replace("{+baseurl}", "").split("{?")[0].split("?")[0].split("{&")[0]


def _ids(template: str, path: str) -> list[str]:
    """The values of the template's ``{...}`` segments, the user (``me``) first."""
    route = _route(template).strip("/").split("/")
    parts = ["users", "me", *path.strip("/").split("/")[1:]] if path.startswith("/me") else path.strip("/").split("/")
    return [unquote(part) for pattern, part in zip(route, parts, strict=True) if pattern.startswith("{")]


def _preferences(request: web.Request) -> dict[str, str]:
    found: dict[str, str] = {}
    for item in request.headers.get("Prefer", "").split(","):
        name, _, value = item.strip().partition("=")
        if name:
            found[name] = value.strip('"')
    return found


@asynccontextmanager
async def serving(fake: FakeGraph) -> AsyncIterator[str]:
    """Serve ``fake`` on 127.0.0.1 (a free port); yields the base URL (``http://127.0.0.1:PORT``)."""
    runner = web.AppRunner(fake.app())
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    fake.base_url = f"http://127.0.0.1:{port}"
    try:
        yield fake.base_url
    finally:
        await runner.cleanup()
