"""Who may use the bot (contract §5.1): full members of the installing workspace, or, with
``PLANBOT_ALLOWED_USERS``, the user ids it names and the members of the user groups it names (``@sales``).

Guests (``is_restricted`` / ``is_ultra_restricted``), people of other organisations (Slack Connect: another team,
``is_stranger``, or users.info refusing to describe them) and deactivated users are refused whatever the list says.
People come from ``SlackPeople`` (cached briefly); a group's members from usergroups.list and usergroups.users.list,
cached as briefly. When Slack cannot say, the answer is no (and the person is told to try again).
"""

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack.people import Person, SlackPeople
from bot.slack.sending import TRANSIENT_ERRORS
from planning.engine.texts import NOT_ALLOWED

logger = logging.getLogger(__name__)
GROUP_TTL_SECONDS = 120.0
Verdict = Literal[
    "allowed", "guest", "external", "deactivated", "not_listed", "unknown", "unavailable", "other_workspace"
]
REFUSALS: dict[Verdict, str] = {
    "guest": "Sorry, guests of this workspace can't use me: I only work for its full members. Nothing was done.",
    "external": (
        "Sorry, I only work for members of the workspace that installed me, not for people of other "
        "organisations. Nothing was done."
    ),
    "deactivated": NOT_ALLOWED,
    "not_listed": NOT_ALLOWED,
    "unknown": "Sorry, I couldn't confirm that you are a member of this workspace, so I won't act for you. "
    "Nothing was done.",
    "unavailable": "I couldn't check who may use me just now (Slack didn't answer). Nothing was done: try again "
    "in a minute.",
    "other_workspace": "That plan belongs to another Slack workspace, so I won't act on it from here. Nothing was "
    "done.",
}


@dataclass(frozen=True, slots=True)
class AllowedList:
    """``PLANBOT_ALLOWED_USERS``: user ids and user-group handles (without the ``@``); empty: no list."""

    user_ids: frozenset[str] = frozenset()
    groups: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, entries: Iterable[str]) -> "AllowedList":
        ids, groups = set(), set()
        for entry in (e.strip() for e in entries):
            if entry.startswith("@") and len(entry) > 1:
                groups.add(entry[1:].lower())
            elif entry:
                ids.add(entry)
        return cls(frozenset(ids), frozenset(groups))

    @property
    def empty(self) -> bool:
        return not self.user_ids and not self.groups


@dataclass(frozen=True, slots=True)
class Installation:
    """Whose bot this is: the workspace (team id), or an Enterprise Grid organisation for an org-wide install."""

    team_id: str | None
    enterprise_id: str | None = None


class AccessPolicy:
    def __init__(
        self,
        people: SlackPeople,
        client: AsyncWebClient,
        allowed: AllowedList,
        *,
        ttl_seconds: float = GROUP_TTL_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._people = people
        self._client = client
        self._allowed = allowed
        self._ttl = ttl_seconds
        self._monotonic = monotonic
        self._groups: dict[str, tuple[float, frozenset[str]]] = {}

    def ready(self, user_id: str) -> bool:
        """Whether ``verdict`` answers for ``user_id`` without asking Slack: the person is cached, and so are the
        groups of the allowed list it may need."""
        if self._people.cached(user_id) is None:
            return False
        if self._allowed.empty or user_id in self._allowed.user_ids:
            return True
        now = self._monotonic()
        return all(h in self._groups and now - self._groups[h][0] < self._ttl for h in self._allowed.groups)

    async def verdict(self, user_id: str, installation: Installation) -> Verdict:
        try:
            person = await self._people.person(user_id)
        except (aiohttp.ClientError, TimeoutError) as error:
            logger.warning("users.info did not answer for %s (%s)", user_id, error.__class__.__name__)
            return "unavailable"
        found = _who(person, installation)
        if found != "allowed" or self._allowed.empty or user_id in self._allowed.user_ids:
            return found
        try:
            for handle in sorted(self._allowed.groups):
                if user_id in await self._members(handle):
                    return "allowed"
        except _GroupLookupError:
            return "unavailable"
        return "not_listed"

    async def _members(self, handle: str) -> frozenset[str]:
        cached = self._groups.get(handle)
        if cached is not None and self._monotonic() - cached[0] < self._ttl:
            return cached[1]
        try:
            listed = await self._client.usergroups_list()
            ids = [g.get("id") for g in listed.get("usergroups") or [] if str(g.get("handle", "")).lower() == handle]
            members: frozenset[str] = frozenset()
            if ids and ids[0]:
                found = await self._client.usergroups_users_list(usergroup=str(ids[0]))
                members = frozenset(str(user) for user in found.get("users") or [])
            else:
                logger.warning("PLANBOT_ALLOWED_USERS names @%s, but the workspace has no such user group", handle)
        except SlackApiError as error:
            reason = str(error.response.get("error") or "error")
            hint = " (add the usergroups:read scope and reinstall the app)" if reason == "missing_scope" else ""
            logger.warning("cannot read the members of @%s: %s%s", handle, reason, hint)
            raise _GroupLookupError from None
        except (aiohttp.ClientError, TimeoutError) as error:
            logger.warning("cannot read the members of @%s (%s)", handle, error.__class__.__name__)
            raise _GroupLookupError from None
        self._groups[handle] = (self._monotonic(), members)
        return members


class _GroupLookupError(Exception):
    pass


def _who(person: Person, installation: Installation) -> Verdict:
    """What users.info says of someone, before any allowed list."""
    if not person.known:
        return "unavailable" if person.lookup_error in TRANSIENT_ERRORS else "unknown"
    if person.deleted:
        return "deactivated"
    if person.stranger or not _same_organisation(person, installation):
        return "external"
    if person.guest:
        return "guest"
    return "allowed"


def _same_organisation(person: Person, installation: Installation) -> bool:
    """The user's workspace is the installing one; in Enterprise Grid, any workspace of the same organisation
    (a member of several workspaces has one ``team_id``, not necessarily this one)."""
    if installation.enterprise_id and person.enterprise_id == installation.enterprise_id:
        return True
    if installation.team_id is None:
        return False
    return person.team_id == installation.team_id
