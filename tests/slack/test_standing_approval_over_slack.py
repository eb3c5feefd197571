"""Over signed Slack HTTP (the stand-in): "ok, both are fine" typed at the first of two email cards sends both; the
second card is still shown, as approved with those words and without buttons."""

import json
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import _wait_count
from tests.slack.test_scenarios import JOHN

DM = dm_channel_id(JOHN)


async def _sent_to(bot: Bot, address: str) -> list[dict[str, Any]]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T09:00:00-05:00")
    return list(await bot.service.app.workspace.call("fetch_emails", args))


async def test_an_approval_of_both_posts_the_second_card_approved_and_sends_both(bot: Bot) -> None:
    first = im_message_event("email priya that the q2 numbers are final and tell tom the demo moved to 3", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await _wait_count(bot, root, "Plan", 1)
    await bot.send(im_message_event("ok, both are fine", user_id=JOHN, thread_ts=root))
    said = "Approved with your “ok, both are fine”"
    [card] = await bot.slack.wait_for("chat.postMessage", lambda c: said in json.dumps(c.args, ensure_ascii=False))
    shown = json.dumps(card.args, ensure_ascii=False)
    assert "Demo moved to 3" in shown  # what the second card changes, shown
    assert '"type": "actions"' not in shown  # nothing left to click
    assert len(await _sent_to(bot, "priya.shah@example.com")) == 1
    assert len(await _sent_to(bot, "tom.reyes@example.com")) == 1
