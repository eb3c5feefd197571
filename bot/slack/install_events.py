"""A workspace removes the app: ``app_uninstalled``, or ``tokens_revoked`` for the bot's token.

Either deletes that workspace's tokens (its installation, with several workspaces) and every account its people
or its admins connected (the credential store's rows of that team). An org-wide install's removal does so for
the organisation and each of its workspaces seen in requests. With ``SLACK_BOT_TOKEN`` alone there are no stored
tokens; the accounts connected without naming a workspace belong to the one workspace and go too. A
``tokens_revoked`` for user tokens only removes those people's user tokens (planbot asks for none).

Bolt passes these two events through without authorizing them (the tokens are gone already).
"""

import logging
from typing import Any

from bot.slack.install_flow import Workspaces
from planning.store.credentials import ANY_TEAM, CredentialStore

logger = logging.getLogger(__name__)


class Uninstalls:
    def __init__(self, credentials: CredentialStore | None, workspaces: Workspaces | None) -> None:
        self._credentials = credentials
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
        if self._credentials is not None:
            for each in sorted(teams):
                for account in await self._credentials.list(team=each):
                    removed += await self._credentials.delete(account.team, account.user, account.kind)
        logger.info(
            "the app was removed from %s%s: its tokens and %d connected account(s) deleted",
            enterprise or "-",
            "" if org_wide else f"/{team}",
            removed,
        )


def _ids(context: dict[str, Any], body: dict[str, Any]) -> tuple[str, str | None]:
    team = str(context.get("team_id") or body.get("team_id") or "")
    enterprise = context.get("enterprise_id") or body.get("enterprise_id")
    return team, str(enterprise) if enterprise else None
