"""CRM over several turns over signed Slack HTTP (the stand-in, issue 24): a contact looked up, then a new number
said in the DM thread in the person's own format, updates that contact once approved."""

from integrations.base.arguments import FetchEntityArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import _approve, _wait_count
from tests.slack.test_followup_checks import _follow
from tests.slack.test_scenarios import JOHN

DM = dm_channel_id(JOHN)


async def test_a_new_number_said_after_a_lookup_updates_the_contact_found(bot: Bot):
    first = im_message_event("what's tom reyes's phone number", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await _wait_count(bot, root, "Finished", 1)
    ts = await _follow(bot, root, "he switched carriers, (646) 555-0177 now. update it", 2)
    await _approve(bot, DM, ts, set())
    await _wait_count(bot, root, "Finished", 2)
    args = FetchEntityArgs(entityType="Contact", filters={"name": "Tom Reyes"})
    [tom] = await bot.service.app.workspace.call("fetch_entity", args)
    assert tom["phone"] == "+1 646 555 0177"
