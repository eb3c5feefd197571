"""The environment's refresh token after the service rotated it (Microsoft 365 hands out a new one on each refresh
and the old one lapses): kept in the account store as ``PLANBOT_OWNER``'s account, so that a restart signs in with
the newest one instead of the environment's original.

The kept account is labelled ``KEPT_LABEL`` and remembers a fingerprint of the environment token it descends from:
when someone puts a new token in the environment, that one wins again. Without ``PLANBOT_SECRET_KEY`` nothing can be
stored: the rotation is logged once with what to set. An account the owner connected themselves is never replaced.
"""

import asyncio
import logging

from bot.accounts.book import Accounts
from bot.accounts.vault import VaultError
from integrations.http.oauth import fingerprint
from planning.store.credentials import ANY_TEAM, Kind, StoredAccount

logger = logging.getLogger(__name__)
KEPT_LABEL = "kept from the environment (rotated refresh token)"


def is_kept(account: StoredAccount) -> bool:
    """An account stored here (it belongs to the environment's connector), not one the person connected."""
    return account.label == KEPT_LABEL


class KeptRefreshToken:
    def __init__(
        self, accounts: Accounts, *, owner: str, service: str, kinds: tuple[Kind, ...], configured: str
    ) -> None:
        team, _, user = owner.rpartition(":")
        self._accounts = accounts
        self._team, self._user = team or ANY_TEAM, user
        self._service = service
        self._kinds = kinds
        self._origin = fingerprint(service, configured)
        self._configured = configured
        self._saving: set[asyncio.Task[None]] = set()
        self._warned = False

    async def current(self) -> str:
        """The newest refresh token kept for the environment's, else the environment's own."""
        newest: tuple[str, str] | None = None
        for kind in self._kinds:
            found = await self._accounts.store.get(self._team, self._user, kind)
            if found is None or not is_kept(found) or found.service != self._service:
                continue
            try:
                credentials = self._accounts.credentials(found)
            except VaultError:
                continue
            token = credentials.get("refresh_token")
            if credentials.get("origin") == self._origin and isinstance(token, str) and token:
                stamp = found.updated_at.isoformat()
                newest = max(newest or (stamp, token), (stamp, token))
        return newest[1] if newest is not None else self._configured

    def rotated(self, token: str) -> None:
        """Heard from the connector (inside its refresh): stored in the background."""
        task = asyncio.get_running_loop().create_task(self._keep(token))
        self._saving.add(task)
        task.add_done_callback(self._saving.discard)

    async def _keep(self, token: str) -> None:
        credentials = {"refresh_token": token, "origin": self._origin}
        for kind in self._kinds:
            found = await self._accounts.store.get(self._team, self._user, kind)
            if found is not None and not is_kept(found):
                continue  # connected by the person: theirs wins
            try:
                await self._accounts.save(
                    team=self._team, user=self._user, kind=kind, service=self._service, label=KEPT_LABEL,
                    credentials=credentials,
                )  # fmt: skip
            except VaultError:
                if not self._warned:
                    self._warned = True
                    logger.warning(
                        "%s rotated the refresh token given in the environment; set PLANBOT_SECRET_KEY so that planbot"
                        " keeps the new one, else a restart signs in with the old one",
                        self._service,
                    )
                return

    async def close(self) -> None:
        """Wait for the tokens being stored (before the store closes)."""
        if self._saving:
            await asyncio.gather(*self._saving, return_exceptions=True)
