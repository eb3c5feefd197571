"""The pages of connecting an account on ``planbot serve --http``: the browser's side of ``oauth_flow``.

``GET /accounts/<service>/start`` (the Connect link), ``/accounts/slack/callback`` (Sign in with Slack),
``/accounts/<service>/callback`` (the service's sign-in) and ``/accounts/<imap|caldav>/form`` (the password page).
Every answer is a short plain page (or a redirect), never a traceback."""

import logging
from collections.abc import Callable
from datetime import datetime

import aiohttp
from aiohttp import web

from bot.accounts import services
from bot.accounts.book import Accounts
from bot.accounts.oauth_flow import (
    STATE_TTL,
    Connected,
    OAuthConnections,
    OnConnected,
    Redirect,
    SignInError,
)
from bot.accounts.oauth_providers import oauth_setup
from bot.accounts.oauth_states import open_states
from bot.accounts.pages import HEADERS, page
from bot.accounts.password_page import PasswordPages
from bot.accounts.slack_sign_in import CALLBACK_PATH as SLACK_CALLBACK_PATH
from bot.accounts.slack_sign_in import SlackSignIn
from bot.settings import Settings
from integrations.outbound import ServerPolicy

__all__ = ["oauth_routes", "open_connections", "page"]
logger = logging.getLogger(__name__)
START_PATH = "/accounts/{service}/start"
CALLBACK_PATH = "/accounts/{service}/callback"
KINDS = {"email": "email", "calendar": "calendar", "crm": "CRM"}


async def open_connections(
    settings: Settings,
    accounts: Accounts,
    *,
    clock: Callable[[], datetime] | None = None,
    on_connected: OnConnected | None = None,
    tz: str | None = None,
) -> OAuthConnections:
    """The sign-ins of the configured store, OAuth apps and Sign in with Slack (``close`` it)."""
    if settings.database_url is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    states = await open_states(settings.database_url or settings.plans_path)
    secret = settings.secret_key.get_secret_value() if settings.secret_key is not None else None
    pair = settings.slack_sign_in
    slack = SlackSignIn(pair[0], pair[1].get_secret_value(), settings.slack_api_url) if pair is not None else None
    zone = settings.timezone or tz or "UTC"  # a password service's account: checked with the server's zone
    servers = ServerPolicy.allowing(settings.allowed_server_hosts)  # people's own servers may not be inside
    options = services.Options(time_zone=zone, working_hours=settings.working_hours, servers=servers)
    http = aiohttp.ClientSession()
    connections = OAuthConnections(
        oauth_setup(settings),
        accounts,
        states,
        http,
        secret=secret,
        slack=slack,
        on_connected=on_connected,
        options=options,
    )
    if clock is not None:
        connections.clock = clock
    return connections


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
        return _redirect(redirect)

    async def slack_callback(request: web.Request) -> web.StreamResponse:
        query = {key: request.query[key] for key in request.query}  # the first of each
        try:
            redirect = await connections.slack_finish(query, request.cookies)
        except SignInError as error:
            return page("Not connected", error.message, error.status)
        except Exception as error:
            logger.error("finishing a Slack sign-in failed (%s)", type(error).__name__)
            return page("Not connected", "Something went wrong on planbot's side. Try again later.", 500)
        return _redirect(redirect)

    async def callback(request: web.Request) -> web.StreamResponse:
        service = request.match_info["service"]
        query = {key: request.query[key] for key in request.query}
        try:
            outcome = await connections.finish(service, query, request.cookies)
        except SignInError as error:
            return page("Not connected", error.message, error.status)
        except Exception as error:
            logger.error("finishing a %s sign-in failed (%s)", service[:32], type(error).__name__)
            return page("Not connected", "Something went wrong on planbot's side. Try again later.", 500)
        what = " and ".join(KINDS[k] for k in outcome.kinds)
        if isinstance(outcome, Connected):
            answer = page("Connected", connected_text(outcome), 200)
        else:
            signed_in = outcome.address or outcome.label
            profile = outcome.slack_email or "no address"
            text = (
                f"You signed in to {outcome.title} as {signed_in}, which is not the address of your Slack profile "
                f"({profile}). Nothing is used yet: planbot sent you a message in Slack, {outcome.person}. Press "
                f"“Yes, use it” there if this {what} account is yours, and it will be connected for you."
            )
            answer = page("Almost connected", text, 200)
        answer.del_cookie(connections.cookie_name(service), path=connections.cookie_path())
        return answer

    pages = PasswordPages(connections, connections.options)
    return [
        web.get(START_PATH, start),
        web.get(SLACK_CALLBACK_PATH, slack_callback),  # before the services' callbacks: "slack" is none of them
        web.get(CALLBACK_PATH, callback),
        *pages.routes(),
    ]


def connected_text(connected: Connected) -> str:
    """What the page says once an account is connected: which account, of which kinds, for whom in Slack."""
    what = " and ".join(KINDS[k] for k in connected.kinds)
    if connected.user:
        text = f"{connected.title} ({connected.label}) is now the {what} account of {connected.person} in Slack "
        text += "for planbot."
    else:
        text = f"{connected.title} ({connected.label}) is now the workspace's {what} account for planbot, "
        text += f"connected by {connected.person}."
    if connected.refused:
        refused = " and ".join(KINDS[k] for k in connected.refused)
        text += f" You did not allow access to your {refused}: press Connect again in Slack to add it."
    return f"{text} You can close this window and return to Slack."


def _redirect(redirect: Redirect) -> web.Response:
    answer = web.Response(status=302, headers={**HEADERS, "Location": redirect.url})
    if redirect.cookie is not None:
        answer.set_cookie(
            redirect.cookie_name,
            redirect.cookie,
            max_age=int(2 * STATE_TTL.total_seconds()),  # the Slack step, then the service's
            path=redirect.cookie_path,
            secure=redirect.secure,
            httponly=True,
            samesite="Lax",  # sent when Slack and the service send the browser back (top-level GETs)
        )
    return answer
