"""Slack users as people: their email address (a mention as a recipient), time zone, and who they are to the
workspace (a full member, a guest, someone of another organisation), from users.info, cached briefly."""

import asyncio
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.clock import known_zone
from bot.slack import markup
from bot.slack.install_client import acting_team

logger = logging.getLogger(__name__)
TTL_SECONDS = 120.0  # a guest made a member, or a member deactivated, is seen within this


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    name: str
    email: str | None
    tz: str | None
    team_id: str | None = None  # the workspace the user belongs to
    enterprise_id: str | None = None  # their Enterprise Grid organisation, if any
    guest: bool = False  # a multi- or single-channel guest (is_restricted / is_ultra_restricted)
    stranger: bool = False  # another organisation's user, seen through Slack Connect (is_stranger)
    deleted: bool = False  # deactivated
    lookup_error: str | None = None  # users.info refused (the error it gave); nothing else is known then

    @property
    def known(self) -> bool:
        return self.lookup_error is None


def person_of(user: Mapping[str, Any]) -> Person:
    """A users.info (or ``user_change``) user object as a person."""
    user_id = str(user.get("id") or "")
    profile = user.get("profile") or {}
    enterprise = user.get("enterprise_user") or {}
    return Person(
        user_id=user_id,
        name=str(profile.get("display_name") or user.get("real_name") or user.get("name") or user_id),
        email=profile.get("email"),
        tz=_zone_of(user_id, user.get("tz")),
        team_id=str(user.get("team_id") or profile.get("team") or "") or None,
        enterprise_id=str(enterprise.get("enterprise_id") or "") or None,
        guest=bool(user.get("is_restricted") or user.get("is_ultra_restricted")),
        stranger=bool(user.get("is_stranger")),
        deleted=bool(user.get("deleted")),
    )


class SlackPeople:
    """users.info, cached per process for ``ttl_seconds`` (a refusal is not cached: it is asked again)."""

    def __init__(
        self,
        client: AsyncWebClient,
        *,
        ttl_seconds: float = TTL_SECONDS,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self._ttl = ttl_seconds
        self._monotonic = monotonic
        # by workspace too: with several installed, one user id can name two people (bot.slack.install_client)
        self._cache: dict[tuple[str, str], tuple[float, Person]] = {}
        self._asking: dict[tuple[str, str], asyncio.Future[Person]] = {}  # lookups under way, shared

    def cached(self, user_id: str) -> Person | None:
        """The person as known without asking Slack (looked up within ``ttl_seconds``), or None."""
        cached = self._cache.get((acting_team(), user_id))
        return cached[1] if cached is not None and self._monotonic() - cached[0] < self._ttl else None

    async def person(self, user_id: str) -> Person:
        key = (acting_team(), user_id)
        known = self.cached(user_id)
        if known is not None:
            return known
        asking = self._asking.get(key)
        if asking is None:  # a burst of one person's events (Slack acks wait on this) asks Slack once
            asking = self._asking[key] = asyncio.ensure_future(self._look_up(user_id))
            asking.add_done_callback(lambda _: self._asking.pop(key, None))
        return await asyncio.shield(asking)

    async def _look_up(self, user_id: str) -> Person:
        try:
            response = await self._client.users_info(user=user_id)
            user = response.get("user") or {}
        except SlackApiError as error:
            reason = str(error.response.get("error") or "error")
            logger.warning("users.info failed for %s: %s", user_id, reason)
            return Person(user_id, user_id, None, None, lookup_error=reason)
        person = person_of({**user, "id": user.get("id") or user_id})
        self._cache[(acting_team(), user_id)] = (self._monotonic(), person)  # the task runs in the asker's context
        return person

    def learn(self, user: Mapping[str, Any]) -> Person:
        """What a ``user_change`` event says of someone replaces what was cached."""
        person = person_of(user)
        if person.user_id:
            self._cache[(acting_team(), person.user_id)] = (self._monotonic(), person)
        return person

    async def expand_mentions(self, text: str, *, bot_user_id: str | None) -> str:
        """Slack's markup read as what it means (``bot.slack.markup``): ``<@U123>`` → the person's email address
        (so it can be a recipient or attendee), an address or a link as its text; the bot's own mention is
        dropped."""
        pieces = markup.parse(text)
        mentioned = [user_id for user_id in markup.mentioned(pieces) if user_id != bot_user_id]
        people = {user_id: await self.person(user_id) for user_id in mentioned}

        def address(p: markup.Person) -> str:
            person = people.get(p.user_id)
            return "" if person is None else person.email or person.name

        return markup.render(pieces, address)

    async def readable(self, text: str) -> str:
        """The text as people read it (raw, to be escaped): a person as "@Name", links and addresses as text."""
        pieces = markup.parse(text)
        people = {user_id: await self.person(user_id) for user_id in markup.mentioned(pieces)}
        return markup.render(pieces, lambda p: f"@{people[p.user_id].name}")


def _zone_of(user_id: str, tz: object) -> str | None:
    """The profile's zone when this machine knows it; else None (the caller's default zone applies)."""
    if tz is None or tz == "":
        return None
    if known_zone(tz):
        return str(tz)
    logger.warning("users.info gave %s an unknown time zone %r; using the default zone", user_id, str(tz)[:64])
    return None
