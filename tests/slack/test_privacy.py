"""Who sees what: each plan answers its own requester in its own message, and in a channel the approval details
and read results go to the requester only (a DM shows everything)."""

import json
from collections.abc import Callable

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_home_opened_event,
    app_mention_event,
    block_actions_body,
    dm_channel_id,
    im_message_event,
)
from tests.slack.test_scenarios import JOHN, MARIA, buttons, plan_ts, until_buttons, wait_text


def plan_posts(bot: Bot, thread_ts: str) -> list[SlackCall]:
    return [
        c
        for c in bot.slack.calls_to("chat.postMessage")
        if c.ok and c.args.get("thread_ts") == thread_ts and str(c.args.get("text", "")).startswith("Plan")
    ]


def to(user: str) -> Callable[[SlackCall], bool]:
    return lambda call: call.args.get("user") == user


async def home_of(bot: Bot, user: str) -> str:
    before = len(bot.slack.calls_to("views.publish"))
    await bot.send(app_home_opened_event(user_id=user))
    published = await bot.slack.wait_for("views.publish", count=before + 1)
    return json.dumps(published[-1].args["view"]).lower()


async def card_for(bot: Bot, user: str) -> SlackCall:
    [card] = await bot.slack.wait_for(
        "chat.postEphemeral", lambda c: to(user)(c) and "step_approve" in json.dumps(c.args.get("blocks"))
    )
    return card


async def test_a_second_plan_in_a_used_thread_answers_its_own_requester_in_its_own_message(bot: Bot):
    first = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await wait_text(bot, root, "Finished")
    [johns] = plan_posts(bot, root)
    johns_ts = str(johns.response["ts"])
    johns_results = len(bot.slack.calls_to("chat.postEphemeral"))
    assert johns_results and all(to(JOHN)(c) for c in bot.slack.calls_to("chat.postEphemeral"))

    # Maria's plan reads her mail, then waits for her approval: it stays open in John's old thread
    second = app_mention_event(
        "show me emails from Priya and email Tom saying zebra-own-1", user_id=MARIA, thread_ts=root
    )
    await bot.send(second)
    await bot.slack.wait_for("chat.postEphemeral", lambda c: to(MARIA)(c) and "emails from Priya" in str(c.args))
    assert [c for c in bot.slack.calls_to("chat.postEphemeral") if to(JOHN)(c)][johns_results:] == []

    await bot.slack.wait_for("chat.postMessage", lambda c: c in plan_posts(bot, root), count=2)
    marias = plan_posts(bot, root)[1]
    assert str(marias.response["ts"]) != johns_ts  # her plan has its own message
    assert "Waiting for <@U0MARIA>" in str(marias.args.get("text"))
    johns_now = json.dumps(bot.slack.message(CHANNEL_ID, johns_ts)).lower()
    assert "calendar tomorrow" in johns_now and "emails from priya" not in johns_now
    assert "emails from priya" not in await home_of(bot, JOHN)
    assert "emails from priya" in await home_of(bot, MARIA)


async def test_a_channel_sees_what_waits_and_only_the_requester_sees_the_details(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-secret-1", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    await until_buttons(bot, ts, "step_approve")
    in_channel = json.dumps(bot.slack.message(CHANNEL_ID, ts))
    assert "Waiting for <@U0JOHN> to approve" in in_channel
    assert "priya.shah@example.com" not in in_channel and "*Message:*" not in in_channel
    card = json.dumps((await card_for(bot, JOHN)).args)
    assert "priya.shah@example.com" in card and "*Message:* Zebra-secret-1" in card


async def test_forwarded_mail_is_named_to_the_requester_only(bot: Bot):
    mention = app_mention_event("forward the latest email from Priya to Tom", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    await until_buttons(bot, ts, "step_approve")
    card = json.dumps((await card_for(bot, JOHN)).args)
    assert "*To:* Tom Reyes &lt;tom.reyes@example.com&gt;" in card and "*Email:* " in card and "messageId" not in card
    shared = json.dumps([c.args for c in bot.slack.calls if c.method in ("chat.postMessage", "chat.update")])
    assert "tom.reyes@example.com" not in shared and "messageId" not in shared


async def test_a_click_on_the_private_card_runs_the_step_and_replaces_the_card(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-secret-2", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    card = await card_for(bot, JOHN)
    value = buttons(card.args)["step_approve"]
    response_url = bot.slack.response_url()
    await bot.send(
        block_actions_body(
            action_id="step_approve",
            value=value,
            user_id=JOHN,
            message_ts=str(card.response["message_ts"]),
            thread_ts=root,
            is_ephemeral=True,
            response_url=response_url,
        )
    )
    [replaced] = await bot.slack.wait_for("response_url")
    assert replaced.args.get("replace_original") is True and "Approved by you" in str(replaced.args.get("text"))
    assert "step_approve" not in json.dumps(replaced.args)
    await wait_text(bot, root, "Finished")
    assert "Approved by <@U0JOHN>" in json.dumps(bot.slack.message(CHANNEL_ID, ts))
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-secret-2"))
    assert len(sent) == 1


async def test_in_a_direct_message_the_plan_shows_the_details(bot: Bot):
    await bot.send(im_message_event("email Priya saying zebra-secret-3", user_id=JOHN))
    channel = dm_channel_id(JOHN)

    def detailed(call: SlackCall) -> bool:
        return call.args.get("channel") == channel and "*Message:* Zebra-secret-3" in json.dumps(call.args)

    await bot.slack.wait_for("chat.postMessage", detailed)
    assert bot.slack.calls_to("chat.postEphemeral") == []


async def test_a_channel_question_shows_its_choices_to_the_requester_only(bot: Bot):
    mention = app_mention_event("email John saying zebra-pick-1", user_id="U0SARAH")
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "Which one?")
    [choices] = await bot.slack.wait_for(
        "chat.postEphemeral", lambda c: to("U0SARAH")(c) and "Which one" in str(c.args)
    )
    assert "john.park@globex.com" in json.dumps(choices.args)
    shared = json.dumps([c.args for c in bot.slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == root])
    assert "globex" not in shared and "shown to <@U0SARAH> only" in shared


async def test_a_question_in_a_channel_thread_does_not_name_what_the_requesters_mail_holds(bot: Bot):
    mention = app_mention_event("reply to the latest email from Priya", user_id=JOHN)
    await bot.send(mention)
    root = mention["event"]["ts"]
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == root and "should I use" in str(c.args.get("text"))
    )
    public = json.dumps([c.args for c in bot.slack.calls if c.method in ("chat.postMessage", "chat.update")])
    assert "Partner summit" not in public  # the subject of Priya's email, found by the requester's read
