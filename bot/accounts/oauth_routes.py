"""``GET /accounts/<service>/start`` and ``/accounts/<service>/callback`` on ``planbot serve --http``: the browser's
side of ``oauth_flow``. Every answer is a short plain page (or the redirect to the service), never a traceback."""

import logging
from collections.abc import Callable
from datetime import datetime
from html import escape

import aiohttp
from aiohttp import web

from bot.accounts.book import Accounts
from bot.accounts.oauth_flow import COOKIE, STATE_TTL, OAuthConnections, OnConnected, SignInError
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.oauth_states import open_states
from bot.settings import Settings

logger = logging.getLogger(__name__)
START_PATH = "/accounts/{service}/start"
CALLBACK_PATH = "/accounts/{service}/callback"
_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the callback's address holds the code
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}
_KINDS = {"email": "email", "calendar": "calendar", "crm": "CRM"}


async def open_connections(
    settings: Settings,
    accounts: Accounts,
    *,
    clock: Callable[[], datetime] | None = None,
    on_connected: OnConnected | None = None,
) -> OAuthConnections:
    """The sign-ins of the configured store and OAuth apps (``close`` it)."""
    if settings.database_url is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    states = await open_states(settings.database_url or settings.plans_path)
    secret = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    extra = {"clock": clock} if clock is not None else {}
    http = aiohttp.ClientSession()
    return OAuthConnections(
        oauth_setup(settings), accounts, states, http, secret=secret, on_connected=on_connected, **extra
    )


def oauth_routes(connections: OAuthConnections) -> list[web.RouteDef]:
    async def start(request: web.Request) -> web.StreamResponse:
        service = request.match_info["service"]
        try:
            redirect = await connections.begin(service, request.query.get("link"))
        except SignInError as error:
            return page("Cannot connect", error.message, error.status)
        except Exception as error:  # the store or a bug: a plain page, one log line
            logger.error("starting a %s sign-in failed (%s)", service[:32], type(error).__name__)
            return page("Cannot connect", "Something went wrong on planbot's side. Try again later.", 500)
        answer = web.Response(status=302, headers={**_HEADERS, "Location": redirect.url})
        answer.set_cookie(
            COOKIE,
            redirect.cookie,
            max_age=int(STATE_TTL.total_seconds()),
            path=redirect.cookie_path,
            secure=redirect.secure,
            httponly=True,
            samesite="Lax",  # sent when the service sends the browser back (a top-level GET)
        )
        return answer

    async def callback(request: web.Request) -> web.StreamResponse:
        service = request.match_info["service"]
        query = {key: request.query[key] for key in request.query}  # the first of each
        try:
            connected = await connections.finish(service, query, request.cookies.get(COOKIE))
        except SignInError as error:
            return page("Not connected", error.message, error.status)
        except Exception as error:
            logger.error("finishing a %s sign-in failed (%s)", service[:32], type(error).__name__)
            return page("Not connected", "Something went wrong on planbot's side. Try again later.", 500)
        what = " and ".join(_KINDS[k] for k in connected.kinds)
        whose = "the workspace's" if not connected.user else "your"
        text = f"{connected.title} ({connected.label}) is now {whose} {what} account for planbot."
        if connected.refused:
            refused = " and ".join(_KINDS[k] for k in connected.refused)
            text += f" You did not allow access to your {refused}: press Connect again in Slack to add it."
        answer = page("Connected", f"{text} You can close this window and return to Slack.", 200)
        answer.del_cookie(COOKIE, path=connections.cookie_path(service))
        return answer

    return [web.get(START_PATH, start), web.get(CALLBACK_PATH, callback)]


def page(title: str, message: str, status: int) -> web.Response:
    html = (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width,initial-scale=1'>"
        f"<title>planbot: {escape(title)}</title></head>"
        "<body style='font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5'>"
        f"<h1>{escape(title)}</h1><p>{escape(message)}</p></body></html>"
    )
    return web.Response(text=html, status=status, content_type="text/html", headers=_HEADERS)
