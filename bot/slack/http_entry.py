"""The HTTP entry in front of Bolt: the signature over the raw bytes first, then the body's shape.

Slack's certificate probe is answered here (it is not signed, and nothing else rides on it). Refusals, each
with one log line that names the reason and never the body:
401 unsigned, forged or stale; 400 signed but malformed; 413 over the size cap (aiohttp, on reading the body).
Bolt only sees requests it can parse.
"""

import hashlib
import hmac
import logging
import time
from collections.abc import Awaitable, Callable

from aiohttp import web
from pydantic import SecretStr
from slack_bolt.adapter.aiohttp import to_aiohttp_response
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest

from bot.slack.request_shape import is_ssl_check, shape_problem

logger = logging.getLogger(__name__)
STALE_AFTER_SECONDS = 5 * 60
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def signature_valid(secret: SecretStr, body: bytes, timestamp: str | None, signature: str | None, now: float) -> bool:
    """Slack's ``v0`` HMAC-SHA256 over ``v0:{timestamp}:{raw body}``, within five minutes of ``now``.

    Over the bytes (slack_sdk's SignatureVerifier decodes the body first, so cannot refuse invalid UTF-8 cleanly).
    """
    if not timestamp or not signature or not (timestamp.isascii() and timestamp.isdigit()):
        return False
    if abs(now - int(timestamp)) > STALE_AFTER_SECONDS:
        return False
    signed = b"v0:" + timestamp.encode() + b":" + body
    expected = "v0=" + hmac.new(secret.get_secret_value().encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), signature.encode("utf-8", "surrogateescape"))


def events_handler(bolt: AsyncApp, secret: SecretStr, clock: Callable[[], float] = time.time) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        body = await request.read()  # over client_max_size: HTTPRequestEntityTooLarge, answered as 413
        if is_ssl_check(body, request.content_type):
            return web.Response(status=200)
        headers = request.headers
        timestamp, signature = headers.get("X-Slack-Request-Timestamp"), headers.get("X-Slack-Signature")
        if not signature_valid(secret, body, timestamp, signature, clock()):
            logger.info("refused a Slack request: bad, stale or missing signature")
            return web.Response(status=401, text="invalid signature")
        problem = shape_problem(body, request.content_type)
        if problem is not None:
            logger.warning("refused a signed Slack request: %s", problem)
            return web.Response(status=400, text="malformed request")
        bolt_request = AsyncBoltRequest(body=body.decode("utf-8"), query=request.query_string, headers=dict(headers))
        return await to_aiohttp_response(await bolt.async_dispatch(bolt_request))

    return handle
