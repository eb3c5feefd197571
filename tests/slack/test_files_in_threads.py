"""Files in Slack threads (contract §2.7), over signed HTTP with the Slack stand-in.

The approval card names a shared file by its name, type and size (from ``files.info`` when it is shared), never
``slack:F…``; a file shared in a reply answers a plan's question for a file ("attach the deck"), or joins the email
of a plan still in progress (an approval already shown is asked again); a plan made again from its request (the
"did you mean" question answered in words, Re-plan after an edit) keeps the request's files.
"""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_files import FakeSlackWithFiles
from tests.slack.kit.fake_web_api import SlackCall
from tests.slack.kit.payloads import (
    BOT_TOKEN,
    BOT_USER_ID,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
    dm_channel_id,
    message_changed_event,
)
from tests.slack.test_scenarios import JOHN, PRIYA_MENTION, buttons, click, until_buttons, wait_text

DECK = b"%PDF-1.7\n" + bytes(range(256)) * 12  # 3,081 bytes
SHOWN = "Q3 deck.pdf (PDF, 3 KB)"


@asynccontextmanager
async def bot_with_files(tmp_path: Path) -> AsyncIterator[tuple[Bot, FakeSlackWithFiles]]:
    """The app over HTTP; the stand-in also serves the files shared in Slack."""
    async with running_bot(tmp_path, stand_in=FakeSlackWithFiles) as bot:
        assert isinstance(bot.slack, FakeSlackWithFiles)
        yield bot, bot.slack


def with_file(envelope: dict[str, Any], slack: FakeSlackWithFiles, file_id: str) -> dict[str, Any]:
    """The message of ``envelope`` with a file shared in it, as Slack sends one (a reply: subtype ``file_share``)."""
    event = envelope["event"]
    event["files"] = [slack.event_file(file_id)]
    if event["type"] == "message":
        event.update(subtype="file_share", upload=True, display_as_bot=False)
    return envelope


def reply(text: str, root: str) -> dict[str, Any]:
    return channel_thread_message_event(text, thread_ts=root, user_id=JOHN)


async def cards(bot: Bot, count: int = 1) -> list[SlackCall]:
    """The private approval cards shown to the requester so far, in his DM (at least ``count``)."""
    return await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == dm_channel_id(JOHN) and "Your approval is needed" in str(c.args.get("text")),
        count=count,
    )


def shown(card: SlackCall) -> str:
    return json.dumps(card.args.get("blocks"), ensure_ascii=False)


async def sent_to_priya(bot: Bot) -> list[dict[str, Any]]:
    return list(
        await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(to="priya.shah", includeBody=True))
    )


async def latest_plan_ts(bot: Bot, root: str) -> str:
    """The plan message of the latest plan in the thread (a plan made again posts its own)."""
    posted = await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == root and str(c.args.get("text", "")).startswith("Plan")
    )
    return str(posted[-1].response["ts"])


async def approve_last(bot: Bot, root: str, previous: str | None = None) -> None:
    """Approve from the latest card in the requester's DM (one whose Approve is not ``previous``)."""
    for _ in range(400):
        shown = [c for c in await cards(bot) if buttons(c.args).get("step_approve") not in (None, previous)]
        if shown:
            card = shown[-1]
            value, johns_dm = buttons(card.args)["step_approve"], dm_channel_id(JOHN)
            pressed = block_actions_body(
                action_id="step_approve", value=value, user_id=JOHN, channel_id=johns_dm, message_ts=card.response["ts"]
            )
            await bot.send(pressed)
            await wait_text(bot, root, "Finished")
            return
        await asyncio.sleep(0.025)
    raise AssertionError("no new approval card")


async def test_the_approval_card_names_a_shared_file_by_name_type_and_size(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = with_file(
            app_mention_event(f"Email {PRIYA_MENTION} the Q3 deck saying here it is", user_id=JOHN), slack, deck
        )
        root = mention["event"]["ts"]
        await bot.send(mention)
        [card] = await cards(bot)
        assert SHOWN in shown(card) and f"slack:{deck}" not in shown(card)
        assert [c.args["file"] for c in slack.calls_to("files.info")] == [
            deck
        ]  # described when shared, with files:read
        assert slack.downloads() == []  # read only once approved
        await approve_last(bot, root)
        (sent,) = await sent_to_priya(bot)
        assert [(a["name"], a["size"]) for a in sent["attachments"]] == [("Q3 deck.pdf", len(DECK))]


async def test_a_file_shared_in_the_thread_answers_the_question_for_a_file(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = app_mention_event(
            f"Email {PRIYA_MENTION} the Q3 deck saying here it is, and attach the deck", user_id=JOHN
        )
        root = mention["event"]["ts"]
        await bot.send(mention)
        await wait_text(bot, root, "Please share the file for “Email priya.shah@example.com: Q3 deck” in this thread")
        await bot.send(reply("it is on the shared drive", root))  # words are not the file
        await wait_text(bot, root, "that is not a file")
        await bot.send(with_file(reply("", root), slack, deck))
        [card] = await cards(bot)
        assert SHOWN in shown(card) and "Here it is" in shown(card)
        await approve_last(bot, root)
        (sent,) = await sent_to_priya(bot)
        assert sent["body"].strip() == "Here it is"
        assert [(a["name"], a["size"]) for a in sent["attachments"]] == [("Q3 deck.pdf", len(DECK))]
        [download] = slack.downloads()
        assert download.token == BOT_TOKEN


async def test_a_file_shared_with_an_answer_joins_the_email_being_prepared(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = app_mention_event(f"Email {PRIYA_MENTION} the Q3 deck", user_id=JOHN)
        root = mention["event"]["ts"]
        await bot.send(mention)
        await wait_text(bot, root, "What text of the email")
        await bot.send(with_file(reply("Here is the deck.", root), slack, deck))
        await wait_text(bot, root, f"Attached {SHOWN} to “Email priya.shah@example.com: Q3 deck”")
        [card] = await cards(bot)
        assert SHOWN in shown(card) and "Here is the deck." in shown(card)
        await approve_last(bot, root)
        (sent,) = await sent_to_priya(bot)
        assert sent["body"].strip() == "Here is the deck."
        assert [a["name"] for a in sent["attachments"]] == ["Q3 deck.pdf"]


async def test_a_file_shared_while_the_email_waits_for_approval_is_shown_for_approval_again(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = app_mention_event(f"Email {PRIYA_MENTION} saying the numbers are in", user_id=JOHN)
        root = mention["event"]["ts"]
        await bot.send(mention)
        [first] = await cards(bot)
        assert "attachments" not in shown(first)
        ts = await latest_plan_ts(bot, root)
        unseen = await until_buttons(bot, ts, "step_approve")
        await bot.send(with_file(reply("", root), slack, deck))
        [_, again] = await cards(bot, count=2)
        assert SHOWN in shown(again)
        await click(bot, "step_approve", unseen, ts)  # the approval of the card without the file no longer counts
        await bot.slack.wait_for("chat.postEphemeral", lambda c: "changed since" in str(c.args.get("text")).lower())
        assert await sent_to_priya(bot) == []
        await approve_last(bot, root, previous=unseen)
        (sent,) = await sent_to_priya(bot)
        assert [a["name"] for a in sent["attachments"]] == ["Q3 deck.pdf"]


async def test_a_request_restated_after_did_you_mean_keeps_its_file(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = with_file(app_mention_event("tom wedding anniversary", user_id=JOHN), slack, deck)
        root = mention["event"]["ts"]
        await bot.send(mention)
        await wait_text(bot, root, "reply with a number")
        await bot.send(reply(f"email {PRIYA_MENTION} the anniversary card saying congrats", root))
        [card] = await cards(bot)
        assert SHOWN in shown(card)
        await approve_last(bot, root)
        (sent,) = await sent_to_priya(bot)
        assert [a["name"] for a in sent["attachments"]] == ["Q3 deck.pdf"]


async def test_re_planning_an_edited_request_keeps_its_file(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = with_file(app_mention_event(f"Email {PRIYA_MENTION} the Q2 deck", user_id=JOHN), slack, deck)
        root = mention["event"]["ts"]
        await bot.send(mention)
        await wait_text(bot, root, "What text of the email")
        await bot.send(message_changed_event(mention, f"<@{BOT_USER_ID}> Email {PRIYA_MENTION} the Q3 deck"))
        [offer] = await bot.slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("thread_ts") == root and "edited your request" in str(c.args)
        )
        value = buttons(offer.args)["request_replan"]
        offer_ts = str(offer.response["ts"])
        await bot.send(block_actions_body(action_id="request_replan", value=value, user_id=JOHN, message_ts=offer_ts))
        await bot.slack.wait_for(
            "chat.postMessage",
            lambda c: c.args.get("thread_ts") == root and "What text of the email" in str(c.args),
            count=2,
        )
        await bot.send(reply("Here it is.", root))
        [card] = await cards(bot)
        assert SHOWN in shown(card) and "Q3 deck" in shown(card)
        await approve_last(bot, root)
        (sent,) = await sent_to_priya(bot)
        assert sent["subject"] == "Q3 deck" and [a["name"] for a in sent["attachments"]] == ["Q3 deck.pdf"]
