"""Where each person stands with each kind of account, and the button that connects it (contract §5.1).

A kind served by the local workspace is the demo ("demo data"); otherwise the person's own stored account (of their
workspace, else, with one workspace, one connected without naming a workspace), the credentials in the server's
settings when they are ``PLANBOT_OWNER``, the CRM shared by their workspace, or nothing. Every service connects
through a Connect link made for this one person (``bot.accounts.oauth_links``): Sign in with Slack, then the service's
sign-in page, or planbot's own page for a password service.
"""

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.accounts import oauth_links
from bot.accounts.book import Accounts
from bot.accounts.workspace_crm import stored_sharing
from bot.slack.connect_blocks import AccountRow, Shared, connect_button
from planning.store.credentials import ANY_TEAM, KINDS, WORKSPACE, Kind, StoredAccount

logger = logging.getLogger(__name__)
USABLE = frozenset({"demo", "connected", "environment", "shared"})  # the states of a kind a plan can run on
NO_KEY = "Accounts cannot be stored here yet: whoever runs planbot must set PLANBOT_SECRET_KEY."
NO_PUBLIC_URL = "Connecting {service} needs this server's public address: whoever runs planbot sets PLANBOT_PUBLIC_URL."
NO_PAGES = (
    "Connecting accounts needs planbot's web pages, which Socket Mode does not serve: whoever runs planbot serves it "
    "with `planbot serve --http`, or connects accounts with `planbot accounts connect`."
)
NO_SIGN_IN = (
    "Connecting accounts needs Sign in with Slack: whoever runs planbot sets PLANBOT_SLACK_SIGN_IN_CLIENT_ID and "
    "PLANBOT_SLACK_SIGN_IN_CLIENT_SECRET."
)


class AccountRows:
    def __init__(
        self,
        accounts: Accounts,
        services: Mapping[str, str],
        *,
        public_url: str | None = None,
        link_secret: str | None = None,
        environment: frozenset[str] = frozenset(),
        owner: str | None = None,
        one_workspace: bool = True,
        sign_in: bool = True,
        pages: bool = True,
        members_write: bool = False,
    ) -> None:
        """``services``: kind → the service configured for it (``local``: the demo workspace); ``link_secret``:
        ``PLANBOT_SECRET_KEY`` (None: nothing can be stored); ``environment``: the kinds whose credentials are in the
        server's settings (``PLANBOT_OWNER``'s email and calendar, everyone's CRM); ``one_workspace`` False: several
        workspaces are installed, and an account connected without naming one (or a bare owner id) serves nobody,
        as in ``PersonalConnectors``; ``sign_in`` False: Sign in with Slack is not set up, ``pages`` False: no web
        server serves the Connect pages (Socket Mode); either way nothing can be connected from Slack;
        ``members_write``: members may change records through a workspace's CRM (``PLANBOT_WORKSPACE_CRM_WRITES``)."""
        self._accounts = accounts
        self._services = dict(services)
        self._public_url = public_url
        self._secret = link_secret
        self._environment = environment
        self._owner = owner
        self._one_workspace = one_workspace
        self._sign_in = sign_in
        self._pages = pages
        self._members_write = members_write

    @property
    def accounts(self) -> Accounts:
        return self._accounts

    def service(self, kind: str) -> str:
        return self._services.get(kind, "local")

    async def stored(self, team: str, user: str, kind: Kind) -> StoredAccount | None:
        """The account the registry would use for ``user``'s own ``kind`` (never another person's)."""
        found = await self._accounts.store.get(team, user, kind)
        if found is None and team != ANY_TEAM and self._one_workspace:
            found = await self._accounts.store.get(ANY_TEAM, user, kind)
        return found

    def _owns_environment(self, team: str, user: str) -> bool:
        qualified = f"{team}:{user}"
        return bool(self._owner) and self._owner in ((user, qualified) if self._one_workspace else (qualified,))

    async def rows(self, team: str, user: str, *, admin: bool = False) -> list[AccountRow]:
        rows = [await self._row(team, user, kind) for kind in KINDS]
        if admin and self.service("crm") != "local":
            rows.append(await self._workspace_crm(team, user))
        return rows

    async def usable(self, team: str, user: str) -> frozenset[str]:
        """The kinds a plan of ``user`` can run on now (not one that needs connecting or reconnecting)."""
        rows = [await self._row(team, user, kind) for kind in KINDS]
        return frozenset(row.kind for row in rows if row.state in USABLE)

    async def _row(self, team: str, user: str, kind: Kind) -> AccountRow:
        service = self.service(kind)
        if service == "local":
            return AccountRow(kind, service, "demo", can_connect=False)
        account = await self.stored(team, user, kind)
        if account is not None:
            state = "reconnect" if account.needs_reconnect else "connected"
            return self._connectable(team, user, kind, state, label=account.label, can_disconnect=True)
        if kind == "crm":
            shared = await self.stored(team, WORKSPACE, "crm")
            if shared is not None:
                sharing = await self.sharing(team, user)
                return replace(self._connectable(team, user, kind, "shared", label=shared.label), sharing=sharing)
        if kind in self._environment and (kind == "crm" or self._owns_environment(team, user)):
            sharing = await self.sharing(team, user) if kind == "crm" else None
            return AccountRow(kind, service, "environment", can_connect=False, sharing=sharing)
        return self._connectable(team, user, kind, "missing")

    async def sharing(self, team: str, user: str, *, admin: bool = False) -> Shared | None:
        """How the workspace's CRM (else the environment's) is shared, as ``user`` sees it; None when there is none.
        ``admin``: ``user`` may change who writes through it (unless the server's settings decide)."""
        shared = await self.stored(team, WORKSPACE, "crm")
        if shared is not None:
            how = stored_sharing(self._accounts, shared, server_allows=self._members_write)
            can_choose = admin and not how.members_write_set_by_server
            return Shared(how.connected_by, how.members_write, how.may_write(user), can_choose=can_choose)
        if "crm" not in self._environment:
            return None
        owner = self._owns_environment(team, user)
        return Shared(None, self._members_write, owner or self._members_write)

    async def _workspace_crm(self, team: str, admin: str) -> AccountRow:
        """The CRM an admin connects for everyone (the link is made for that admin, marked as shared)."""
        shared = await self.stored(team, WORKSPACE, "crm")
        if shared is None:
            return self._connectable(team, admin, "crm", "missing", workspace=True)
        state = "reconnect" if shared.needs_reconnect else "connected"
        row = self._connectable(team, admin, "crm", state, label=shared.label, workspace=True, can_disconnect=True)
        return replace(row, sharing=await self.sharing(team, admin, admin=True))

    def _connectable(
        self,
        team: str,
        user: str,
        kind: str,
        state: Any,
        *,
        label: str = "",
        workspace: bool = False,
        can_disconnect: bool = False,
    ) -> AccountRow:
        service = self.service(kind)
        url, note = None, ""
        if self._secret is None:
            note = NO_KEY
        elif not self._pages:
            note = NO_PAGES
        elif not self._sign_in:
            note = NO_SIGN_IN
        else:
            url = self.connect_url(team, user, kind, workspace=workspace)
            note = "" if url else NO_PUBLIC_URL.format(service=service)
        return AccountRow(
            kind,
            service,
            state,
            label=label,
            workspace=workspace,
            connect_url=url,
            can_connect=not note,
            can_disconnect=can_disconnect,
            note=note if state in ("missing", "reconnect", "shared") else "",
        )

    def connect_url(self, team: str, user: str, kind: str, *, workspace: bool = False) -> str | None:
        """The Connect link of ``kind``'s service for ``user`` (``workspace``: the CRM ``user``, an admin, connects
        for everyone); None when this server cannot make one."""
        if not self._public_url or self._secret is None:
            return None
        try:
            return oauth_links.start_link(
                self._public_url, self.service(kind), team, user, shared=workspace, secret=self._secret
            )
        except (oauth_links.LinkError, ValueError) as error:
            logger.warning("no Connect link for %s (%s)", self.service(kind), error.__class__.__name__)
            return None

    def button(self, team: str, user: str, kind: str, reconnect: bool) -> dict[str, Any] | None:
        """The Connect (Reconnect) button for a plan's prompt, made for ``user``; None when it cannot be offered."""
        service = self.service(kind)
        if service == "local" or self._secret is None or not self._sign_in or not self._pages:
            return None
        url = self.connect_url(team, user, kind)
        return connect_button(kind, url=url, reconnect=reconnect) if url else None
