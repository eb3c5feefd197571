"""A Slack profile with a zone this machine does not know: the plan still works, in the default zone."""

import asyncio
import json
import logging
import re
from dataclasses import dataclass
from datetime import datetime

import pytest

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import SlackUser, app_mention_event

VISITOR = "U0VISITOR"


@dataclass(frozen=True)
class OffPlanetUser(SlackUser):
    """users.info as Slack would send it for a zone name we cannot resolve."""

    def tz_offset(self, at: datetime | None = None) -> int:
        return 0


async def shown_time(bot: Bot, hour: str) -> str:
    """``HH:MM`` and the zone's name after it (``15:00–15:30 EST``) as first shown to anyone (in the channel or
    privately) for ``hour``."""
    for _ in range(400):
        sent = json.dumps([c.args for c in bot.slack.calls if c.method.startswith("chat.")], ensure_ascii=False)
        found = re.search(re.escape(hour) + r"(–\d\d:\d\d)? (\(UTC[+-]\d\d:\d\d\)|[A-Z][A-Za-z+\-0-9]{1,5}\b)", sent)
        if found:
            return found.group(0)
        await asyncio.sleep(0.025)
    raise AssertionError(f"{hour} never shown")


async def test_an_unknown_profile_zone_falls_back_to_the_default_zone_with_one_warning(
    bot: Bot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    bot.slack.users[VISITOR] = OffPlanetUser(VISITOR, "visitor", "Vi Sitor", "vi@example.com", "Mars/Phobos")
    asks = {"schedule a call with Priya tomorrow at 3pm": "15:00", "schedule a call with Tom tomorrow at 4pm": "16:00"}
    for request, hour in asks.items():
        await bot.send(app_mention_event(request, user_id=VISITOR))
        shown = await shown_time(bot, hour)  # America/New_York, the server's default zone, by its name
        assert shown.startswith(hour) and shown.endswith(" EST"), shown
    assert [r for r in caplog.records if r.exc_info] == []
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "Mars/Phobos" in warnings[0] and VISITOR in warnings[0]
