"""Several workspaces: Slack's install flow, each workspace's installation in our store, and its bot token.

With ``SLACK_CLIENT_ID``, ``SLACK_CLIENT_SECRET`` and ``SLACK_STATE_SECRET`` set (``several_workspaces``),
``planbot serve --http`` serves Bolt's install flow at ``GET /slack/install`` (straight to Slack's authorize page,
with a single-use ``state`` also bound to the browser by Bolt's cookie) and ``GET /slack/oauth_redirect`` (the
code exchanged with ``oauth.v2.access``, the installation saved). Each request is authorized by Bolt from the
store (``SlackInstallations``), refreshing a bot token that expires within two hours (token rotation); the app's
``TeamClient`` then acts for that request's workspace. Enterprise Grid: an org-wide install serves every
workspace of its organisation. ``PLANBOT_SECRET_KEY`` is required: the tokens are stored sealed with it.
Without these settings ``SLACK_BOT_TOKEN`` serves its one workspace as before, and none of this is built.
"""

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from datetime import datetime
from typing import Any
from urllib.parse import urljoin

from aiohttp import web
from slack_bolt.adapter.aiohttp import to_aiohttp_response, to_bolt_request
from slack_bolt.async_app import AsyncApp
from slack_bolt.authorization import AuthorizeResult
from slack_bolt.authorization.async_authorize import AsyncInstallationStoreAuthorize
from slack_bolt.context.async_context import AsyncBoltContext
from slack_bolt.oauth.async_oauth_flow import AsyncOAuthFlow
from slack_bolt.oauth.async_oauth_settings import AsyncOAuthSettings
from slack_sdk.errors import SlackTokenRotationError
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.oauth.installation_store import Bot
from slack_sdk.oauth.token_rotation.async_rotator import AsyncTokenRotator
from slack_sdk.web.async_client import AsyncWebClient

from bot.accounts.vault import Vault, VaultError
from bot.compose import StartupError
from bot.settings import Settings
from bot.slack.declared import install_scopes
from bot.slack.inbox import AUTHORIZED
from bot.slack.install_client import TeamClient, act_for, acting_for
from bot.slack.install_logs import FLOW_LOGGER, WEB_LOGGER
from bot.slack.install_sql import open_statements
from bot.slack.install_states import SlackOAuthStates
from bot.slack.install_store import SlackInstallations

logger = logging.getLogger(__name__)
INSTALL_PATH = "/slack/install"
REDIRECT_PATH = "/slack/oauth_redirect"
ROTATE_MINUTES_BEFORE = 120  # refresh a bot token that expires within this (Bolt's default)
_SETTINGS = ("SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_STATE_SECRET")


def several_workspaces(settings: Settings) -> bool:
    """Whether the install flow is configured; ``StartupError`` when only part of it is."""
    given = (settings.slack_client_id, settings.slack_client_secret, settings.slack_state_secret)
    if not any(given):
        return False
    missing = [name for name, value in zip(_SETTINGS, given, strict=True) if not value]
    if missing:
        raise StartupError(f"the install flow for several workspaces also needs {', '.join(missing)}")
    if settings.secret_key is None:
        raise StartupError(
            "the install flow for several workspaces needs PLANBOT_SECRET_KEY (a secret of at least 32 characters): "
            "each workspace's bot token is stored encrypted with it"
        )
    return True


def authorize_url(api_url: str) -> str:
    """Slack's authorize page, beside its Web API (``https://slack.com/api/`` → ``https://slack.com/oauth/v2/authorize``)."""
    return urljoin(api_url if api_url.endswith("/") else f"{api_url}/", "../oauth/v2/authorize")


class Workspaces:
    """The installed workspaces: their store, the install flow's settings for Bolt, and the client acting for each."""

    def __init__(
        self,
        installations: SlackInstallations,
        states: SlackOAuthStates,
        *,
        client_id: str,
        client_secret: str,
        api_url: str,
        close: Callable[[], Awaitable[None]],
        thread_history: bool = True,
    ) -> None:
        """``thread_history``: ask for the ``*:history`` scopes (thread replies without a mention)."""
        self.installations = installations
        self.scopes = install_scopes(thread_history)
        self.states = states
        self.client = TeamClient(base_url=api_url)
        self.client.retry_handlers.append(AsyncRateLimitErrorRetryHandler(max_retry_count=3))
        self._client_id = client_id
        self._client_secret = client_secret
        self._api_url = api_url
        self._close = close
        self._rotator = AsyncTokenRotator(
            client_id=client_id, client_secret=client_secret, client=AsyncWebClient(base_url=api_url, logger=WEB_LOGGER)
        )
        self._org_workspaces: set[str] = set()  # remembered in the store during this process

    def bolt_options(self) -> dict[str, Any]:
        """``AsyncApp``'s keyword arguments for the install flow and per-workspace authorization (their clients and
        the flow log nothing secret: ``bot.slack.install_logs``)."""
        settings = AsyncOAuthSettings(
            client_id=self._client_id,
            client_secret=self._client_secret,
            scopes=list(self.scopes),
            user_scopes=[],
            install_path=INSTALL_PATH,
            install_page_rendering_enabled=False,
            redirect_uri_path=REDIRECT_PATH,
            authorization_url=authorize_url(self._api_url),
            installation_store=self.installations,
            state_store=self.states,
            token_rotation_expiration_minutes=ROTATE_MINUTES_BEFORE,
        )
        authorize = _AuthorizedOnce(
            logger=logging.getLogger("slack_bolt.authorize"),
            installation_store=self.installations,
            client_id=self._client_id,
            client_secret=self._client_secret,
            token_rotation_expiration_minutes=ROTATE_MINUTES_BEFORE,
            client=AsyncWebClient(base_url=self._api_url, logger=WEB_LOGGER),  # refreshes go to SLACK_API_URL too
        )
        exchanges = AsyncWebClient(base_url=self._api_url, logger=WEB_LOGGER)  # oauth.v2.access
        flow = AsyncOAuthFlow(client=exchanges, logger=FLOW_LOGGER, settings=settings)
        return {"oauth_flow": flow, "authorize": authorize}

    async def middleware(self, context: AsyncBoltContext, next_: Callable[[], Awaitable[Any]]) -> None:
        """The client acts for the workspace Bolt authorized this request for, with that workspace's bot token."""
        token, team = context.bot_token, context.team_id
        if token and team:
            act_for(team, token)
            if context.is_enterprise_install and context.enterprise_id and team not in self._org_workspaces:
                await self.installations.remember_org_workspace(team, context.enterprise_id)
                self._org_workspaces.add(team)
        await next_()

    @asynccontextmanager
    async def acting_for(self, team_id: str) -> AsyncIterator[bool]:
        """Outside a request (a plan resumed after a restart): act for ``team_id`` with its bot token, refreshed if
        it expires soon. Yields False when the workspace has no installation (then nothing can be sent)."""
        bot = await self.installations.find_bot_for_team(team_id)
        if bot is None:
            logger.info("no installation for workspace %s: nothing is sent there", team_id)
            yield False
            return
        with acting_for(team_id, (await self._fresh(bot)).bot_token):
            yield True

    async def _fresh(self, bot: Bot) -> Bot:
        if not bot.bot_refresh_token:
            return bot
        try:
            refreshed = await self._rotator.perform_bot_token_rotation(
                bot=bot, minutes_before_expiration=ROTATE_MINUTES_BEFORE
            )
        except SlackTokenRotationError as error:
            logger.warning(
                "refreshing the bot token of %s failed (%s)", bot.team_id, error.api_error.response.get("error")
            )
            return bot
        if refreshed is None:
            return bot
        await self.installations.async_save_bot(refreshed)
        return refreshed

    async def close(self) -> None:
        await self._close()


async def open_workspaces(
    settings: Settings, *, clock: Callable[[], datetime] | None = None, state_expiration_seconds: int = 600
) -> Workspaces:
    """The installation and state stores in the Slack state's database, opened, migrated and checked against the
    key (what an old key sealed is re-sealed). Call only when ``several_workspaces(settings)``."""
    assert settings.slack_client_id and settings.slack_client_secret and settings.slack_state_secret
    assert settings.secret_key is not None
    try:
        vault = Vault(settings.secret_key.get_secret_value(), settings.old_secrets)
    except VaultError as error:
        raise StartupError(str(error)) from None
    if settings.slack_bot_token is not None:
        logger.warning(
            "SLACK_BOT_TOKEN is not used: with the install flow each workspace's token is its installation's"
        )
    if not settings.database_url:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    statements = await open_statements(settings.database_url or settings.slack_state_path)
    client_id = settings.slack_client_id
    installations = SlackInstallations(statements, vault, client_id=client_id)
    options: dict[str, Any] = {} if clock is None else {"clock": clock}
    states = SlackOAuthStates(
        statements,
        secret=settings.slack_state_secret.get_secret_value(),
        expiration_seconds=state_expiration_seconds,
        **options,
    )
    try:
        await installations.check_key()
    except VaultError as error:
        await statements.close()
        raise StartupError(f"the Slack installations: {error}") from None
    return Workspaces(
        installations,
        states,
        client_id=client_id,
        client_secret=settings.slack_client_secret.get_secret_value(),
        api_url=settings.slack_api_url,
        close=statements.close,
        thread_history=settings.slack_thread_history,
    )


def acting_for_team(workspaces: Workspaces | None, team_id: str) -> AbstractAsyncContextManager[object]:
    """Around work outside a request: act for ``team_id`` (with one workspace's token: nothing to do)."""
    return nullcontext() if workspaces is None else workspaces.acting_for(team_id)


def in_its_workspace(
    workspaces: Workspaces | None, notify: Callable[..., Awaitable[None]]
) -> Callable[..., Awaitable[None]]:
    """``notify(team, ...)`` run as ``team``'s workspace: for a callback outside Slack's requests that calls Slack
    (an account connected through a sign-in page, whose waiting plans go on in their threads)."""
    if workspaces is None:
        return notify
    acting = workspaces

    async def in_team(team: str, *args: Any, **kwargs: Any) -> None:
        async with acting.acting_for(team):
            await notify(team, *args, **kwargs)

    return in_team


def install_routes(bolt: AsyncApp) -> list[web.RouteDef]:
    """``GET /slack/install`` and ``GET /slack/oauth_redirect`` when ``bolt`` runs the install flow (else none)."""
    flow = bolt.oauth_flow
    if flow is None:
        return []

    async def install(request: web.Request) -> web.Response:
        return await to_aiohttp_response(await flow.handle_installation(await to_bolt_request(request)))

    async def redirect(request: web.Request) -> web.Response:
        return await to_aiohttp_response(await flow.handle_callback(await to_bolt_request(request)))

    return [web.get(flow.install_path, install), web.get(flow.redirect_uri_path, redirect)]


class _AuthorizedOnce(AsyncInstallationStoreAuthorize):
    """Bolt's, except for a request dispatched again right after its ack (``bot.slack.inbox``): the authorization
    made on its receipt stands (a token due for rotation is rotated once per request, not once per dispatch)."""

    async def __call__(
        self,
        *,
        context: AsyncBoltContext,
        enterprise_id: str | None,
        team_id: str | None,
        user_id: str | None,
        actor_enterprise_id: str | None = None,
        actor_team_id: str | None = None,
        actor_user_id: str | None = None,
    ) -> AuthorizeResult | None:
        earlier = context.get(AUTHORIZED)
        if isinstance(earlier, AuthorizeResult):
            return earlier
        return await super().__call__(
            context=context,
            enterprise_id=enterprise_id,
            team_id=team_id,
            user_id=user_id,
            actor_enterprise_id=actor_enterprise_id,
            actor_team_id=actor_team_id,
            actor_user_id=actor_user_id,
        )
