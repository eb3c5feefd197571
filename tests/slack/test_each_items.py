"""A step repeated for each thing found, in Slack: one approval card lists every item; "Remove an item" takes one
out and the card comes back without it; Approve all runs exactly the items shown."""

import json
from typing import Any
from urllib.parse import parse_qs, urlencode

from integrations.base.arguments import FetchCalendarEventsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import block_actions_body, dm_channel_id, im_message_event
from tests.slack.test_scenarios import JOHN, buttons

THURSDAY = FetchCalendarEventsArgs.model_validate(
    {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
)


def menu(message: dict[str, Any] | None) -> list[dict[str, Any]]:
    for block in (message or {}).get("blocks") or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("action_id") == "step_remove_item":
                return list(element["options"])
    return []


def selection(option: dict[str, Any], ts: str, channel: str) -> str:
    """A click on an option of the remove menu: Slack sends ``selected_option`` instead of a button's value."""
    body = block_actions_body(action_id="step_remove_item", value="", user_id=JOHN, message_ts=ts, channel_id=channel)
    payload = json.loads(parse_qs(body)["payload"][0])
    payload["actions"][0] = {
        "type": "static_select",
        "action_id": "step_remove_item",
        "block_id": "approval",
        "selected_option": option,
        "action_ts": payload["actions"][0]["action_ts"],
    }
    return urlencode({"payload": json.dumps(payload)})


def removed_title(option: dict[str, Any], titles: list[str]) -> str:
    return next(title for title in titles if title in option["text"]["text"])


async def latest_plan(bot: Bot, channel: str, has: str) -> tuple[str, dict[str, Any]]:
    calls = await bot.slack.wait_for(
        "chat.update", lambda c: c.args.get("channel") == channel and has in json.dumps(c.args.get("blocks"))
    )
    ts = str(calls[-1].args["ts"])
    return ts, bot.slack.message(channel, ts) or {}


async def test_items_are_listed_one_is_removed_and_only_the_rest_runs(bot: Bot):
    channel = dm_channel_id(JOHN)
    before = await bot.service.app.workspace.call("fetch_calendar_events", THURSDAY)
    titles = [event["title"] for event in before]
    assert len(titles) >= 2
    await bot.send(im_message_event("delete all my meetings on Thursday", user_id=JOHN))
    posted = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == channel and "step_remove_item" in json.dumps(c.args.get("blocks")),
    )
    ts = str(posted[-1].response["ts"])
    card = json.dumps(bot.slack.message(channel, ts))
    assert all(title in card for title in titles)  # every item is on the card
    options = menu(bot.slack.message(channel, ts))
    assert len(options) == len(titles)
    keep = titles[0]
    removed = next(option for option in options if keep not in option["text"]["text"])
    await bot.send(selection(removed, ts, channel))
    ts, message = await latest_plan(bot, channel, f"For each of these {len(titles) - 1}")
    approve = buttons(message)["step_approve"]
    await bot.send(
        block_actions_body(action_id="step_approve", value=approve, user_id=JOHN, message_ts=ts, channel_id=channel)
    )
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("channel") == channel and "Finished" in str(c.args)
    )
    after = [event["title"] for event in await bot.service.app.workspace.call("fetch_calendar_events", THURSDAY)]
    assert keep not in after  # approved: it ran
    assert removed_title(removed, titles) in after  # removed before the approval: it never ran
