"""A change the requester cannot make (an event someone else organises) is said before any approval, and a plan
with a step that did not run never ends with ✅ (user trial 4 item 6)."""

import json

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import app_mention_event
from tests.slack.test_privacy import private_to
from tests.slack.test_scenarios import JOHN, thread_texts, wait_text


async def test_moving_an_event_someone_else_organises_is_refused_before_approval(bot: Bot):
    mention = app_mention_event("push the launch review back an hour", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "Finished")
    said = await thread_texts(bot, root)
    assert any("someone else organises that event" in text and "ask the organiser" in text for text in said)
    assert any(text.startswith("⚠️ Finished with problems") for text in said)
    assert not any("✅ Finished" in text for text in said)
    everything = json.dumps([c.args for c in bot.slack.calls])
    assert "step_approve" not in everything  # no Approve button for what cannot run
    private = json.dumps([c.args for c in private_to(bot, JOHN)])
    assert "organised by tom.reyes@example.com" in private
