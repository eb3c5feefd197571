"""Slack users as people: their email address (a mention as a recipient) and time zone (users.info)."""

import logging
import re
from dataclasses import dataclass

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from bot.clock import known_zone

logger = logging.getLogger(__name__)
_MENTION = re.compile(r"<@([UW][A-Z0-9]+)(?:\|[^>]*)?>")


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
        """``<@U123>`` → the person's email address (so it can be a recipient or attendee); the bot's own
        mention is dropped."""
        out: list[str] = []
        last = 0
        for match in _MENTION.finditer(text):
            out.append(text[last : match.start()])
            user_id = match.group(1)
            if user_id != bot_user_id:
                person = await self.person(user_id)
                out.append(person.email or person.name)
            last = match.end()
        out.append(text[last:])
        return re.sub(r"\s+", " ", "".join(out)).strip()


def _zone_of(user_id: str, tz: object) -> str | None:
    """The profile's zone when this machine knows it; else None (the caller's default zone applies)."""
    if tz is None or tz == "":
        return None
    if known_zone(tz):
        return str(tz)
    logger.warning("users.info gave %s an unknown time zone %r; using the default zone", user_id, str(tz)[:64])
    return None
