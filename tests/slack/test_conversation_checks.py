"""Checks before a write over signed Slack HTTP (the stand-in): a busy time named on the card with a button for the
next free slot, a deal changed between the card and the click, an account that already exists. The details go to
the requester only; the local workspace shows what was written."""

import asyncio
import json
from typing import Any

from integrations.base.arguments import (
    DeleteCalendarEventArgs,
    FetchCalendarEventsArgs,
    FetchEntityArgs,
    UpdateEntityArgs,
)
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_mention_event,
    block_actions_body,
    dm_channel_id,
    im_message_event,
)
from tests.slack.test_privacy import card_for
from tests.slack.test_scenarios import buttons, plan_ts, until_buttons, wait_text
from tests.slack.test_where_people_work import plan_message_ts, said_in

JOHN = "U0JOHN"
DM = dm_channel_id(JOHN)
CALL = "set up a call with Priya and Tom on Wednesday at 3pm"


async def calls_on_wednesday(bot: Bot) -> list[str]:
    found = await bot.service.app.workspace.call(
        "fetch_calendar_events",
        FetchCalendarEventsArgs.model_validate(
            {"start": "2026-03-04T00:00:00-05:00", "end": "2026-03-05T00:00:00-05:00", "query": "Call with Priya"}
        ),
    )
    return [e["startTime"] for e in found]


async def until_button(bot: Bot, channel: str, ts: str, action: str, *, without: str = "") -> str:
    """Wait until the message offers ``action`` (and no longer ``without``)."""
    for _ in range(200):
        found = buttons(bot.slack.message(channel, ts))
        if found.get(action) and without not in found:
            return found[action]
        await asyncio.sleep(0.025)
    raise AssertionError(f"no {action} button on {bot.slack.message(channel, ts)}")


def button_texts(message: dict[str, Any] | None) -> dict[str, str]:
    found: dict[str, str] = {}
    for block in (message or {}).get("blocks") or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("type") == "button":
                found[element["action_id"]] = element["text"]["text"]
    return found


async def test_a_busy_time_in_a_dm_offers_the_next_free_slot_as_a_button(bot: Bot):
    request = im_message_event(CALL, user_id=JOHN)
    root = request["event"]["ts"]
    await bot.send(request)
    ts = await plan_message_ts(bot, DM, root)
    slot = await until_button(bot, DM, ts, "step_free_slot")
    shown = json.dumps(bot.slack.message(DM, ts), ensure_ascii=False)
    assert "Not free at Wed 4 Mar, 15:00–15:30 EST" in shown and "You have “Globex pricing review” 15:00–16:00" in shown
    assert button_texts(bot.slack.message(DM, ts))["step_free_slot"] == "Book 16:00–16:30 instead"

    await bot.send(
        block_actions_body(action_id="step_free_slot", value=slot, user_id=JOHN, channel_id=DM, message_ts=ts)
    )
    await said_in(bot, DM, root, "Please approve it again")
    approve = await until_button(bot, DM, ts, "step_approve", without="step_free_slot")
    assert "16:00" in json.dumps(bot.slack.message(DM, ts))
    await bot.send(
        block_actions_body(action_id="step_approve", value=approve, user_id=JOHN, channel_id=DM, message_ts=ts)
    )
    await said_in(bot, DM, root, "Finished")
    assert await calls_on_wednesday(bot) == ["2026-03-04T16:00:00-05:00"]


async def test_in_a_channel_the_busy_time_and_the_choice_are_on_the_requesters_card_only(bot: Bot):
    mention = app_mention_event(CALL, user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    await until_buttons(bot, ts, "step_approve")
    card = await card_for(bot, JOHN)
    in_channel = json.dumps(bot.slack.message(CHANNEL_ID, ts), ensure_ascii=False)
    assert "Globex pricing review" not in in_channel and "step_free_slot" not in in_channel
    private = json.dumps(card.args, ensure_ascii=False)
    assert "You have “Globex pricing review” 15:00–16:00" in private and "Book 16:00–16:30 instead" in private

    johns_dm = dm_channel_id(JOHN)
    await bot.send(
        block_actions_body(
            action_id="step_free_slot",
            value=buttons(card.args)["step_free_slot"],
            user_id=JOHN,
            channel_id=johns_dm,
            message_ts=str(card.response["ts"]),
        )
    )
    [replaced] = await bot.slack.wait_for("chat.update", lambda c: c.args.get("channel") == johns_dm)
    assert "You chose another time" in str(replaced.args.get("text"))
    [_, second] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == johns_dm and "step_approve" in json.dumps(c.args.get("blocks")),
        count=2,
    )
    assert "16:00" in json.dumps(second.args) and "step_free_slot" not in json.dumps(second.args)
    await bot.send(
        block_actions_body(
            action_id="step_approve",
            value=buttons(second.args)["step_approve"],
            user_id=JOHN,
            channel_id=johns_dm,
            message_ts=str(second.response["ts"]),
        )
    )
    await wait_text(bot, root, "Finished")
    assert await calls_on_wednesday(bot) == ["2026-03-04T16:00:00-05:00"]


async def test_a_deal_changed_after_its_card_is_shown_again_and_not_changed(bot: Bot):
    workspace = bot.service.app.workspace
    mention = app_mention_event("update the Globex deal stage to proposal", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    first = await until_buttons(bot, ts, "step_approve")
    [deal] = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": "Globex"}))
    await workspace.call(
        "update_entity", UpdateEntityArgs(entityType="Deal", id=deal["id"], fields={"stage": "closed_won"})
    )

    await bot.send(block_actions_body(action_id="step_approve", value=first, user_id=JOHN, message_ts=ts))
    [told] = await bot.slack.wait_for(  # a refused click: said where he clicked; the card comes again in his DM
        "chat.postEphemeral", lambda c: "changed since you saw it" in str(c.args.get("text"))
    )
    assert told.args["user"] == JOHN and "(stage: negotiation → closed_won)" in str(told.args["text"])
    [again] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: "*Stage:* Closed won → Proposal" in json.dumps(c.args, ensure_ascii=False)
    )
    assert "Approved by" not in json.dumps(bot.slack.message(CHANNEL_ID, ts))  # nothing was approved that ran
    [now] = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": "Globex"}))
    assert now["stage"] == "closed_won"

    second = await until_buttons(bot, ts, "step_approve", previous=first)
    assert second == buttons(again.args)["step_approve"]
    await bot.send(block_actions_body(action_id="step_approve", value=second, user_id=JOHN, message_ts=ts))
    await wait_text(bot, root, "Finished")
    [done] = await workspace.call("fetch_entity", FetchEntityArgs(entityType="Deal", filters={"company": "Globex"}))
    assert done["stage"] == "proposal"


async def test_an_account_that_exists_can_be_used_instead_of_created(bot: Bot):
    request = im_message_event("add an account for Acme", user_id=JOHN)
    root = request["event"]["ts"]
    await bot.send(request)
    ts = await plan_message_ts(bot, DM, root)
    use = await until_button(bot, DM, ts, "step_use_existing")
    assert button_texts(bot.slack.message(DM, ts))["step_approve"] == "Create another"
    assert "Account “Acme” already exists" in json.dumps(bot.slack.message(DM, ts), ensure_ascii=False)
    await bot.send(
        block_actions_body(action_id="step_use_existing", value=use, user_id=JOHN, channel_id=DM, message_ts=ts)
    )
    await said_in(bot, DM, root, "Finished")
    accounts = await bot.service.app.workspace.call(
        "fetch_entity", FetchEntityArgs(entityType="Account", filters={"name": "Acme"})
    )
    assert [a["name"] for a in accounts] == ["Acme"]


async def test_an_event_deleted_after_its_card_is_skipped_and_said_so(bot: Bot):
    workspace = bot.service.app.workspace
    request = im_message_event("delete the Acme call", user_id=JOHN)
    root = request["event"]["ts"]
    await bot.send(request)
    ts = await plan_message_ts(bot, DM, root)
    approve = await until_button(bot, DM, ts, "step_approve")
    [call] = await workspace.call("fetch_calendar_events", FetchCalendarEventsArgs(query="Acme call", limit=1))
    await workspace.call("delete_calendar_event", DeleteCalendarEventArgs(eventId=call["id"]))
    await bot.send(
        block_actions_body(action_id="step_approve", value=approve, user_id=JOHN, channel_id=DM, message_ts=ts)
    )
    await said_in(
        bot, DM, root, "“Acme call” no longer exists (deleted since you saw it), so I skipped"
    )  # a DM is private
    await said_in(bot, DM, root, "Finished")
    final = json.dumps(bot.slack.message(DM, ts), ensure_ascii=False)
    assert buttons(bot.slack.message(DM, ts)) == {} and "Approved by" not in final
