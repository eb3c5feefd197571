"""Sign request bodies as Slack does (``v0`` HMAC-SHA256 over ``v0:{timestamp}:{body}``) and POST them.

:func:`signed_headers` gives what Slack sends; :func:`forged_headers` (signed with another secret) and
:func:`stale_headers` (correctly signed, but older than Slack's 5-minute window) are for the tests that the
app refuses them.
"""

import time

import aiohttp
from slack_sdk.signature import SignatureVerifier

SIGNING_SECRET = "planbot-test-signing-secret"
JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
STALE_AFTER_SECONDS = 5 * 60


def content_type_of(body: str) -> str:
    """Events come as JSON, commands and interactivity as form data: tell them apart by the body."""
    return JSON if body.lstrip().startswith("{") else FORM


def signed_headers(
    secret: str, body: str, *, timestamp: int | None = None, content_type: str | None = None
) -> dict[str, str]:
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    signature = SignatureVerifier(secret).generate_signature(timestamp=stamp, body=body)
    assert signature is not None
    return {
        "Content-Type": content_type or content_type_of(body),
        "X-Slack-Request-Timestamp": stamp,
        "X-Slack-Signature": signature,
    }


def forged_headers(
    secret: str, body: str, *, timestamp: int | None = None, content_type: str | None = None
) -> dict[str, str]:
    """Headers that look right but were signed with a secret other than ``secret``."""
    return signed_headers(f"not-{secret}", body, timestamp=timestamp, content_type=content_type)


def stale_headers(
    secret: str, body: str, *, age_seconds: int = STALE_AFTER_SECONDS + 60, content_type: str | None = None
) -> dict[str, str]:
    """Correctly signed headers whose timestamp is ``age_seconds`` old (a replayed request)."""
    return signed_headers(secret, body, timestamp=int(time.time()) - age_seconds, content_type=content_type)


async def post_signed(
    session: aiohttp.ClientSession,
    url: str,
    secret: str,
    body: str,
    *,
    content_type: str | None = None,
    retry_num: int | None = None,
    retry_reason: str = "http_timeout",
    timeout_seconds: float = 10.0,
) -> tuple[int, str]:
    """POST ``body`` to ``url`` signed with ``secret``; with ``retry_num``, as Slack's retry of a delivery
    (``X-Slack-Retry-Num`` / ``X-Slack-Retry-Reason``). Returns the status and the response text."""
    headers = signed_headers(secret, body, content_type=content_type)
    if retry_num is not None:
        headers["X-Slack-Retry-Num"] = str(retry_num)
        headers["X-Slack-Retry-Reason"] = retry_reason
    timeout = aiohttp.ClientTimeout(total=timeout_seconds)
    async with session.post(url, data=body.encode(), headers=headers, timeout=timeout) as response:
        return response.status, await response.text()
