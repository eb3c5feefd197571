"""Slack users as people: their email address (a mention as a recipient) and time zone (users.info)."""

import logging
from dataclasses import dataclass

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.clock import known_zone
from bot.slack import markup

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Person:
    user_id: str
    name: str
    email: str | None
    tz: str | None


class SlackPeople:
    """users.info, cached per process."""

    def __init__(self, client: AsyncWebClient) -> None:
        self._client = client
        self._cache: dict[str, Person] = {}

    async def person(self, user_id: str) -> Person:
        if user_id in self._cache:
            return self._cache[user_id]
        try:
            response = await self._client.users_info(user=user_id)
            user = response.get("user") or {}
        except SlackApiError as error:
            logger.warning("users.info failed for %s: %s", user_id, error.response.get("error"))
            return Person(user_id, user_id, None, None)
        profile = user.get("profile") or {}
        person = Person(
            user_id=user_id,
            name=str(profile.get("display_name") or user.get("real_name") or user.get("name") or user_id),
            email=profile.get("email"),
            tz=_zone_of(user_id, user.get("tz")),
        )
        self._cache[user_id] = person
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
