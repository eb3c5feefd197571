"""Connecting accounts from Slack (contract §5.1): the Home tab's accounts, Connect and Disconnect, the password
services' modal, and plans that go on once the account they wait for is connected.

- Connect of a password service (``imap``, ``caldav``) opens the modal; its login is checked with a real test
  connection (``connect_form``) before it is saved through ``bot.accounts.book``. A check that takes longer than
  Slack gives a modal answer first shows "checking…" and then the outcome (``views.update``).
- Connect of an OAuth service is a link to ``/accounts/<service>/start`` made for the person who sees it; the sign-in
  callback then calls ``on_account_connected``, as the modal does after saving.
- The CRM for everyone is connected and disconnected by workspace admins only (``users.info``: is_admin/is_owner).

Who acts is always the user of the click or the submission, never a value a button carried.
"""

import asyncio
import logging
from contextlib import suppress
from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncAck, AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from bot.accounts import services
from bot.accounts.services import PASSWORD_SERVICES
from bot.accounts.vault import VaultError
from bot.slack import blocks
from bot.slack.connect_blocks import checking_view, connect_modal, connected_view, read_account_value, read_connect_form
from bot.slack.connect_form import CHECK_SECONDS, FieldErrors, FieldsError, check_login, credentials_of
from bot.slack.connect_rows import AccountRows
from bot.slack.declared import ACTION_IDS, CONNECT_CALLBACK_ID
from bot.slack.delivery import Delivery
from bot.slack.sending import RetryPolicy, SendError, SlackSender
from bot.slack.state import SlackState, recent_owner, where_of_key
from planning.engine.conversation import Conversation
from planning.store.credentials import WORKSPACE

logger = logging.getLogger(__name__)
ACK_WAIT_SECONDS = 2.0  # Slack waits 3 s for a modal's answer


class Connections:
    def __init__(
        self,
        *,
        rows: AccountRows,
        conversation: Conversation,
        state: SlackState,
        client: AsyncWebClient,
        options: services.Options,
        http: aiohttp.ClientSession | None = None,
        retry: RetryPolicy | None = None,
        ack_wait_seconds: float = ACK_WAIT_SECONDS,
        check_seconds: float = CHECK_SECONDS,
    ) -> None:
        """``http``: the session the test connections use (one of their own is opened when None)."""
        self._rows = rows
        self._engine = conversation
        self._state = state
        self._client = client
        self._options = options
        self._http = http
        self._send = SlackSender(client, retry)
        self._delivery = Delivery(
            client, state, requester_of=conversation.requester_of, retry=retry, connect_button=rows.button
        )
        self.ack_wait_seconds = ack_wait_seconds  # how long a modal's answer may wait for the check
        self._check_seconds = check_seconds

    def register(self, app: AsyncApp) -> None:
        app.action(ACTION_IDS["connect"])(self.connect_clicked)
        app.action(ACTION_IDS["connect_link"])(self.link_clicked)
        app.action(ACTION_IDS["disconnect"])(self.disconnect_clicked)
        app.view(CONNECT_CALLBACK_ID)(self.form_submitted)

    @property
    def button(self) -> Any:
        """``(team, user, kind, reconnect) -> button | None``: the Connect button of a plan's prompt (``Delivery``)."""
        return self._rows.button

    # --- the Home tab --------------------------------------------------------------------------------

    async def publish_home(self, team: str, user: str) -> None:
        """The Home tab with this person's accounts, open plans and recent results."""
        rows = await self._rows.rows(team, user, admin=await self._is_admin(user))
        plans = await self._engine.open_plans(user, team=team or None)
        view = blocks.home_view(plans, await self._state.recent(recent_owner(team, user)), rows)
        with suppress(SendError):  # logged by the sender; the tab keeps its last view until the next opening
            await self._send.call("views.publish", lambda: self._client.views_publish(user_id=user, view=view))

    async def usable_kinds(self, team: str, user: str) -> frozenset[str]:
        """The kinds of account ``user`` can use now: the demo's, their own connected ones, the workspace's CRM."""
        return await self._rows.usable(team, user)

    async def _is_admin(self, user: str) -> bool:
        try:
            found = await self._send.call("users.info", lambda: self._client.users_info(user=user))
        except SendError:
            return False
        person = found.get("user") or {}
        return bool(person.get("is_admin") or person.get("is_owner") or person.get("is_primary_owner"))

    # --- buttons -------------------------------------------------------------------------------------

    async def connect_clicked(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        """Connect of a password service: the modal (an OAuth service's Connect is a link, ``link_clicked``)."""
        await ack()
        parsed = read_account_value(action.get("value"))
        service = self._rows.service(parsed[0]) if parsed else ""
        if parsed is None or parsed[1] or service not in PASSWORD_SERVICES or not body.get("trigger_id"):
            return  # not one of ours, or out of date (the service changed): the Home tab shows what is current
        view = connect_modal(service)
        with suppress(SendError):
            await self._send.call(
                "views.open", lambda: self._client.views_open(trigger_id=str(body["trigger_id"]), view=view)
            )

    async def link_clicked(self, ack: AsyncAck) -> None:
        """A Connect link opens in the browser; Slack still tells the app, which has nothing to do."""
        await ack()

    async def disconnect_clicked(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        parsed = read_account_value(action.get("value"))
        user, team = _clicker(body)
        if parsed is None or not user:
            return
        kind, workspace = parsed
        if workspace and (kind != "crm" or not await self._is_admin(user)):
            logger.info("refused to disconnect the workspace's %s for %s/%s: not an admin", kind, team, user)
        else:
            who = WORKSPACE if workspace else user
            account = await self._rows.stored(team, who, kind)  # type: ignore[arg-type]
            if account is not None:
                await self._rows.accounts.disconnect(
                    team=account.team, user=who, kind=account.kind, service=account.service
                )
        await self.publish_home(team, user)

    # --- the modal -----------------------------------------------------------------------------------

    async def form_submitted(self, ack: AsyncAck, body: dict[str, Any], view: dict[str, Any]) -> None:
        """Read the form, check the login with the servers, save it; then the plans that waited go on."""
        form = read_connect_form(view)
        user, team = _clicker(body)
        if form is None or form.service not in PASSWORD_SERVICES or not user:
            await ack()
            return
        kind = PASSWORD_SERVICES[form.service]
        try:
            credentials, label = credentials_of(form)
        except FieldsError as problem:
            await ack(response_action="errors", errors=problem.errors)
            return
        work = asyncio.create_task(self._check_and_save(team, user, form.service, credentials, label))
        done, _ = await asyncio.wait({work}, timeout=self.ack_wait_seconds)
        if work in done:
            errors = work.result()
            if errors:
                await ack(response_action="errors", errors=errors)
                return
            await ack(response_action="update", view=connected_view(kind, label))
        else:  # slow servers: answer Slack now, show the outcome when it comes
            await ack(response_action="update", view=checking_view(form.service))
            errors = await work
            shown = (
                connect_modal(form.service, values=form.fields, problem=" ".join(errors.values())) if errors else None
            )
            await self._update(str(view.get("id") or ""), shown or connected_view(kind, label))
            if errors:
                return
        await self.on_account_connected(team, user, kind)

    async def _check_and_save(
        self, team: str, user: str, service: str, credentials: dict[str, Any], label: str
    ) -> FieldErrors | None:
        """None once the login worked and the account is saved; else what to fix, per field."""
        try:
            if self._http is not None:
                await check_login(service, credentials, self._http, self._options, timeout=self._check_seconds)
            else:
                async with aiohttp.ClientSession() as http:
                    await check_login(service, credentials, http, self._options, timeout=self._check_seconds)
            kind = PASSWORD_SERVICES[service]
            await self._rows.accounts.save(
                team=team, user=user, kind=kind, service=service, label=label, credentials=credentials
            )
        except FieldsError as problem:
            return problem.errors
        except VaultError as error:  # no key to store it with: the message says what to set
            return {"password": f"Not saved: {error}."}
        except Exception as error:  # never a traceback for the person, nor their password in the logs
            logger.warning("connecting %s for %s/%s failed (%s)", service, team, user, error.__class__.__name__)
            return {"server": "Something went wrong while checking the login. Nothing was saved; try again."}
        return None

    async def _update(self, view_id: str, view: dict[str, Any]) -> None:
        if not view_id:
            return
        with suppress(SendError):
            await self._send.call("views.update", lambda: self._client.views_update(view_id=view_id, view=view))

    # --- after connecting ----------------------------------------------------------------------------

    async def on_account_connected(self, team: str, user: str, kind: str, *, by: str | None = None) -> None:
        """``user`` of ``team`` has connected their ``kind`` account (``user`` "": the workspace's CRM, connected by
        the admin ``by``): every plan that waited for it goes on in its thread, and the Home tab is shown again."""
        try:
            going_on = await self._engine.account_connected(team=team, user=user, kind=kind)
        except Exception:  # the account is saved either way; the plans go on at the next word in their thread
            logger.exception("plans waiting for a %s account of %s/%s could not go on", kind, team, user or "workspace")
            going_on = {}
        for key, replies in going_on.items():
            where = await self._state.where_thread(key) or where_of_key(key, user)
            if where is not None and replies:
                await self._delivery.deliver(where, replies)
        if user or by:
            await self.publish_home(team, user or str(by))


def _clicker(body: dict[str, Any]) -> tuple[str, str]:
    """(user id, team id) of who clicked or submitted."""
    person = body.get("user") or {}
    team = str((body.get("team") or {}).get("id") or person.get("team_id") or "")
    return str(person.get("id") or ""), team
