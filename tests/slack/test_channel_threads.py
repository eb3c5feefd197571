"""What people see in a channel plan's thread over signed HTTP (the stand-in), after user trial 2: follow-ups
without a mention after the plan finished, others' chatter left alone, who decided shown as a mention, one
message per approval, a refusal of Edit in the thread, quotes not nested, and no understanding internals."""

import asyncio
import json
import re

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_home_opened_event,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
)
from tests.slack.test_scenarios import JOHN, MARIA, buttons, click, plan_ts, thread_texts, until_buttons, wait_text

NESTED = re.compile(r"“[^”]*“")  # a quote opened inside a quote


def _plans(bot: Bot, root: str) -> list[str]:
    """The ts of each plan message posted in the thread."""
    return [
        str(c.response["ts"])
        for c in bot.slack.calls_to("chat.postMessage")
        if c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan")
    ]


async def _nth_plan(bot: Bot, root: str, count: int) -> str:
    for _ in range(400):
        plans = _plans(bot, root)
        if len(plans) >= count:
            return plans[count - 1]
        await asyncio.sleep(0.025)
    raise AssertionError(f"no plan {count} in {await thread_texts(bot, root)}")


async def _finished(bot: Bot, root: str, count: int) -> None:
    for _ in range(400):
        if sum("Finished" in text for text in await thread_texts(bot, root)) >= count:
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"not finished {count} times: {await thread_texts(bot, root)}")


def _visible(message: dict[str, object] | None) -> str:
    """What people read of a message: its text and its blocks' texts (not button values)."""
    texts = [str((message or {}).get("text", ""))]
    for block in (message or {}).get("blocks") or []:  # type: ignore[attr-defined]
        texts += [str(block.get("text", {}).get("text", ""))] if isinstance(block.get("text"), dict) else []
        texts += [str(e.get("text", "")) for e in block.get("elements", []) if isinstance(e.get("text"), str)]
    return "\n".join(texts)


def _ephemeral_to(bot: Bot, user: str) -> list[dict[str, object]]:
    return [c.args for c in bot.slack.calls_to("chat.postEphemeral") if c.args.get("user") == user]


async def test_follow_ups_in_a_channel_thread_after_the_plan_finished_need_no_mention(bot: Bot):
    mention = app_mention_event("schedule a sync with Sarah tomorrow at 2pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    first = await plan_ts(bot, root)
    await click(bot, "step_approve", await until_buttons(bot, first, "step_approve"), first)
    await _finished(bot, root, 1)

    await bot.send(channel_thread_message_event("great, thanks", thread_ts=root, user_id=MARIA))  # chatter
    await bot.send(channel_thread_message_event("also invite Tom", thread_ts=root, user_id=JOHN))
    second = await _nth_plan(bot, root, 2)  # a plan of its own, with no mention of the bot
    await click(bot, "step_approve", await until_buttons(bot, second, "step_approve"), second)
    await _finished(bot, root, 2)

    await bot.send(channel_thread_message_event("undo that", thread_ts=root, user_id=JOHN))
    third = await _nth_plan(bot, root, 3)
    await click(bot, "step_approve", await until_buttons(bot, third, "step_approve"), third)
    await _finished(bot, root, 3)

    assert len(_plans(bot, root)) == 3  # Maria's words started nothing
    assert _ephemeral_to(bot, MARIA) == []  # and she was not told off
    plans = [_visible(bot.slack.message(CHANNEL_ID, ts)) for ts in _plans(bot, root)]
    cards = [
        str(c.args.get("text")) for c in bot.slack.calls_to("chat.postEphemeral") if c.args.get("thread_ts") == root
    ]
    shown = [*await thread_texts(bot, root), *plans, *cards]
    assert not [text for text in shown if NESTED.search(text)]  # “Put back what ‘Invite Tom to …’ changed”


async def test_an_approval_is_one_thread_message_naming_who_approved_as_a_mention(bot: Bot):
    mention = app_mention_event("schedule a sync with Sarah tomorrow at 2pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    value = await until_buttons(bot, ts, "step_approve")
    before = len(await thread_texts(bot, root))
    await click(bot, "step_approve", value, ts)
    await _finished(bot, root, 1)
    await asyncio.sleep(0.2)
    after = (await thread_texts(bot, root))[before:]
    assert len(after) == 1, after  # who approved, what it did and that it finished: one message
    [said] = after
    assert "Approved" in said and "(<@U0JOHN>)" in said and "Finished" in said
    assert "(U0JOHN)" not in said and "(id " not in said
    await bot.send(app_home_opened_event(user_id=JOHN))
    [published] = await bot.slack.wait_for("views.publish")
    home = json.dumps(published.args["view"], ensure_ascii=False)
    assert "Sync with Sarah" in home and "(id " not in home  # the Home tab's recent results name no id


async def test_others_chatting_in_an_open_plans_thread_are_not_told_off_but_deciding_is_refused(bot: Bot):
    mention = app_mention_event("schedule a sync with Sarah tomorrow at 2pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    await until_buttons(bot, ts, "step_approve")
    await bot.send(channel_thread_message_event("I can take it instead", thread_ts=root, user_id=MARIA))
    await asyncio.sleep(0.3)
    assert _ephemeral_to(bot, MARIA) == []
    await bot.send(channel_thread_message_event("approve", thread_ts=root, user_id=MARIA))
    await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == MARIA)
    assert "Only the person who asked" in str(_ephemeral_to(bot, MARIA)[0].get("text"))


async def test_someone_elses_edit_click_is_refused_in_the_thread(bot: Bot):
    mention = app_mention_event("schedule a sync with Sarah tomorrow at 2pm", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    value = await until_buttons(bot, ts, "step_edit")
    await bot.send(block_actions_body(action_id="step_edit", value=value, user_id=MARIA, message_ts=ts, thread_ts=root))
    [refusal] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == MARIA)
    assert refusal.args.get("thread_ts") == root and "Only the person who asked" in str(refusal.args.get("text"))


async def test_the_channel_sees_no_understanding_internals_nor_tool_names(bot: Bot):
    mention = app_mention_event("email Priya saying the Q3 numbers are due Friday", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    await until_buttons(bot, ts, "step_approve")
    shown = _visible(bot.slack.message(CHANNEL_ID, ts))
    assert "Email Priya" in shown and "*Request:*" in shown
    for internal in ("Understood", "classifier", "rules", "send/email", "fetch_entity", "send_email"):
        assert internal not in shown
    await wait_text(bot, root, "Plan")
    assert buttons(bot.slack.message(CHANNEL_ID, ts))


async def test_the_requesters_unmentioned_request_in_their_finished_thread_gets_a_private_hint(bot: Bot):
    mention = app_mention_event("what have I got on Wednesday?", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "Finished")
    before = len(await thread_texts(bot, root))
    await bot.send(channel_thread_message_event("can you move the team sync to 5pm?", thread_ts=root, user_id=JOHN))
    [hint] = await bot.slack.wait_for(
        "chat.postEphemeral", lambda c: c.args.get("user") == JOHN and "new request" in str(c.args.get("text"))
    )
    assert "Mention <@" in str(hint.args["text"]) and "move the team sync to 5pm" in str(hint.args["text"])
    await bot.send(channel_thread_message_event("<@U0MARIA> see above", thread_ts=root, user_id=JOHN))
    await bot.send(channel_thread_message_event("great, thanks", thread_ts=root, user_id=MARIA))
    await asyncio.sleep(0.3)
    assert len(await thread_texts(bot, root)) == before  # nothing said in the channel's thread
    hints = [c for c in bot.slack.calls_to("chat.postEphemeral") if "new request" in str(c.args.get("text"))]
    assert len(hints) == 1  # not for words to someone else, nor for anyone else's chatter


async def test_the_requesters_words_pointing_back_at_a_plan_that_only_read_follow_it_up_without_a_mention(bot: Bot):
    mention = app_mention_event("what have I got on Wednesday?", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "Finished")
    await bot.send(channel_thread_message_event("push the 2nd one back an hour", thread_ts=root, user_id=JOHN))
    second = await _nth_plan(bot, root, 2)  # a plan of its own, as after a plan that changed something
    await until_buttons(bot, second, "step_approve")
    hints = [c for c in bot.slack.calls_to("chat.postEphemeral") if "new request" in str(c.args.get("text"))]
    assert hints == []
