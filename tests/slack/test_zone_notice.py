"""A person whose Slack profile has no time zone we know is told once, privately, that the default zone is used; a
person with a known zone never is. Once per person and workspace, across restarts."""

import asyncio
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.settings import Settings
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import SlackUser, app_mention_event, dm_channel_id, im_message_event
from tests.slack.test_scenarios import JOHN
from tests.slack.test_time_zones import OffPlanetUser

NOMAD = "U0NOMAD"
VISITOR = "U0VISITOR"
NOTICE = (
    "Your Slack profile has no time zone I know, so I read times in America/New_York. Set your time zone in Slack "
    "(Preferences → Language & region) to change it."
)


@dataclass(frozen=True)
class ZonelessUser(SlackUser):
    """users.info for a profile with no time zone set: no ``tz`` at all."""

    def tz_offset(self, at: datetime | None = None) -> int:
        return 0

    def as_user_object(self, *, team_id: str = "T0PLANBOT") -> dict[str, Any]:
        user = super().as_user_object(team_id=team_id)
        for key in ("tz", "tz_label", "tz_offset"):
            user.pop(key)
        return user


def notices(bot: Bot) -> list[SlackCall]:
    return [c for c in bot.slack.calls if c.method.startswith("chat.") and c.args.get("text") == NOTICE]


async def handled(bot: Bot, tmp_path: Path, body: dict[str, Any]) -> None:
    """Send ``body`` and wait until the app is done with it (its receipt is marked processed)."""
    await bot.send(body)
    path = Settings(data_dir=tmp_path).slack_state_path
    for _ in range(800):
        with sqlite3.connect(path) as db:
            rows = db.execute("SELECT processed_at FROM seen_events WHERE event_id = ?", (body["event_id"],)).fetchall()
        if rows and rows[0][0] is not None:
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"{body['event_id']} never processed")


async def test_a_profile_without_a_zone_is_told_once_privately_and_a_known_zone_never(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as bot:
        bot.slack.users[NOMAD] = ZonelessUser(NOMAD, "nomad", "No Mad", "nomad@example.com")
        await handled(bot, tmp_path, app_mention_event("what's on my calendar tomorrow", user_id=JOHN))
        assert notices(bot) == []  # John's profile says America/New_York

        await handled(bot, tmp_path, app_mention_event("what's on my calendar tomorrow", user_id=NOMAD))
        await handled(bot, tmp_path, app_mention_event("schedule a call with Priya tomorrow at 3pm", user_id=NOMAD))
        [told] = notices(bot)
        assert told.method == "chat.postEphemeral" and told.args["user"] == NOMAD  # only they see it

    async with running_bot(tmp_path) as again:  # a restart (or another replica on the same store) does not repeat it
        again.slack.users[NOMAD] = ZonelessUser(NOMAD, "nomad", "No Mad", "nomad@example.com")
        await handled(again, tmp_path, im_message_event("what's on my calendar tomorrow", user_id=NOMAD))
        assert notices(again) == []


async def test_an_unknown_zone_is_told_in_the_direct_message_once(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as bot:
        bot.slack.users[VISITOR] = OffPlanetUser(VISITOR, "visitor", "Vi Sitor", "vi@example.com", "Mars/Phobos")
        for request in ("what's on my calendar tomorrow", "what's on my calendar friday"):
            await handled(bot, tmp_path, im_message_event(request, user_id=VISITOR))
        [told] = notices(bot)
        assert told.method == "chat.postMessage" and told.args["channel"] == dm_channel_id(VISITOR)


async def test_a_notice_slack_refused_is_not_recorded_and_is_said_next_time(tmp_path: Path) -> None:
    async with running_bot(tmp_path) as bot:
        bot.slack.users[NOMAD] = ZonelessUser(NOMAD, "nomad", "No Mad", "nomad@example.com")
        refused = lambda args: args.get("text") == NOTICE  # noqa: E731
        bot.slack.fail("chat.postEphemeral", "channel_not_found", when=refused)
        bot.slack.fail("chat.postMessage", "channel_not_found", when=refused)  # its DM too
        await handled(bot, tmp_path, app_mention_event("what's on my calendar tomorrow", user_id=NOMAD))
        assert [c.ok for c in notices(bot)] == [False, False]
        await handled(bot, tmp_path, app_mention_event("what's on my calendar friday", user_id=NOMAD))
        assert [c.ok for c in notices(bot)] == [False, False, True]
