"""Signed Slack requests over HTTP to the running app; the Web API calls it makes, seen by a fake Slack."""

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from integrations.base.arguments import FetchCalendarEventsArgs, FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    BOT_USER_ID,
    CHANNEL_ID,
    app_home_opened_event,
    app_mention_event,
    block_actions_body,
    bot_message_event,
    channel_thread_message_event,
    dm_channel_id,
    im_message_event,
    plain_text_value,
    slash_command_body,
    url_verification,
    view_submission_body,
)
from tests.slack.kit.signing import SIGNING_SECRET, forged_headers, stale_headers

JOHN = "U0JOHN"  # New York
MARIA = "U0MARIA"
PRIYA_MENTION = "<@U0PRIYA>"


def buttons(message: dict[str, Any] | None) -> dict[str, str]:
    """action_id → value of the buttons on a message."""
    found: dict[str, str] = {}
    for block in (message or {}).get("blocks") or []:
        for element in block.get("elements", []) if block.get("type") == "actions" else []:
            if element.get("type") == "button":
                found[element["action_id"]] = element.get("value", "")
    return found


async def plan_ts(bot: Bot, thread_ts: str) -> str:
    [call] = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == thread_ts and str(c.args.get("text", "")).startswith("Plan"),
    )
    return str(call.response["ts"])


async def until_buttons(bot: Bot, ts: str, action: str, *, previous: str | None = None) -> str:
    """Wait until the plan message offers ``action`` (with a value other than ``previous``)."""
    for _ in range(200):
        value = buttons(bot.slack.message(CHANNEL_ID, ts)).get(action)
        if value and value != previous:
            return value
        await asyncio.sleep(0.025)
    raise AssertionError(f"no {action} button on {bot.slack.message(CHANNEL_ID, ts)}")


async def click(bot: Bot, action_id: str, value: str, ts: str, user: str = JOHN) -> tuple[int, str]:
    return await bot.send(block_actions_body(action_id=action_id, value=value, user_id=user, message_ts=ts))


async def thread_texts(bot: Bot, thread_ts: str, method: str = "chat.postMessage") -> list[str]:
    return [str(c.args.get("text", "")) for c in bot.slack.calls_to(method) if c.args.get("thread_ts") == thread_ts]


async def wait_text(bot: Bot, thread_ts: str, fragment: str, method: str = "chat.postMessage") -> None:
    await bot.slack.wait_for(
        method, lambda c: c.args.get("thread_ts") == thread_ts and fragment in str(c.args.get("text", ""))
    )


async def test_mention_to_approval_to_connector_run(bot: Bot):
    mention = app_mention_event(
        f"Email {PRIYA_MENTION} the Q3 deck and book 30 minutes with her Thursday at 2pm", user_id=JOHN
    )
    root = mention["event"]["ts"]
    status, _ = await bot.send(mention)
    assert status == 200
    ts = await plan_ts(bot, root)
    await wait_text(bot, root, "What text of the email")
    await bot.send(channel_thread_message_event("Here is the deck we discussed.", thread_ts=root, user_id=JOHN))
    first = await until_buttons(bot, ts, "step_approve")
    await click(bot, "step_approve", first, ts)
    second = await until_buttons(bot, ts, "step_approve", previous=first)
    await click(bot, "step_approve", second, ts)
    await wait_text(bot, root, "Finished")
    final = bot.slack.message(CHANNEL_ID, ts)
    assert buttons(final) == {}
    assert "<@U0JOHN>" in json.dumps(final)  # who approved is shown where the buttons were
    workspace = bot.service.app.workspace
    sent = await workspace.call("fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", query="Q3 deck"))
    assert [m["subject"] for m in sent if m["subject"] == "Q3 deck"] == ["Q3 deck"]
    events = await workspace.call(
        "fetch_calendar_events",
        FetchCalendarEventsArgs(
            start=datetime(2026, 3, 5, tzinfo=UTC),
            end=datetime(2026, 3, 6, 12, tzinfo=UTC),
            attendee="priya.shah@example.com",
        ),
    )
    assert [e["startTime"] for e in events if e["title"] == "Meeting with Priya Shah"] == ["2026-03-05T14:00:00-05:00"]


async def test_the_same_event_delivered_four_times_makes_one_plan(bot: Bot):
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    statuses = [await bot.send(mention, retry_num=n or None) for n in range(4)]
    assert [s for s, _ in statuses] == [200] * 4
    await wait_text(bot, mention["event"]["ts"], "Finished")
    await asyncio.sleep(0.2)
    plans = [
        c
        for c in bot.slack.calls_to("chat.postMessage")
        if c.args.get("thread_ts") == mention["event"]["ts"] and "Finished" in str(c.args.get("text"))
    ]
    assert len(plans) == 1


async def test_forged_or_stale_signatures_are_refused_and_nothing_happens(bot: Bot):
    body = json.dumps(app_mention_event("email Priya saying hi", user_id=JOHN))
    url = bot.url + "/slack/events"
    for headers in (forged_headers(SIGNING_SECRET, body), stale_headers(SIGNING_SECRET, body)):
        async with bot.http.post(url, data=body, headers=headers) as response:
            assert response.status == 401
    await asyncio.sleep(0.2)
    assert [c.method for c in bot.slack.calls if c.method != "auth.test"] == []


async def test_url_verification_echoes_the_challenge(bot: Bot):
    status, text = await bot.send(url_verification("abc123"))
    assert status == 200 and "abc123" in text


async def test_someone_elses_click_is_refused(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-code-1", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    value = await until_buttons(bot, ts, "step_approve")
    await click(bot, "step_approve", value, ts, user=MARIA)
    [refusal] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == MARIA)
    assert "Only the person who asked" in str(refusal.args.get("text"))
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-code-1"))
    assert sent == []


async def test_a_double_click_runs_the_step_once(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-code-2", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    value = await until_buttons(bot, ts, "step_approve")
    await asyncio.gather(click(bot, "step_approve", value, ts), click(bot, "step_approve", value, ts))
    await wait_text(bot, mention["event"]["ts"], "Finished")
    await asyncio.sleep(0.2)
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-code-2"))
    assert len(sent) == 1


async def test_edit_with_an_invalid_value_shows_a_field_error(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-code-3", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    value = await until_buttons(bot, ts, "step_edit")
    await click(bot, "step_edit", value, ts)
    [opened] = await bot.slack.wait_for("views.open")
    view = opened.args["view"]
    values = {b["block_id"]: {"value": plain_text_value(_initial(b))} for b in view["blocks"] if b["type"] == "input"}
    values["to"]["value"] = plain_text_value("not-an-address@")  # wrong as typed: no lookup needed to say so
    status, text = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    answer = json.loads(text)
    assert status == 200 and answer["response_action"] == "errors" and "to" in answer["errors"]
    values["to"]["value"] = plain_text_value("tom.reyes@example.com")
    status, text = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    assert status == 200 and "errors" not in text
    new_value = await until_buttons(bot, ts, "step_approve", previous=value)
    await click(bot, "step_approve", new_value, ts)
    await wait_text(bot, mention["event"]["ts"], "Finished")
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-code-3"))
    assert [m["to"] for m in sent] == [["tom.reyes@example.com"]]


def _initial(block: dict[str, Any]) -> str:
    return str(block.get("element", {}).get("initial_value", ""))


async def test_cancel_from_the_thread(bot: Bot):
    mention = app_mention_event("schedule a sync with Tom", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "start time")
    await bot.send(channel_thread_message_event("cancel", thread_ts=root, user_id=JOHN))
    await wait_text(bot, root, "Cancelled the plan")


async def test_private_results_go_to_the_requester_only(bot: Bot):
    mention = app_mention_event("show me emails from Priya", user_id=JOHN)
    await bot.send(mention)
    [private] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == dm_channel_id(JOHN))
    assert "Q3" in json.dumps(private.args)
    await wait_text(bot, mention["event"]["ts"], "in our direct messages (<https://")  # where it is, linked
    public = await thread_texts(bot, mention["event"]["ts"])
    assert not any("Q3" in text for text in public)


async def test_direct_messages_plan_and_answer_in_the_requests_thread(bot: Bot):
    first = im_message_event("email Priya the Q3 deck", user_id=JOHN)
    await bot.send(first)
    channel = dm_channel_id(JOHN)
    await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: (
            c.args.get("channel") == channel
            and c.args.get("thread_ts") == first["event"]["ts"]
            and "What text of the email" in str(c.args.get("text"))
        ),
    )
    await bot.send(im_message_event("Deck attached.", user_id=JOHN, thread_ts=first["event"]["ts"]))
    await bot.slack.wait_for("chat.update", lambda c: c.args.get("channel") == channel)


async def test_messages_from_bots_are_ignored(bot: Bot):
    await bot.send(bot_message_event("email Priya saying hi"))
    await bot.send(bot_message_event("email Priya saying hi", subtype=None))
    await asyncio.sleep(0.3)
    assert bot.slack.calls_to("chat.postMessage") == []


async def test_slash_plan_and_plans(bot: Bot):
    response_url = bot.slack.response_url()
    await bot.send(
        slash_command_body(command="/plan", text="email Priya the Q3 deck", user_id=JOHN, response_url=response_url)
    )
    [root] = await bot.slack.wait_for("chat.postMessage", lambda c: "making a plan" in str(c.args.get("text")))
    await wait_text(bot, str(root.response["ts"]), "What text of the email")
    assert "Q3 deck" in json.dumps(bot.slack.message(CHANNEL_ID, str(root.response["ts"])))  # the plan message
    listing_url = bot.slack.response_url()
    await bot.send(slash_command_body(command="/plans", text="", user_id=JOHN, response_url=listing_url))
    [listing] = await bot.slack.wait_for("response_url")
    assert "email priya the q3 deck" in json.dumps(listing.args).lower()
    assert "plan_cancel" in json.dumps(listing.args)


async def test_app_home_shows_open_plans(bot: Bot):
    await bot.send(app_mention_event("email Priya the Q3 deck", user_id=JOHN))
    await bot.slack.wait_for("chat.postMessage", lambda c: "What text" in str(c.args.get("text")))
    await bot.send(app_home_opened_event(user_id=JOHN))
    [published] = await bot.slack.wait_for("views.publish")
    assert published.args["user_id"] == JOHN
    assert "email priya the q3 deck" in json.dumps(published.args["view"]).lower()


async def test_web_api_rate_limits_are_retried(bot: Bot):
    bot.slack.rate_limit("chat.postMessage", times=1, retry_after=1)
    mention = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    await bot.send(mention)
    await wait_text(bot, mention["event"]["ts"], "Finished")
    statuses = [c.status for c in bot.slack.calls_to("chat.postMessage")]
    assert statuses[0] == 429 and 200 in statuses


async def test_a_mention_of_a_person_becomes_their_address_and_dates_use_the_requesters_zone(bot: Bot):
    mention = app_mention_event(f"schedule a call with {PRIYA_MENTION} tomorrow at 3pm", user_id="U0SARAH")
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    await until_buttons(bot, ts, "step_approve")
    [card] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == dm_channel_id("U0SARAH"))
    shown = json.dumps(card.args.get("blocks"))  # the details go to the requester only
    assert "priya.shah@example.com" in shown
    assert "15:00" in shown and "15:30 PST" in shown  # Sarah is in Los Angeles, and the card names her zone
    assert BOT_USER_ID not in shown
    assert "15:00" not in json.dumps(bot.slack.message(CHANNEL_ID, ts))  # not to the whole channel
