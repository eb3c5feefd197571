"""Accounts held for their person's word: signed in at the service as an address that is not the person's Slack
profile address (a personal Gmail, a colleague's mailbox). The tokens are kept sealed as a ``held`` step of
``oauth_states`` for a day, unused; ``on_held`` asks the person in Slack, and ``take`` hands them over (or drops them)
once the person the account was held for answers."""

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bot.accounts.oauth_exchange import AGAIN, Account, SignInError
from bot.accounts.oauth_links import unseal
from bot.accounts.oauth_states import PendingSignIn, SignInStates, digest
from bot.accounts.oauth_steps import step_row
from bot.accounts.vault import VaultError
from planning.store.credentials import Kind

logger = logging.getLogger(__name__)
HELD_TTL = timedelta(days=1)


@dataclass(frozen=True)
class HeldAccount:
    """What the person is asked about (``confirm_id``: the key of their answer)."""

    confirm_id: str = field(repr=False)
    team: str
    user: str  # who connected it
    shared: bool
    title: str
    label: str
    address: str | None
    slack_email: str | None
    kinds: tuple[Kind, ...]
    person: str


@dataclass(frozen=True)
class Kept:
    """A held account its person said is theirs: what to store."""

    team: str
    user: str
    shared: bool
    title: str
    label: str
    saves: dict[Kind, str]  # kind → the service it is stored under
    credentials: dict[str, Any] = field(repr=False)
    person: str


OnHeld = Callable[[str, HeldAccount], Awaitable[None]]
"""Called with the team and the account held for its person's word (``bot.slack.connect``: a DM)."""


class HeldAccounts:
    def __init__(self, states: SignInStates, secret: str | None, clock: Callable[[], datetime]) -> None:
        self._states = states
        self._secret = secret
        self._clock = clock
        self.on_held: OnHeld | None = None

    async def hold(
        self,
        title: str,
        pending: PendingSignIn,
        saves: dict[Kind, str],
        account: Account,
        slack: dict[str, Any],
        credentials: dict[str, Any],
    ) -> HeldAccount:
        """Keep the account unused and ask its person; ``SignInError`` (and nothing kept) when Slack cannot ask."""
        confirm_id, now = secrets.token_urlsafe(24), self._clock()
        label = account.label
        carried = {"saves": saves, "label": label, "credentials": credentials, "title": title, "slack": slack}
        row = step_row(
            "held",
            confirm_id,
            pending,
            secret=self._secret,
            service=pending.service,
            kinds=tuple(saves),
            carried=carried,
            browser="",
            expires_at=now + HELD_TTL,
        )
        await self._states.put(row, now=now)
        held = HeldAccount(
            confirm_id=confirm_id,
            team=pending.team,
            user=pending.user,
            shared=pending.shared,
            title=title,
            label=label,
            address=account.address,
            slack_email=slack.get("email"),
            kinds=tuple(saves),
            person=str(slack.get("name") or pending.user),
        )
        try:
            if self.on_held is None:
                raise RuntimeError("no Slack to ask in")
            await self.on_held(held.team, held)
        except Exception as error:
            await self._states.take(digest(confirm_id))
            logger.warning("could not ask %s/%s to confirm an account (%s)", held.team, held.user, type(error).__name__)
            raise SignInError(
                f"The account you signed in with ({account.address or label}) is not the address of your Slack "
                f"profile, and planbot could not ask you about it in Slack, so nothing was connected. {AGAIN}",
                502,
            ) from None
        logger.info("an account for %s/%s waits for its person's confirmation in Slack", held.team, held.user)
        return held

    async def take(
        self, confirm_id: str, *, team: str, user: str, use: bool
    ) -> Kept | Literal["discarded", "gone", "not yours"]:
        """The held account, removed, when ``user`` of ``team`` (whom it was held for) says to ``use`` it."""
        key = digest(confirm_id)
        found = await self._states.peek(key)
        if found is None or found.step != "held":
            return "gone"
        if (found.team, found.user) != (team, user):
            logger.warning("%s/%s answered for an account held for %s/%s: ignored", team, user, found.team, found.user)
            return "not yours"
        taken = await self._states.take(key)
        if taken is None or self._clock() >= taken.expires_at:
            return "gone"
        if not use:
            logger.info("%s/%s did not use a held account", team, user)
            return "discarded"
        try:
            carried = unseal(self._secret, taken.sealed)
        except VaultError:
            return "gone"
        slack = dict(carried.get("slack") or {})
        return Kept(
            team=taken.team,
            user=taken.user,
            shared=taken.shared,
            title=str(carried["title"]),
            label=str(carried["label"]),
            saves=dict(carried["saves"]),
            credentials=dict(carried["credentials"]),
            person=str(slack.get("name") or user),
        )
