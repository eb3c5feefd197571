"""Saying once to a person whose Slack profile has no time zone we know (none set, or one this machine lacks) that
their times are read in the default zone, and how to change it.

Once per person and workspace, across restarts and replicas: the telling is taken in the Slack state
(``claim_telling``) before it is sent, and given back (``untold``) when Slack refuses every way, so that it is said
next time. Privately: in a direct message, in its thread; in a channel, a message only they see in the thread
(ephemeral: it may be lost, harmlessly), else their DM with the app.
"""

import logging

from bot.slack.people import Person
from bot.slack.sending import SendError, SlackSender
from bot.slack.state import SlackState, Where
from planning.store import StoreError

logger = logging.getLogger(__name__)
DEFAULT_ZONE = "default_zone"  # the notice's name in the state


def zone_notice_text(default_tz: str) -> str:
    return (
        f"Your Slack profile has no time zone I know, so I read times in {default_tz}. "
        "Set your time zone in Slack (Preferences → Language & region) to change it."
    )


class ZoneNotice:
    def __init__(self, state: SlackState, sender: SlackSender, default_tz: str) -> None:
        self._state = state
        self._send = sender
        self._default_tz = default_tz

    async def tell_once(self, where: Where, person: Person) -> bool:
        """Tell ``person`` (the requester at ``where``), unless their zone is known, their profile could not be read,
        or they were told before; True when it was sent now."""
        if person.tz is not None or not person.known or person.user_id != where.requester:
            return False
        try:
            if not await self._state.claim_telling(where.team_id, person.user_id, DEFAULT_ZONE):
                return False
        except StoreError:
            logger.warning("could not record the zone notice for %s; not telling now", person.user_id)
            return False
        message = {"text": zone_notice_text(self._default_tz)}
        thread = where.thread_ts or None
        try:
            if where.is_dm:
                await self._send.post(channel=where.channel, thread_ts=thread, message=message)
            else:
                await self._send.ephemeral(
                    channel=where.channel, user=person.user_id, thread_ts=thread, message=message
                )
            return True
        except SendError:
            pass
        try:
            await self._send.direct(user=person.user_id, message=message)
            return True
        except SendError as error:
            logger.info("could not tell %s about the default zone (%s); telling next time", person.user_id, error)
        try:
            await self._state.untold(where.team_id, person.user_id, DEFAULT_ZONE)
        except StoreError:
            logger.warning("could not give back the zone notice for %s", person.user_id)
        return False
