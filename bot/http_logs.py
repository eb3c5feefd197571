"""What ``planbot serve --http`` writes about each request: method, path, status, size and time; never a query string.

Query strings carry secrets on several routes (an OAuth ``code`` and ``state``, a Connect ``link``, Slack's install
``code``), and the Referer and User-Agent headers can carry them too, so the access log names none of them, on every
route. URLs over ``MAX_URL_BYTES`` are refused with 414 before any route sees them (one access log line, no
traceback); a request line too long even for the parser (``MAX_LINE_BYTES``) or otherwise malformed is answered by
aiohttp (400) and logged as one line without the line itself.
"""

import logging
from typing import Any

from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.typedefs import Middleware

from bot.metrics import Handler

ACCESS_LOGGER = "aiohttp.access"
SERVER_LOGGER = "planbot.http"
MAX_URL_BYTES = 8 * 1024
MAX_LINE_BYTES = 1024 * 1024  # parsed up to here, so that anything between the two gets a clean 414
MAX_LOGGED_PATH = 200


class PathOnlyAccessLogger(AbstractAccessLogger):
    """``127.0.0.1 "GET /accounts/google/callback" 200 512 0.004s``: the path without its query."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        path = request.path
        if len(path) > MAX_LOGGED_PATH:
            path = path[:MAX_LOGGED_PATH] + "…"
        self.logger.info(
            '%s "%s %s" %d %d %.3fs', request.remote, request.method, path, response.status, response.body_length, time
        )


class _MalformedRequests(logging.Filter):
    """aiohttp logs a request it cannot parse with a traceback and an exception text that quotes the raw line
    (query string included): one line, naming the kind of problem only."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.msg, record.args = "refused a malformed request (%s)", (error.__class__.__name__,)
            record.exc_info, record.exc_text, record.levelno, record.levelname = None, None, logging.INFO, "INFO"
        return True


def server_logger() -> logging.Logger:
    logger = logging.getLogger(SERVER_LOGGER)
    if not any(isinstance(f, _MalformedRequests) for f in logger.filters):
        logger.addFilter(_MalformedRequests())
    return logger


def url_length_limit(limit: int = MAX_URL_BYTES) -> Middleware:
    @web.middleware
    async def limited(request: web.Request, handler: Handler) -> web.StreamResponse:
        if len(request.raw_path) > limit:
            return web.Response(status=414, text="URI too long")
        return await handler(request)

    return limited


def runner_options() -> dict[str, Any]:
    """The ``web.AppRunner`` keywords of the served app: the access log above, the parser's line limit, the
    server logger that keeps malformed requests to one line."""
    return {
        "access_log_class": PathOnlyAccessLogger,
        "access_log": logging.getLogger(ACCESS_LOGGER),
        "max_line_size": MAX_LINE_BYTES,
        "logger": server_logger(),
    }
