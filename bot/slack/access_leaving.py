"""People leaving, in Slack: ``/plans forget-me`` (confirmed with a button, by its sender only) and a deactivated
member (``user_change`` with ``deleted``) have planbot forget them (``bot.accounts.forget``): each cancelled plan's
thread is told why, and the person is told what was deleted."""

import logging
from typing import Any

import aiohttp
from slack_bolt.async_app import AsyncAck, AsyncApp, AsyncRespond

from bot.accounts.forget import Forgetting, Forgotten
from bot.slack.declared import ACTION_IDS
from bot.slack.delivery import Delivery
from bot.slack.people import SlackPeople
from bot.slack.state import SlackState, where_of_key
from planning.engine.replies import Say

logger = logging.getLogger(__name__)
FORGET_WORDS = ("forget-me", "forget")
ASKED = "The person who asked for this plan had planbot forget them, so it is cancelled."
LEFT = "The person who asked for this plan has left the workspace, so it is cancelled."
WHAT_GOES = (
    "*Forget me?* This deletes, for you only:\n"
    "• your connected email, calendar and CRM accounts (their access is revoked at the service where it can be)\n"
    "• what plan memory learned from your requests\n"
    "• your open plans: they are cancelled, and their threads are told\n"
    "Audit records of what ran stay until they expire. A CRM shared by the whole workspace is not yours, and stays."
)


class Leaving:
    def __init__(self, forgetting: Forgetting, *, delivery: Delivery, state: SlackState, people: SlackPeople) -> None:
        self._forgetting = forgetting
        self._delivery = delivery
        self._state = state
        self._people = people

    def register(self, app: AsyncApp) -> None:
        """Call before ``/plans``' own listener: Bolt runs the first one whose matchers agree."""
        app.command("/plans", matchers=[_asks_to_forget])(self.forget_me_command)
        app.action(ACTION_IDS["forget_me"])(self.confirmed)
        app.action(ACTION_IDS["forget_me_keep"])(self.kept)
        app.event("user_change")(self.user_changed)

    async def forget_me_command(self, ack: AsyncAck, command: dict[str, Any]) -> None:
        user = str(command["user_id"])
        buttons = [
            _button("Forget me", ACTION_IDS["forget_me"], user, style="danger"),
            _button("Keep everything", ACTION_IDS["forget_me_keep"], user),
        ]
        blocks: list[dict[str, Any]] = [
            {"type": "section", "text": {"type": "mrkdwn", "text": WHAT_GOES}},
            {"type": "actions", "block_id": "forget_me", "elements": buttons},
        ]
        await ack(response_type="ephemeral", text="Forget me? Nothing is deleted until you confirm.", blocks=blocks)

    async def confirmed(
        self,
        ack: AsyncAck,
        body: dict[str, Any],
        action: dict[str, Any],
        respond: AsyncRespond,
        context: dict[str, Any],
    ) -> None:
        await ack()
        user = str(body["user"]["id"])
        if action.get("value") != user:  # a copy of someone else's question: it is theirs to answer
            await _answer(respond, "That question was someone else's: run `/plans forget-me` yourself.", replace=False)
            return
        team = str(context.get("team_id") or (body.get("team") or {}).get("id") or "")
        forgotten = await self._forget(team, user, ASKED)
        await _answer(respond, "Done: planbot has forgotten you.\n" + forgotten.summary(), replace=True)

    async def kept(self, ack: AsyncAck, respond: AsyncRespond) -> None:
        await ack()
        await _answer(respond, "Nothing was deleted.", replace=True)

    async def user_changed(self, event: dict[str, Any], body: dict[str, Any]) -> None:
        user = event.get("user")
        if not isinstance(user, dict) or not user.get("id"):
            return
        person = self._people.learn(user)  # a deactivated member (or a guest now) is refused from now on
        if not person.deleted:
            return
        team = str(body.get("team_id") or person.team_id or "")
        forgotten = await self._forget(team, person.user_id, LEFT)
        logger.info("%s was deactivated: %s", person.user_id, forgotten.summary().replace("\n", " "))

    async def _forget(self, team: str, user: str, why: str) -> Forgotten:
        forgotten = await self._forgetting.forget(
            team=team, user=user, in_scope=lambda k: k.startswith(f"slack:{team}:")
        )
        for plan in forgotten.plans:
            where = await self._state.where(plan.session_id) or where_of_key(plan.thread_key, user)
            if where is not None:
                await self._delivery.deliver(where, [Say(text=why), *plan.replies])
        return forgotten


async def _asks_to_forget(command: dict[str, Any]) -> bool:
    return str(command.get("text") or "").strip().lower() in FORGET_WORDS


def _button(text: str, action_id: str, value: str, *, style: str | None = None) -> dict[str, Any]:
    button: dict[str, Any] = {
        "type": "button",
        "action_id": action_id,
        "text": {"type": "plain_text", "text": text},
        "value": value,
    }
    if style:
        button["style"] = style
    return button


async def _answer(respond: AsyncRespond, text: str, *, replace: bool) -> None:
    try:
        await respond(response_type="ephemeral", replace_original=replace, text=text)
    except (aiohttp.ClientError, TimeoutError) as error:
        logger.warning("could not answer a forget-me click (%s)", error.__class__.__name__)
