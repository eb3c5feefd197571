"""Approval cards say what changes in words over signed Slack HTTP with the stand-in (issue 15): a note's card shows
its text and what it is about, a deal update and its undo each field before → after with amounts formatted, and
what ran is said in words; never JSON or an argument name. The local workspace shows what was written."""

import asyncio
import json

from integrations.base.arguments import FetchEntityArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import dm_channel_id, im_message_event
from tests.slack.test_conversation_flows import _approve, _plan_ts, _texts, _wait_count
from tests.slack.test_followup_checks import _follow
from tests.slack.test_scenarios import JOHN, buttons

DM = dm_channel_id(JOHN)
INTERNALS = ("entityType", "fields", "{", "`update_entity`", "`create_entity`", "(id ", "UTC-0")


async def _plan(bot: Bot, ts: str) -> str:
    """The plan message (as JSON) once it shows an Approve button; no internals on it."""
    for _ in range(400):
        if buttons(bot.slack.message(DM, ts)).get("step_approve"):
            break
        await asyncio.sleep(0.025)
    shown = json.dumps(bot.slack.message(DM, ts), ensure_ascii=False)
    [card] = [b["text"]["text"] for b in bot.slack.message(DM, ts)["blocks"] if "Waiting for your approval" in str(b)]
    assert not any(name in card for name in INTERNALS), card
    return shown


async def test_a_note_and_a_deal_update_with_its_undo_are_in_words(bot: Bot):
    first = im_message_event("log a note on the Initech account: they asked for SSO support", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    seen: set[str] = set()
    ts = await _plan_ts(bot, DM, root)
    assert "*Note on Initech (account):* “They asked for SSO support”" in await _plan(bot, ts)
    await _approve(bot, DM, ts, seen)
    await _wait_count(bot, root, "Finished", 1)
    assert any("✅ Added the note on Initech (account)" in text for text in _texts(bot, root))
    workspace = bot.service.app.workspace
    [account] = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Initech"}))
    about = {"entityType": "Account", "id": account["id"]}
    notes = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Note", filters={"about": about}))
    assert [note["body"] for note in notes if "SSO" in note["body"]] == ["They asked for SSO support"]

    update = im_message_event("move the Globex deal to proposal and bump it to 150k", user_id=JOHN)
    root = update["event"]["ts"]
    await bot.send(update)
    ts = await _plan_ts(bot, DM, root)
    card = await _plan(bot, ts)
    assert "Update deal “Globex deal”" in card
    assert "*Stage:* Negotiation → Proposal" in card and "*Amount:* $125,000 → $150,000" in card
    await _approve(bot, DM, ts, seen)
    await _wait_count(bot, root, "Finished", 1)
    assert any("Updated deal “Globex deal”: Stage Negotiation → Proposal" in text for text in _texts(bot, root))

    ts = await _follow(bot, root, "undo that", 2)
    undo = await _plan(bot, ts)
    assert "Put back deal “Globex deal” as it was" in undo
    assert "*Stage:* Proposal → Negotiation" in undo and "*Amount:* $150,000 → $125,000" in undo
    await _approve(bot, DM, ts, seen)
    await _wait_count(bot, root, "Finished", 2)
    undone = [text for text in _texts(bot, root) if "Put back deal “Globex deal” as it was" in text]
    assert undone and "Stage Proposal → Negotiation; Amount $150,000 → $125,000" in undone[-1]
    [deal] = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": "Globex"}))
    assert (deal["stage"], deal["amount"]) == ("negotiation", 125000)
