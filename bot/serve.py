"""``planbot serve``: the Slack app in Socket Mode or HTTP mode, on the same embedded defaults as the chat."""

import asyncio
import logging
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from typing import Any, Literal

import aiohttp
from aiohttp import web
from pydantic import SecretStr
from slack_bolt.async_app import AsyncApp
from slack_sdk.http_retry.builtin_async_handlers import AsyncRateLimitErrorRetryHandler
from slack_sdk.web.async_client import AsyncWebClient

from bot.accounts.oauth_flow import OAuthConnections, per_kind
from bot.accounts.oauth_routes import oauth_routes, open_connections
from bot.compose import App, build_app
from bot.http_logs import runner_options, url_length_limit
from bot.metrics import Metrics, metrics_endpoint, metrics_middleware
from bot.retention import prune_plan_store, prune_slack_state
from bot.settings import Settings
from bot.slack.app import build_slack_app
from bot.slack.connect import Connections
from bot.slack.connect_setup import build_connections
from bot.slack.declared import EVENTS_PATH
from bot.slack.delivery import Delivery
from bot.slack.files import SlackFiles
from bot.slack.http_entry import events_handler
from bot.slack.inbox import Inbox
from bot.slack.inflight import InFlight
from bot.slack.install_events import Uninstalls
from bot.slack.install_flow import (
    Workspaces,
    acting_for_team,
    in_its_workspace,
    install_routes,
    open_workspaces,
    several_workspaces,
)
from bot.slack.listeners import SlackDeps, event_thread_key
from bot.slack.state import SlackState, where_of_key
from planning.engine.lease import process_owner
from planning.engine.receipts import Receipt
from planning.engine.replies import Reply, ShowPlan

logger = logging.getLogger(__name__)
Mode = Literal["socket", "http"]
SHUTDOWN_GRACE_SECONDS = 20.0  # within the usual 30 s a process manager waits after SIGTERM
EXPIRY_SWEEP_SECONDS = 60.0  # how often open plans past their lifetime are looked for
EXPIRY = "planbot_expiry"  # the inbox's work of closing a plan past its lifetime and telling its requester


class ConfigurationError(Exception):
    pass


@dataclass
class SlackService:
    app: App
    slack: AsyncApp
    state: SlackState
    client: AsyncWebClient
    metrics: Metrics
    signing_secret: SecretStr | None  # HTTP mode only
    max_body_bytes: int
    files_http: aiohttp.ClientSession | None = None  # the downloads of files shared in Slack
    inflight: InFlight = field(default_factory=InFlight)  # listener work after the acks
    workspaces: Workspaces | None = None  # several workspaces, through the install flow
    connections: Connections | None = None  # on_account_connected: plans waiting for an account go on
    oauth: OAuthConnections | None = None  # HTTP mode: people's sign-ins at /accounts/<service>/...
    inbox: Inbox | None = None  # requests recorded before their ack, processed again if their process stopped

    async def close(self, grace_seconds: float = SHUTDOWN_GRACE_SECONDS) -> None:
        """Let the requests in progress finish (up to ``grace_seconds``), then close the stores."""
        await self.inflight.drain(grace_seconds)
        await self.state.close()
        await self.app.close()
        if self.workspaces is not None:
            await self.workspaces.close()
        if self.files_http is not None:
            await self.files_http.close()
        if self.oauth is not None:
            await self.oauth.close()


def slack_client(settings: Settings) -> AsyncWebClient:
    if settings.slack_bot_token is None:
        raise ConfigurationError("SLACK_BOT_TOKEN is not set (the bot token, xoxb-...)")
    client = AsyncWebClient(token=settings.slack_bot_token.get_secret_value(), base_url=settings.slack_api_url)
    client.retry_handlers.append(AsyncRateLimitErrorRetryHandler(max_retry_count=3))
    return client


async def build_service(
    settings: Settings, mode: Mode, tz: str, clock: Callable[[], datetime] | None = None
) -> SlackService:
    if mode == "http" and settings.slack_signing_secret is None:
        raise ConfigurationError("SLACK_SIGNING_SECRET is not set (needed to verify requests in HTTP mode)")
    if mode == "socket" and settings.slack_app_token is None:
        raise ConfigurationError("SLACK_APP_TOKEN is not set (the app-level token, xapp-..., for Socket Mode)")
    workspaces = None
    if several_workspaces(settings):
        if mode != "http":
            raise ConfigurationError("the install flow for several workspaces needs HTTP mode (planbot serve --http)")
        workspaces = await open_workspaces(settings)
    client = workspaces.client if workspaces is not None else slack_client(settings)
    metrics = Metrics()
    files_http = aiohttp.ClientSession()
    files = SlackFiles(
        client,
        files_http,
        max_bytes=int(settings.max_attachment_mb * 1024 * 1024),
        timeout_seconds=settings.connector_timeout_seconds,
    )
    try:
        app = await build_app(settings, tz, clock, observer=metrics, files=files)
    except BaseException:
        await files_http.close()
        if workspaces is not None:
            await workspaces.close()
        raise
    state = await SlackState.open(settings.database_url or settings.slack_state_path, redact=settings.audit_redact)
    await prune_slack_state(state, settings, clock or (lambda: datetime.now(UTC)))
    connections = build_connections(settings, app, state=state, client=client, pages=mode == "http")
    oauth = None
    if mode == "http" and app.accounts is not None:
        oauth = await open_connections(settings, app.accounts, clock=clock, tz=tz)
        if connections is not None:  # plans waiting for the account go on, the Home tab is shown again
            oauth.on_connected = per_kind(in_its_workspace(workspaces, connections.on_account_connected))
            oauth.on_held = in_its_workspace(workspaces, connections.ask_in_slack)
            connections.confirm_account = oauth.confirm
    deps = SlackDeps(
        conversation=app.conversation,
        state=state,
        client=client,
        default_tz=tz,
        admins=settings.admins,
        audit=app.store.audit,
        approvers=settings.approvers,
        allowed_users=settings.allowed_users,
        forgetting=app.forgetting,
        connect=connections,
    )
    secret = settings.slack_signing_secret if mode == "http" else None
    lease = settings.claim_lease_seconds
    inbox = Inbox(state, owner=process_owner(), lease_seconds=lease, thread_key_of=event_thread_key)
    slack = build_slack_app(
        deps,
        signing_secret=secret.get_secret_value() if secret else None,
        max_request_chars=settings.max_request_chars,
        uninstalls=Uninstalls(app.accounts, workspaces),
        workspaces=workspaces,
        inbox=inbox,
    )
    inflight = InFlight()
    inflight.watch(slack)
    inbox.on_later = inflight.add  # a request acknowledged before it is handled is in flight from its ack
    service = SlackService(
        app=app,
        slack=slack,
        state=state,
        client=client,
        metrics=metrics,
        signing_secret=secret,
        max_body_bytes=settings.max_body_bytes,
        files_http=files_http,
        inflight=inflight,
        workspaces=workspaces,
        connections=connections,
        oauth=oauth,
        inbox=inbox,
    )
    inbox.job(EXPIRY, partial(_expiry, service))
    return service


def outside_requests(service: SlackService) -> Delivery:
    """The delivery of work outside Slack's requests, as the listeners' own: a plan's requester, and the Connect
    button of a step waiting for their account."""
    connections = service.connections
    return Delivery(
        service.client,
        service.state,
        requester_of=service.app.conversation.requester_of,
        connect_button=connections.button if connections is not None else None,
    )


async def resume_in_slack(service: SlackService) -> None:
    """Say where every open Slack plan stands after a restart."""
    delivery = outside_requests(service)
    conversation = service.app.conversation
    for key, replies in (await conversation.resume()).items():
        where = await service.state.where_thread(key)
        if where is None and replies:  # its process stopped before the plan was ever shown: show it, and ask
            plan = next((r for r in replies if isinstance(r, ShowPlan)), None)
            requester = await conversation.requester_of(plan.view.session_id) if plan is not None else None
            where = where_of_key(key, requester) if requester else None
            asked = await conversation.open_question(plan.view.session_id) if plan is not None else None
            if asked is not None and not any(isinstance(r, type(asked)) for r in replies):
                replies = [*replies, asked]
        if where is not None and replies:
            async with acting_for_team(service.workspaces, where.team_id):
                await delivery.deliver(where, replies)


async def say_in_threads(service: SlackService, replies_by_thread: dict[str, list[Reply]]) -> None:
    """Deliver what the engine says about plans outside Slack's requests, each in its plan's thread."""
    delivery = outside_requests(service)
    for key, replies in replies_by_thread.items():
        where = await service.state.where_thread(key)
        if where is None:  # never shown (its process stopped first): its thread is in its key
            plan = next((r for r in replies if isinstance(r, ShowPlan)), None)
            requester = await service.app.conversation.requester_of(plan.view.session_id) if plan else None
            where = where_of_key(key, requester) if requester else None
        if where is not None and replies:
            async with acting_for_team(service.workspaces, where.team_id):
                await delivery.deliver(where, replies)


async def expire_in_slack(service: SlackService) -> None:
    """Close the open plans past their lifetime (``PLANBOT_SESSION_TTL_HOURS``) and tell each requester, once.

    The closing of a plan and its notice are one outcome: recorded in the inbox before the plan is closed (named by
    the plan and its version: of replicas sweeping at once, one closes it), and processed once told. A process that
    stops between the two leaves it to a sweep, which tells (``EXPIRY``)."""
    conversation = service.app.conversation
    for session_id, version in await conversation.expiring():
        if service.inbox is None:
            await say_in_threads(service, await conversation.expire(session_id))
        else:
            await service.inbox.run(EXPIRY, f"{session_id}:{version}", {"session_id": session_id})


async def _expiry(service: SlackService, payload: dict[str, Any], receipt: Receipt) -> None:
    """The inbox's ``EXPIRY`` work: close the plan (or, handled again, find it closed by this closing), and tell."""
    session_id = str(payload.get("session_id") or "")
    await say_in_threads(service, await service.app.conversation.expire(session_id, receipt))


async def _sweeps(service: SlackService, *, inbox_every: float, expiry_every: float) -> None:
    """At start, then periodically on every replica: the requests acknowledged by a process that stopped before
    acting on them are processed (``bot.slack.inbox``), and plans past their lifetime expire. Both are safe on
    several replicas at once: each request is taken by one, each plan closed (and told) by one."""
    loop = asyncio.get_running_loop()
    next_expiry = loop.time()
    while True:
        try:
            if service.inbox is not None:
                await service.inbox.sweep(service.slack)
            if loop.time() >= next_expiry:
                next_expiry = loop.time() + expiry_every
                await expire_in_slack(service)
        except Exception:  # housekeeping must not stop the server
            logger.exception("sweeping the inbox or expiring plans failed")
        await asyncio.sleep(inbox_every)


async def _stale_claim_sweeps(service: SlackService, *, every: float) -> None:
    """A write left running by a replica that stopped is asked about in its thread once its lease has run out."""
    delivery = outside_requests(service)
    while True:
        await asyncio.sleep(every)
        try:
            for key, replies in (await service.app.conversation.take_over_stale()).items():
                where = await service.state.where_thread(key)
                if where is not None:
                    async with acting_for_team(service.workspaces, where.team_id):
                        await delivery.deliver(where, replies)
        except Exception:  # housekeeping must not stop the server
            logger.exception("taking over plans left running failed")


def http_app(service: SlackService) -> web.Application:
    """The Slack endpoint (checked, then Bolt), liveness (/healthz), readiness (/readyz: the store answers)
    and /metrics. Bodies over ``max_body_bytes`` get 413, URLs over 8 KB 414 (``bot.http_logs``)."""
    if service.signing_secret is None:
        raise ConfigurationError("SLACK_SIGNING_SECRET is not set (needed to verify requests in HTTP mode)")
    application = web.Application(
        client_max_size=service.max_body_bytes,
        middlewares=[url_length_limit(), metrics_middleware(service.metrics, EVENTS_PATH)],
    )
    application.router.add_post(EVENTS_PATH, events_handler(service.slack, service.signing_secret))
    application.router.add_routes(install_routes(service.slack))  # several workspaces: Slack's install flow
    if service.oauth is not None:  # people connecting their accounts through a sign-in page
        application.router.add_routes(oauth_routes(service.oauth))

    async def healthz(_: web.Request) -> web.Response:
        return web.json_response({"ok": True})

    async def readyz(_: web.Request) -> web.Response:
        try:
            await service.app.store.get("readiness-probe")
        except Exception as error:  # any store failure means not ready
            return web.json_response({"ok": False, "error": error.__class__.__name__}, status=503)
        return web.json_response({"ok": True})

    application.router.add_get("/healthz", healthz)
    application.router.add_get("/readyz", readyz)
    application.router.add_get("/metrics", metrics_endpoint(service.metrics))
    return application


def socket_mode_handler(service: SlackService, settings: Settings) -> Any:
    """Socket Mode over the app-level token; ``SLACK_API_URL`` also applies to apps.connections.open."""
    from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

    assert settings.slack_app_token is not None
    web_client = AsyncWebClient(base_url=settings.slack_api_url)
    return AsyncSocketModeHandler(service.slack, settings.slack_app_token.get_secret_value(), web_client=web_client)


async def serve(settings: Settings, mode: Mode, *, host: str, port: int, tz: str) -> None:
    service = await build_service(settings, mode, tz)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    housekeeping = asyncio.create_task(_daily_pruning(service, settings))
    sweeping = asyncio.create_task(_stale_claim_sweeps(service, every=settings.claim_lease_seconds / 2))
    sweeps: asyncio.Task[None] | None = None
    try:
        await resume_in_slack(service)
        lease = settings.claim_lease_seconds
        sweeps = asyncio.create_task(_sweeps(service, inbox_every=lease / 3, expiry_every=EXPIRY_SWEEP_SECONDS))
        if mode == "http":
            runner = web.AppRunner(http_app(service), **runner_options())
            await runner.setup()
            await web.TCPSite(runner, host, port).start()
            logger.info("planbot listening on http://%s:%d%s", host, port, EVENTS_PATH)
            await stop.wait()
            await runner.cleanup()
        else:
            handler = socket_mode_handler(service, settings)
            await handler.connect_async()
            logger.info("planbot connected to Slack in Socket Mode")
            await stop.wait()
            await handler.close_async()
    finally:
        housekeeping.cancel()
        sweeping.cancel()
        if sweeps is not None:
            sweeps.cancel()
        await service.close()


async def _daily_pruning(service: SlackService, settings: Settings) -> None:
    """The retention settings hold in a long-running server too (``bot.retention``)."""
    while True:
        await asyncio.sleep(24 * 3600)
        try:
            await prune_plan_store(service.app.store, settings, lambda: datetime.now(UTC))
            await prune_slack_state(service.state, settings, lambda: datetime.now(UTC))
        except Exception:  # housekeeping must not stop the server
            logger.exception("pruning old plans, audit entries or Slack state failed")
