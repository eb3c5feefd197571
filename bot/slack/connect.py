"""Connecting accounts from Slack (contract §5.1): the Home tab's accounts, Connect and Disconnect, the question
about an account signed in as another address than the person's Slack profile, and plans that go on once the
account they wait for is connected.

- Connect is a Connect link to ``/accounts/<service>/start``, made for the person who sees it, good once for ten
  minutes (``bot.accounts.oauth_flow``): Sign in with Slack, then the service's sign-in page or, for a password
  service (``imap``, ``caldav``), planbot's own page (``bot.accounts.password_page``): no password is typed in
  Slack. Each click on a link shows the Home tab again with fresh links. Once connected, ``on_account_connected``.
- An account signed in as another address than the person's Slack profile is held: ``ask_in_slack`` sends them a
  DM, and their Use it / Forget it click (theirs only) stores it or drops it.
- The CRM for everyone is connected and disconnected by workspace admins only (``users.info``: is_admin/is_owner); it
  is read-only for members until an admin lets them change records (``bot.accounts.workspace_crm``).

Who acts is always the user of the click or the submission, never a value a button carried.
"""

import logging
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, Literal

from slack_bolt.async_app import AsyncAck, AsyncApp
from slack_sdk.web.async_client import AsyncWebClient

from bot.accounts.oauth_flow import Connected, HeldAccount, SignInError
from bot.accounts.workspace_crm import allow_members_write
from bot.slack import blocks
from bot.slack.connect_blocks import held_account_message, held_account_outcome, read_account_value
from bot.slack.connect_rows import AccountRows
from bot.slack.declared import ACTION_IDS
from bot.slack.delivery import Delivery
from bot.slack.sending import RetryPolicy, SendError, SlackSender
from bot.slack.state import SlackState, recent_owner, where_of_key
from planning.engine.conversation import Conversation
from planning.store.credentials import WORKSPACE

logger = logging.getLogger(__name__)
Confirm = Callable[..., Awaitable[Connected | Literal["discarded", "gone", "not yours"]]]
"""``OAuthConnections.confirm(confirm_id, team=, user=, use=)``: a held account stored, or dropped."""
KIND_WORDS = {"email": "email", "calendar": "calendar", "crm": "CRM"}


class Connections:
    def __init__(
        self,
        *,
        rows: AccountRows,
        conversation: Conversation,
        state: SlackState,
        client: AsyncWebClient,
        retry: RetryPolicy | None = None,
    ) -> None:
        self._rows = rows
        self._engine = conversation
        self._state = state
        self._client = client
        self.confirm_account: Confirm | None = None  # HTTP mode: the sign-ins (``OAuthConnections.confirm``)
        self._send = SlackSender(client, retry)
        self._delivery = Delivery(
            client, state, requester_of=conversation.requester_of, retry=retry, connect_button=rows.button
        )

    def register(self, app: AsyncApp) -> None:
        app.action(ACTION_IDS["connect"])(self.connect_clicked)
        app.action(ACTION_IDS["connect_link"])(self.link_clicked)
        app.action(ACTION_IDS["disconnect"])(self.disconnect_clicked)
        app.action(ACTION_IDS["crm_members_write"])(self.members_write_clicked)
        app.action(ACTION_IDS["connect_use"])(self.held_answered)
        app.action(ACTION_IDS["connect_discard"])(self.held_answered)

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

    async def connect_clicked(self, ack: AsyncAck, body: dict[str, Any]) -> None:
        """The modal button of a Home tab published before Connect became a link: the Home tab again, with links."""
        await ack()
        user, team = _clicker(body)
        if user:
            await self.publish_home(team, user)

    async def link_clicked(self, ack: AsyncAck, body: dict[str, Any]) -> None:
        """A Connect link opens in the browser and is then used up: the Home tab gets fresh links."""
        await ack()
        user, team = _clicker(body)
        if user and (body.get("view") or {}).get("type") == "home":
            await self.publish_home(team, user)

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

    async def members_write_clicked(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        """An admin lets members change records through the workspace's CRM, or makes it read-only again."""
        await ack()
        user, team = _clicker(body)
        allow = {"allow": True, "forbid": False}.get(str(action.get("value")))
        if not user or allow is None:
            return
        account = await self._rows.stored(team, WORKSPACE, "crm")
        if account is None or not await self._is_admin(user):
            logger.info("refused to change who writes through the workspace's CRM for %s/%s", team, user)
        elif await allow_members_write(self._rows.accounts, account, allow) is not None:
            logger.info("members %s change records through the workspace's CRM of %s (by %s)",
                        "may" if allow else "may not", account.team or team, user)  # fmt: skip
        await self.publish_home(team, user)

    # --- an account held for its person's word -------------------------------------------------------------

    async def ask_in_slack(self, team: str, held: HeldAccount) -> None:
        """DM ``held.user``: is the account they signed in with (another address than their Slack profile's) theirs?
        Raises when the DM cannot be sent (the sign-in page then says nothing was connected)."""
        shown = held_account_message(
            title=held.title,
            signed_in=held.address or held.label,
            profile=held.slack_email,
            kinds=held.kinds,
            confirm_id=held.confirm_id,
        )
        await self._send.call("chat.postMessage", lambda: self._client.chat_postMessage(channel=held.user, **shown))

    async def held_answered(self, ack: AsyncAck, body: dict[str, Any], action: dict[str, Any]) -> None:
        """Use it / Forget it: only the person it was held for, in their workspace, gets an answer that counts."""
        await ack()
        user, team = _clicker(body)
        confirm_id = str(action.get("value") or "")
        if not user or not confirm_id or self.confirm_account is None:
            return
        use = action.get("action_id") == ACTION_IDS["connect_use"]
        try:
            outcome = await self.confirm_account(confirm_id, team=team, user=user, use=use)
            if outcome == "not yours":
                return  # the question stays as it is for its person
        except SignInError as error:
            text = f"Nothing was connected: {error.message}"
        else:
            if isinstance(outcome, Connected):
                what = " and ".join(KIND_WORDS[k] for k in outcome.kinds)
                whose = "the workspace's" if not outcome.user else "your"
                text = f"✅ {outcome.title} ({outcome.label}) is now {whose} {what} account for planbot."
            elif outcome == "discarded":
                text = "Not used: nothing was stored. Press Connect in my Home tab to connect another account."
            else:
                text = "This question was answered already or has expired: press Connect in my Home tab to try again."
        container = body.get("container") or {}
        channel = str(container.get("channel_id") or (body.get("channel") or {}).get("id") or "")
        ts = str(container.get("message_ts") or (body.get("message") or {}).get("ts") or "")
        if channel and ts:
            shown = held_account_outcome(text)
            with suppress(SendError):
                await self._send.call("chat.update", lambda: self._client.chat_update(channel=channel, ts=ts, **shown))

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
