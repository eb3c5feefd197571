"""A workspace removes the app: ``app_uninstalled``, or ``tokens_revoked`` for the bot's token.

Either deletes that workspace's tokens (its installation, with several workspaces) and every account its people
or its admins connected (the credential store's rows of that team), each through ``Accounts.disconnect`` so that an
OAuth grant is revoked at its service first; a service that fails or does not answer does not keep the account. An
org-wide install's removal does so for the organisation and each of its workspaces seen in requests. With
``SLACK_BOT_TOKEN`` alone there are no stored tokens; the accounts connected without naming a workspace belong to the
one workspace and go too. A ``tokens_revoked`` for user tokens only removes those people's user tokens (planbot asks
for none).

Bolt passes these two events through without authorizing them (the tokens are gone already).
"""

import logging
from typing import Any

from bot.accounts.book import Accounts
from bot.slack.install_flow import Workspaces
from planning.store.credentials import ANY_TEAM, StoredAccount

logger = logging.getLogger(__name__)


class Uninstalls:
    def __init__(self, accounts: Accounts | None, workspaces: Workspaces | None) -> None:
        self._accounts = accounts
        self._workspaces = workspaces

    async def app_uninstalled(self, context: dict[str, Any], body: dict[str, Any]) -> None:
        await self._forget(context, body)

    async def tokens_revoked(self, event: dict[str, Any], context: dict[str, Any], body: dict[str, Any]) -> None:
        tokens = event.get("tokens") or {}
        if tokens.get("bot"):
            await self._forget(context, body)
            return
        if self._workspaces is not None:
            team, enterprise = _ids(context, body)
            for user in tokens.get("oauth") or []:
                await self._workspaces.installations.async_delete_installation(
                    enterprise_id=enterprise, team_id=team, user_id=str(user)
                )

    async def _forget(self, context: dict[str, Any], body: dict[str, Any]) -> None:
        team, enterprise = _ids(context, body)
        org_wide = bool(context.get("is_enterprise_install")) and bool(enterprise)
        teams = {team} if team else set()
        if self._workspaces is not None:
            installations = self._workspaces.installations
            if org_wide:
                teams.update(await installations.org_workspaces(enterprise or ""))
            await installations.async_delete_all(enterprise_id=enterprise, team_id=None if org_wide else team)
        else:
            teams.add(ANY_TEAM)  # single-token mode: accounts connected without a team are this workspace's
        removed = 0
        if self._accounts is not None:
            for each in sorted(teams):
                for account in await self._accounts.list(team=each):
                    removed += await _remove(self._accounts, account)
        logger.info(
            "the app was removed from %s%s: its tokens and %d connected account(s) deleted",
            enterprise or "-",
            "" if org_wide else f"/{team}",
            removed,
        )


async def _remove(accounts: Accounts, account: StoredAccount) -> bool:
    """Disconnect (its grant revoked where the service can, within the revocation's own time limit); should that
    fail, the account is deleted all the same."""
    try:
        return await accounts.disconnect(
            team=account.team, user=account.user, kind=account.kind, service=account.service
        )
    except Exception as error:  # the store or the service: the workspace's removal goes on
        logger.warning("disconnecting a %s account failed (%s): deleting it", account.kind, type(error).__name__)
        return await accounts.store.delete(account.team, account.user, account.kind)


def _ids(context: dict[str, Any], body: dict[str, Any]) -> tuple[str, str | None]:
    team = str(context.get("team_id") or body.get("team_id") or "")
    enterprise = context.get("enterprise_id") or body.get("enterprise_id")
    return team, str(enterprise) if enterprise else None
