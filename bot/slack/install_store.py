"""Each workspace's installation of the Slack app, in our store: slack_sdk's ``AsyncInstallationStore``.

One row per installer (``slack_installations``) and one per workspace or organisation (``slack_bots``: the bot
token every request of that workspace is answered with; a rotated token replaces it in place). Lookups follow
Bolt's rules: an org-wide install (Enterprise Grid, ``is_enterprise_install``) is found by its organisation alone
(its ``team_id`` is stored as ``''``), any other by organisation and workspace. Every installation, tokens included,
is sealed with the accounts' key (``bot.accounts.vault``) before it reaches the store; ``check_key`` re-seals
what an old key sealed. Conformance: ``tests/bot/slack_state/install_conformance.py``.
"""

import logging
from typing import Any, Protocol

from slack_sdk.oauth.installation_store import Bot, Installation
from slack_sdk.oauth.installation_store.async_installation_store import AsyncInstallationStore

from bot.slack.install_sql import Row, Statements

_logger = logging.getLogger(__name__)
_INSTALLATION = (
    "app_id",
    "enterprise_id",
    "enterprise_name",
    "enterprise_url",
    "team_id",
    "team_name",
    "bot_token",
    "bot_id",
    "bot_user_id",
    "bot_scopes",
    "bot_refresh_token",
    "bot_token_expires_at",
    "user_id",
    "user_token",
    "user_scopes",
    "user_refresh_token",
    "user_token_expires_at",
    "incoming_webhook_url",
    "incoming_webhook_channel",
    "incoming_webhook_channel_id",
    "incoming_webhook_configuration_url",
    "is_enterprise_install",
    "token_type",
    "installed_at",
)
_BOT = (
    "app_id",
    "enterprise_id",
    "enterprise_name",
    "team_id",
    "team_name",
    "bot_token",
    "bot_id",
    "bot_user_id",
    "bot_scopes",
    "bot_refresh_token",
    "bot_token_expires_at",
    "is_enterprise_install",
    "installed_at",
)
_BOT_FROM_INSTALLATION = (*_BOT[5:11],)  # bot_token ... bot_token_expires_at: what a newer bot row overrides


class Sealer(Protocol):
    """What seals the installations (``bot.accounts.vault.Vault``)."""

    def seal(self, credentials: dict[str, Any]) -> bytes: ...

    def open(self, token: bytes) -> dict[str, Any]: ...

    def is_current(self, token: bytes) -> bool: ...

    def reseal(self, token: bytes) -> bytes: ...


def keys(enterprise_id: str | None, team_id: str | None, is_enterprise_install: bool | None) -> tuple[str, str]:
    """The stored (enterprise, team) of an installation: ``''`` for none, and no team for an org-wide install."""
    return enterprise_id or "", "" if is_enterprise_install or team_id is None else team_id


class SlackInstallations(AsyncInstallationStore):
    def __init__(self, statements: Statements, sealer: Sealer, *, client_id: str) -> None:
        self._db = statements
        self._sealer = sealer
        self._client_id = client_id

    @property
    def logger(self) -> logging.Logger:
        return _logger

    # --- saving --------------------------------------------------------------------------------------------

    async def async_save(self, installation: Installation) -> None:
        enterprise, team = keys(installation.enterprise_id, installation.team_id, installation.is_enterprise_install)
        async with self._db.atomic() as run:
            await run(
                "INSERT INTO slack_installations (client_id, enterprise_id, team_id, user_id, is_enterprise_install, "
                "installed_at, sealed) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (client_id, enterprise_id, team_id, user_id) DO UPDATE SET "
                "is_enterprise_install = excluded.is_enterprise_install, installed_at = excluded.installed_at, "
                "sealed = excluded.sealed",
                (
                    self._client_id,
                    enterprise,
                    team,
                    installation.user_id or "",
                    bool(installation.is_enterprise_install),
                    float(installation.installed_at),
                    self._seal(installation, _INSTALLATION),
                ),
            )
            if installation.bot_token:
                await self._save_bot(run, installation.to_bot())
        _logger.info("Slack installation saved for %s/%s", enterprise or "-", team or "org")

    async def async_save_bot(self, bot: Bot) -> None:
        if not bot.bot_token:
            return
        async with self._db.atomic() as run:
            await self._save_bot(run, bot)

    async def _save_bot(self, run: Any, bot: Bot) -> None:
        enterprise, team = keys(bot.enterprise_id, bot.team_id, bot.is_enterprise_install)
        await run(
            "INSERT INTO slack_bots (client_id, enterprise_id, team_id, is_enterprise_install, installed_at, sealed) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (client_id, enterprise_id, team_id) DO UPDATE SET "
            "is_enterprise_install = excluded.is_enterprise_install, installed_at = excluded.installed_at, "
            "sealed = excluded.sealed",
            (
                self._client_id,
                enterprise,
                team,
                bool(bot.is_enterprise_install),
                float(bot.installed_at),
                self._seal(bot, _BOT),
            ),
        )

    # --- finding -------------------------------------------------------------------------------------------

    async def async_find_bot(
        self, *, enterprise_id: str | None, team_id: str | None, is_enterprise_install: bool | None = False
    ) -> Bot | None:
        enterprise, team = keys(enterprise_id, team_id, is_enterprise_install)
        rows, _ = await self._db.run(
            "SELECT sealed FROM slack_bots WHERE client_id = ? AND enterprise_id = ? AND team_id = ?",
            (self._client_id, enterprise, team),
        )
        return Bot(**self._open(rows[0])) if rows else None

    async def async_find_installation(
        self,
        *,
        enterprise_id: str | None,
        team_id: str | None,
        user_id: str | None = None,
        is_enterprise_install: bool | None = False,
    ) -> Installation | None:
        """The installer's installation (``user_id``), else the workspace's latest, with the workspace's bot."""
        enterprise, team = keys(enterprise_id, team_id, is_enterprise_install)
        where = "client_id = ? AND enterprise_id = ? AND team_id = ?"
        params: tuple[str, ...] = (self._client_id, enterprise, team)
        if user_id is not None:
            where, params = f"{where} AND user_id = ?", (*params, user_id)
        rows, _ = await self._db.run(
            f"SELECT sealed FROM slack_installations WHERE {where} ORDER BY installed_at DESC LIMIT 1", params
        )
        if not rows:
            return None
        found = self._open(rows[0])
        bot = await self.async_find_bot(enterprise_id=enterprise_id, team_id=team_id, is_enterprise_install=team == "")
        if bot is not None:  # the workspace's bot as it is now (a rotated token, or a later installer's bot)
            found.update({name: getattr(bot, name) for name in _BOT_FROM_INSTALLATION})
        return Installation(**found)

    async def find_bot_for_team(self, team_id: str) -> Bot | None:
        """The bot that serves a workspace, for work outside a request (its enterprise is not at hand): the
        workspace's own installation, else its organisation's org-wide one (``remember_org_workspace``)."""
        rows, _ = await self._db.run(
            "SELECT sealed FROM slack_bots WHERE client_id = ? AND team_id = ? ORDER BY installed_at DESC LIMIT 1",
            (self._client_id, team_id),
        )
        if rows:
            return Bot(**self._open(rows[0]))
        if not team_id:
            return None
        orgs, _ = await self._db.run("SELECT enterprise_id FROM slack_org_workspaces WHERE team_id = ?", (team_id,))
        if not orgs:
            return None
        return await self.async_find_bot(enterprise_id=orgs[0][0], team_id=None, is_enterprise_install=True)

    async def remember_org_workspace(self, team_id: str, enterprise_id: str) -> None:
        """A workspace an org-wide install answered a request of (so that ``find_bot_for_team`` finds its bot)."""
        await self._db.run(
            "INSERT INTO slack_org_workspaces (team_id, enterprise_id) VALUES (?, ?) "
            "ON CONFLICT (team_id) DO UPDATE SET enterprise_id = excluded.enterprise_id",
            (team_id, enterprise_id),
        )

    async def org_workspaces(self, enterprise_id: str) -> list[str]:
        rows, _ = await self._db.run(
            "SELECT team_id FROM slack_org_workspaces WHERE enterprise_id = ? ORDER BY team_id", (enterprise_id,)
        )
        return [str(row[0]) for row in rows]

    # --- deleting ------------------------------------------------------------------------------------------

    async def async_delete_bot(self, *, enterprise_id: str | None, team_id: str | None) -> None:
        await self._db.run(
            "DELETE FROM slack_bots WHERE client_id = ? AND enterprise_id = ? AND team_id = ?",
            (self._client_id, enterprise_id or "", team_id or ""),
        )

    async def async_delete_installation(
        self, *, enterprise_id: str | None, team_id: str | None, user_id: str | None = None
    ) -> None:
        where, params = (
            "client_id = ? AND enterprise_id = ? AND team_id = ?",
            [self._client_id, enterprise_id or "", team_id or ""],
        )
        if user_id is not None:
            where, params = f"{where} AND user_id = ?", [*params, user_id]
        await self._db.run(f"DELETE FROM slack_installations WHERE {where}", params)

    async def async_delete_all(self, *, enterprise_id: str | None, team_id: str | None) -> None:
        """Every token of the workspace (or, with no ``team_id``, of the organisation's org-wide install)."""
        params = (self._client_id, enterprise_id or "", team_id or "")
        async with self._db.atomic() as run:
            for table in ("slack_bots", "slack_installations"):
                await run(f"DELETE FROM {table} WHERE client_id = ? AND enterprise_id = ? AND team_id = ?", params)
            if not team_id and enterprise_id:
                await run("DELETE FROM slack_org_workspaces WHERE enterprise_id = ?", (enterprise_id,))
        _logger.info("Slack installation deleted for %s/%s", enterprise_id or "-", team_id or "org")

    # --- keys ----------------------------------------------------------------------------------------------

    async def check_key(self) -> int:
        """Open every row (``WrongKeyError`` when the key does not) and re-seal those an old key sealed; returns how
        many were re-sealed. Compare-and-set: a row changed meanwhile is left as it now is."""
        moved = 0
        for table in ("slack_installations", "slack_bots"):
            rows, _ = await self._db.run(f"SELECT sealed FROM {table} WHERE client_id = ?", (self._client_id,))
            for (sealed,) in rows:
                token = bytes(sealed)
                if self._sealer.is_current(token):
                    continue
                _, count = await self._db.run(
                    f"UPDATE {table} SET sealed = ? WHERE client_id = ? AND sealed = ?",
                    (self._sealer.reseal(token), self._client_id, token),
                )
                moved += count
        if moved:
            _logger.info("re-encrypted %d Slack installation record(s) with the current PLANBOT_SECRET_KEY", moved)
        return moved

    def _seal(self, source: Installation | Bot, fields: tuple[str, ...]) -> bytes:
        return self._sealer.seal({name: _plain(getattr(source, name, None)) for name in fields})

    def _open(self, row: Row) -> dict[str, Any]:
        return self._sealer.open(bytes(row[0]))


def _plain(value: Any) -> Any:
    """A value as JSON keeps it (scopes are a list)."""
    return list(value) if isinstance(value, tuple) else value
