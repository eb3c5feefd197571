"""Who sees what: each plan answers its own requester in its own message, and in a channel the approval details
and read results go to the requester only, in their DM with the app (a DM shows everything in place)."""

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
    """A message for ``user`` alone: in their DM with the app, or ephemeral."""
    return lambda call: call.args.get("user") == user or call.args.get("channel") == dm_channel_id(user)


def private_to(bot: Bot, user: str) -> list[SlackCall]:
    """What the bot sent ``user`` alone: to their DM (posted, updated) and ephemeral."""
    methods = ("chat.postMessage", "chat.update", "chat.postEphemeral")
    return [c for c in bot.slack.calls if c.method in methods and c.ok and to(user)(c)]


def in_channels(bot: Bot) -> str:
    """Every message posted or updated where others can read it (any conversation but a DM with the app)."""
    methods = ("chat.postMessage", "chat.update")
    return json.dumps([c.args for c in bot.slack.calls if c.method in methods and not _a_dm(c)])


def _a_dm(call: SlackCall) -> bool:
    return str(call.args.get("channel", "")).startswith("D")


async def home_of(bot: Bot, user: str) -> str:
    before = len(bot.slack.calls_to("views.publish"))
    await bot.send(app_home_opened_event(user_id=user))
    published = await bot.slack.wait_for("views.publish", count=before + 1)
    return json.dumps(published[-1].args["view"]).lower()


async def card_for(bot: Bot, user: str) -> SlackCall:
    """The approval card in ``user``'s DM with the app."""
    [card] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: to(user)(c) and "step_approve" in json.dumps(c.args.get("blocks"))
    )
    return card


async def test_a_second_plan_in_a_used_thread_answers_its_own_requester_in_its_own_message(bot: Bot):
    first = app_mention_event("what's on my calendar tomorrow", user_id=JOHN)
    root = first["event"]["ts"]
    await bot.send(first)
    await wait_text(bot, root, "Finished")
    [johns] = plan_posts(bot, root)
    johns_ts = str(johns.response["ts"])
    johns_results = len(private_to(bot, JOHN))
    assert johns_results and private_to(bot, MARIA) == []

    # Maria's plan reads her mail, then waits for her approval: it stays open in John's old thread
    second = app_mention_event(
        "show me emails from Priya and email Tom saying zebra-own-1", user_id=MARIA, thread_ts=root
    )
    await bot.send(second)
    await bot.slack.wait_for("chat.postMessage", lambda c: to(MARIA)(c) and "emails from Priya" in str(c.args))
    assert private_to(bot, JOHN)[johns_results:] == []

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
    shared = in_channels(bot)
    assert "tom.reyes@example.com" not in shared and "messageId" not in shared


async def test_a_click_on_the_card_in_the_dm_runs_the_step_and_replaces_the_card(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-secret-2", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    card = await card_for(bot, JOHN)
    value = buttons(card.args)["step_approve"]
    card_ts, johns_dm = str(card.response["ts"]), dm_channel_id(JOHN)
    await bot.send(
        block_actions_body(action_id="step_approve", value=value, user_id=JOHN, channel_id=johns_dm, message_ts=card_ts)
    )
    await bot.slack.wait_for("chat.update", lambda c: c.args.get("channel") == johns_dm and c.args.get("ts") == card_ts)
    replaced = json.dumps(bot.slack.message(johns_dm, card_ts))
    assert "Approved by you" in replaced and "step_approve" not in replaced
    await wait_text(bot, root, "Finished")
    assert "Approved by <@U0JOHN>" in json.dumps(bot.slack.message(CHANNEL_ID, ts))
    sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query="zebra-secret-2"))
    assert len(sent) == 1


async def test_a_click_on_an_ephemeral_card_from_before_still_replaces_it(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-secret-4", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await plan_ts(bot, root)
    value = buttons((await card_for(bot, JOHN)).args)["step_approve"]
    response_url = bot.slack.response_url()
    await bot.send(
        block_actions_body(
            action_id="step_approve",
            value=value,
            user_id=JOHN,
            message_ts="1700000000.999999",
            thread_ts=root,
            is_ephemeral=True,
            response_url=response_url,
        )
    )
    [replaced] = await bot.slack.wait_for("response_url")
    assert replaced.args.get("replace_original") is True and "Approved by you" in str(replaced.args.get("text"))
    await wait_text(bot, root, "Finished")


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
    [choices] = await bot.slack.wait_for("chat.postMessage", lambda c: to("U0SARAH")(c) and "Which one" in str(c.args))
    assert "john.park@globex.com" in json.dumps(choices.args) and f"<#{CHANNEL_ID}>" in json.dumps(choices.args)
    shared = json.dumps([c.args for c in bot.slack.calls_to("chat.postMessage") if c.args.get("thread_ts") == root])
    assert "globex" not in shared and "in <@U0SARAH>'s direct messages with me (<https://" in shared


async def test_a_question_in_a_channel_thread_does_not_name_what_the_requesters_mail_holds(bot: Bot):
    mention = app_mention_event("reply to the latest email from Priya", user_id=JOHN)
    await bot.send(mention)
    root = mention["event"]["ts"]
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == root and "should I use" in str(c.args.get("text"))
    )
    assert "Partner summit" not in in_channels(bot)  # the subject of Priya's email, found by the requester's read
