"""A CRM shared by a whole workspace: who connected it, and whether its members may change records through it.

Each person's own CRM comes first (``PersonalConnectors``). A workspace's CRM is an admin's explicit choice (Connect
for everyone in App Home, or ``planbot accounts connect hubspot --workspace``), or the CRM configured in the
environment. Its members read through it; only who connected it (the environment's: ``PLANBOT_OWNER``) changes
records, unless members may write too: an admin's choice in App Home (kept with the account, sealed with it) or
``PLANBOT_WORKSPACE_CRM_WRITES`` for every workspace. A write refused is said before any approval (``REFUSAL``).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.accounts.book import Accounts
from bot.accounts.vault import VaultError
from planning.store.credentials import WORKSPACE, StoredAccount

CONNECTED_BY = "connected_by"
"""In a workspace CRM's credentials: the Slack user id of the admin who connected it (none from the command line)."""
MEMBERS_WRITE = "members_write"
"""In a workspace CRM's credentials: the admin let members change records through it (App Home)."""
TITLES = {"hubspot": "HubSpot", "salesforce": "Salesforce"}
REFUSAL = "Connect your own {title} to change records; the workspace CRM is read-only for members"


def refusal(service: str) -> str:
    return REFUSAL.format(title=TITLES.get(service, "CRM"))


@dataclass(frozen=True)
class Sharing:
    """How a workspace's CRM is shared: ``connected_by`` (a Slack user id, "" when not known) may change records;
    members may too when ``members_write``; ``members_write_set_by_server``: by ``PLANBOT_WORKSPACE_CRM_WRITES``."""

    connected_by: str
    members_write: bool
    members_write_set_by_server: bool = False

    def may_write(self, user: str) -> bool:
        return self.members_write or (bool(self.connected_by) and user == self.connected_by)


def sharing_of(credentials: Mapping[str, Any], *, server_allows: bool) -> Sharing:
    chosen = credentials.get(MEMBERS_WRITE) is True
    return Sharing(str(credentials.get(CONNECTED_BY) or ""), chosen or server_allows, server_allows)


def stored_sharing(accounts: Accounts, account: StoredAccount, *, server_allows: bool) -> Sharing:
    """The sharing of a stored workspace CRM; read-only for everyone when its credentials cannot be opened."""
    try:
        credentials = accounts.credentials(account)
    except VaultError:
        return Sharing("", server_allows, server_allows)
    return sharing_of(credentials, server_allows=server_allows)


async def shared_credentials(
    accounts: Accounts, team: str, credentials: Mapping[str, Any], *, connected_by: str
) -> dict[str, Any]:
    """A workspace CRM's credentials as stored: who connected it, and the admin's choice for members kept from the
    account it replaces (a reconnection neither opens it to writes nor closes it)."""
    before = await accounts.store.get(team, WORKSPACE, "crm")
    allowed = before is not None and accounts.credentials(before).get(MEMBERS_WRITE) is True
    return {**credentials, CONNECTED_BY: connected_by, **({MEMBERS_WRITE: True} if allowed else {})}


async def allow_members_write(accounts: Accounts, account: StoredAccount, allowed: bool) -> StoredAccount | None:
    """An admin's choice for the workspace's CRM, kept with it; None when it changed meanwhile (try again)."""
    credentials = accounts.credentials(account)
    if allowed:
        credentials[MEMBERS_WRITE] = True
    else:
        credentials.pop(MEMBERS_WRITE, None)
    return await accounts.replace_credentials(account, credentials)
