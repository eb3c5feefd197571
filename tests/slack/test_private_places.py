"""Private things live where Slack keeps them (issue 25): in a channel the thread shows only the plan message and
short public lines; the approval cards, results and choices are in the requester's DM with the app, so that they
can still see and approve every step after a reload (the stand-in loses ephemeral messages, as Slack may); an
email's text is written in a modal; a Slack Connect channel gets one line; ``/plan`` refused posts nothing."""

import asyncio
import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from bot.slack.declared import HISTORY_SCOPES
from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import FakeSlackWebApi, SlackCall
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_mention_event,
    block_actions_body,
    channel_thread_message_event,
    dm_channel_id,
    message_action_body,
    slash_command_body,
    view_submission_body,
)
from tests.slack.test_privacy import in_channels
from tests.slack.test_scenarios import JOHN, MARIA, buttons, wait_text
from tests.slack.test_workspaces import running_workspaces

JOHNS_DM = dm_channel_id(JOHN)
SHARED = "C0CONNECT"  # a Slack Connect channel: other organisations read it
# what John's mailbox, calendar and CRM hold (demo data), and what he writes: never in a channel
MAILBOX = ("Partner summit", "Q3 deck: final review", "Roadmap sync agenda")
CALENDAR = ("Acme call", "Weekly standup", "Globex pricing review")
CRM = ("Initech", "negotiation", "closed_won")


def _posted_in(slack: FakeSlackWebApi, channel: str) -> list[SlackCall]:
    return [
        c for c in slack.calls if c.method in ("chat.postMessage", "chat.update") and c.args.get("channel") == channel
    ]


def _with_button(messages: list[dict[str, Any]], action: str) -> list[dict[str, Any]]:
    return [m for m in messages if action in buttons(m)]


async def _write_it(bot: Bot, question: SlackCall, text: str, user: str = JOHN) -> None:
    """Click *Write it* on ``question`` and send ``text`` from the modal it opens."""
    value = buttons(question.args)["question_write"]
    opened = len(bot.slack.calls_to("views.open"))
    await bot.send(
        block_actions_body(
            action_id="question_write",
            value=value,
            user_id=user,
            message_ts=str(question.response["ts"]),
            thread_ts=str(question.args.get("thread_ts")),
            message={"type": "message", "text": question.args.get("text"), "blocks": question.args.get("blocks")},
        )
    )
    modal = (await bot.slack.wait_for("views.open", count=opened + 1))[-1].args["view"]
    assert modal["blocks"][-1]["element"]["multiline"] is True
    status, answer = await bot.send(
        view_submission_body(
            callback_id=modal["callback_id"],
            private_metadata=modal["private_metadata"],
            values={"written": {"text": {"type": "plain_text_input", "value": text}}},
            user_id=user,
        )
    )
    assert status == 200 and "errors" not in answer


async def _question(bot: Bot, root: str, count: int) -> SlackCall:
    def asks(call: SlackCall) -> bool:
        return call.args.get("thread_ts") == root and "question_write" in json.dumps(call.args.get("blocks"))

    return (await bot.slack.wait_for("chat.postMessage", asks, count=count))[-1]


async def test_in_a_channel_nothing_private_is_posted_and_every_step_is_approved_from_the_dm_after_a_reload(
    bot: Bot,
) -> None:
    bot.slack.lose_ephemeral(0.5, seed=25)
    mention = app_mention_event(
        "show me emails from Priya and what's on my calendar tomorrow, then email Tom and email Sarah", user_id=JOHN
    )
    root = mention["event"]["ts"]
    await bot.send(mention)
    written = {  # the subject is made from the text (6f330eb): only the text is asked
        ("text", "Tom"): "zebra-body-tom: the Globex discount is 32%",
        ("text", "Sarah"): "zebra-body-sarah: salary review notes",
    }
    for asked in range(1, len(written) + 1):  # each value, as the plan asks for it
        question = await _question(bot, root, asked)
        [key] = [k for k in written if k[0] in str(question.args["text"]) and k[1] in str(question.args["text"])]
        await _write_it(bot, question, written[key])
    # after a reload, only what Slack keeps: the card with its buttons is in John's DM; it lists the second email,
    # and its approval approves both (the second is shown there as approved)
    card = (await _cards_after_reload(bot, count=1))[-1]
    assert "zebra-body" in json.dumps(card) and "approves the next change too" in json.dumps(card)
    await bot.send(
        block_actions_body(
            action_id="step_approve",
            value=buttons(card)["step_approve"],
            user_id=JOHN,
            channel_id=JOHNS_DM,
            message_ts=str(card["ts"]),
        )
    )
    await wait_text(bot, root, "Finished")
    for who in ("tom", "sarah"):
        sent = await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query=f"zebra-body-{who}"))
        assert len(sent) == 1
    public = in_channels(bot)
    for private in (*MAILBOX, *CALENDAR, "zebra-subject", "zebra-body", "32%", "salary"):
        assert private not in public, private
    dm = json.dumps(bot.slack.after_reload(JOHNS_DM))
    assert all(found in dm for found in ("Partner summit", "Acme call"))  # the results are there too
    assert "in our direct messages (<https://" in public  # the thread links to them
    assert _with_button(bot.slack.after_reload(JOHNS_DM), "step_approve") == []  # each card shows what was done


async def _cards_after_reload(bot: Bot, *, count: int) -> list[dict[str, Any]]:
    await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == JOHNS_DM and "step_approve" in json.dumps(c.args.get("blocks")),
        count=count,
    )
    return _with_button(bot.slack.after_reload(JOHNS_DM), "step_approve")


async def test_only_the_requester_may_write_the_text(bot: Bot) -> None:
    mention = app_mention_event("email Tom", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    question = await _question(bot, root, 1)
    await bot.send(
        block_actions_body(
            action_id="question_write",
            value=buttons(question.args)["question_write"],
            user_id=MARIA,
            message_ts=str(question.response["ts"]),
            thread_ts=root,
        )
    )
    await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == MARIA)
    assert bot.slack.calls_to("views.open") == []


async def test_a_shared_channel_gets_one_line_and_the_plan_lives_in_the_dm(tmp_path: Path) -> None:
    class Connected(FakeSlackWebApi):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(shared_channels=[SHARED], **kwargs)

    async with running_bot(tmp_path, stand_in=Connected) as bot:
        mention = app_mention_event("show me emails from Priya and email Tom saying zebra-connect", user_id=JOHN)
        mention["event"]["channel"] = SHARED
        root = mention["event"]["ts"]
        await bot.send(mention)
        await bot.slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("channel") == JOHNS_DM and "step_approve" in json.dumps(c.args)
        )
        await bot.send(channel_thread_message_event("skip", thread_ts=root, user_id=JOHN, channel_id=SHARED))
        await asyncio.sleep(0.5)  # (a reply there starts nothing: there is nothing to wait for)
        [line] = _posted_in(bot.slack, SHARED)
        assert line.args.get("thread_ts") == root and "shared with other organisations" in str(line.args.get("text"))
        assert "<https://" in str(line.args.get("text"))  # linked to the DM
        assert bot.slack.calls_to("chat.postEphemeral") == []
        dm = json.dumps(bot.slack.after_reload(JOHNS_DM))
        assert "Partner summit" in dm and f"<#{SHARED}>" in dm


async def test_slash_plan_refused_for_the_rate_limit_posts_nothing_in_the_channel(tmp_path: Path) -> None:
    async with running_bot(tmp_path, max_plans_per_hour=1) as bot:
        first = bot.slack.response_url()
        await bot.send(slash_command_body(command="/plan", text="email Priya", user_id=JOHN, response_url=first))
        await bot.slack.wait_for("chat.update", lambda c: c.args.get("channel") == CHANNEL_ID)
        refused = bot.slack.response_url()
        await bot.send(
            slash_command_body(command="/plan", text="email Tom saying zebra-limit", user_id=JOHN, response_url=refused)
        )
        [answer] = await bot.slack.wait_for("response_url", lambda c: refused.endswith(c.args["key"]))
        assert answer.args.get("response_type") == "ephemeral" and "plans" in str(answer.args.get("text")).lower()
        roots = [c for c in bot.slack.calls_to("chat.postMessage") if not c.args.get("thread_ts")]
        assert len(roots) == 1  # the first request's
        assert "zebra-limit" not in in_channels(bot)


async def test_slash_plan_never_posts_its_text_again_and_a_request_that_makes_no_plan_leaves_nothing(bot: Bot) -> None:
    url = bot.slack.response_url()
    await bot.send(
        slash_command_body(command="/plan", text="what is the meaning of life", user_id=JOHN, response_url=url)
    )
    await bot.slack.wait_for("response_url")
    assert not [m for (channel, _), m in bot.slack.messages.items() if channel == CHANNEL_ID]
    assert "meaning of life" not in in_channels(bot)


async def test_another_persons_mention_in_an_open_plans_thread_starts_their_own_plan(bot: Bot) -> None:
    mention = app_mention_event("email Tom", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await _question(bot, root, 1)
    await bot.send(app_mention_event("show me emails from Priya", user_id=MARIA, thread_ts=root))
    marias_dm = dm_channel_id(MARIA)
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("channel") == marias_dm and "Finished" in str(c.args)
    )
    await wait_text(bot, root, "this thread holds <@U0JOHN>'s plan")
    assert "Partner summit" in json.dumps(bot.slack.after_reload(marias_dm))
    assert not [c for c in bot.slack.calls_to("chat.postEphemeral") if c.args.get("user") == MARIA]


async def test_top_level_channel_chatter_costs_no_call_to_slack(bot: Bot) -> None:
    chatter = app_mention_event("lunch anyone?", user_id=MARIA)
    chatter["event"]["type"] = "message"
    chatter["event"]["channel_type"] = "channel"
    chatter["event"]["text"] = "lunch anyone?"
    status, _ = await bot.send(chatter)
    assert status == 200
    assert [c.method for c in bot.slack.calls if c.method != "auth.test"] == []


async def test_the_message_shortcut_in_a_shared_channel_plans_in_the_dm(tmp_path: Path) -> None:
    class Connected(FakeSlackWebApi):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(shared_channels=[SHARED], **kwargs)

    async with running_bot(tmp_path, stand_in=Connected) as bot:
        message = {"ts": "1700000000.000001", "user": MARIA, "text": "show me emails from Priya"}
        await bot.send(
            message_action_body(callback_id="plan_from_message", message=message, user_id=JOHN, channel_id=SHARED)
        )
        await bot.slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("channel") == JOHNS_DM and "Plan for" in str(c.args)
        )
        [line] = _posted_in(bot.slack, SHARED)
        assert "shared with other organisations" in str(line.args.get("text"))


async def test_a_reply_that_mentions_the_bot_answers_its_plan_as_without_the_history_scopes(bot: Bot) -> None:
    mention = app_mention_event("schedule a sync with Tom", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "start time")
    await bot.send(app_mention_event("tomorrow at 3pm", user_id=JOHN, thread_ts=root))
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("channel") == JOHNS_DM and "step_approve" in json.dumps(c.args)
    )


async def test_an_install_can_leave_the_history_scopes_out(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path, slack_thread_history=False) as bot:
        started = await bot.http.get(bot.url + "/slack/install", allow_redirects=False)
        asked = parse_qs(urlparse(started.headers["Location"]).query)["scope"][0].split(",")
        assert not set(HISTORY_SCOPES) & set(asked)
        assert {"im:history", "chat:write", "app_mentions:read", "channels:read"} <= set(asked)
    async with running_workspaces(tmp_path / "all") as bot:
        started = await bot.http.get(bot.url + "/slack/install", allow_redirects=False)
        asked = parse_qs(urlparse(started.headers["Location"]).query)["scope"][0].split(",")
        assert set(HISTORY_SCOPES) <= set(asked)


async def test_the_edit_forms_save_is_answered_before_names_are_looked_up(bot: Bot) -> None:
    mention = app_mention_event("email priya.shah@example.com saying zebra-edit-ack", user_id=JOHN)
    await bot.send(mention)
    card = (await _cards_after_reload(bot, count=1))[-1]
    await bot.send(
        block_actions_body(
            action_id="step_edit",
            value=buttons(card)["step_edit"],
            user_id=JOHN,
            channel_id=JOHNS_DM,
            message_ts=str(card["ts"]),
        )
    )
    [opened] = await bot.slack.wait_for("views.open")
    view = opened.args["view"]
    values = {
        b["block_id"]: {"value": {"type": "plain_text_input", "value": b["element"].get("initial_value")}}
        for b in view["blocks"]
        if b["type"] == "input"
    }
    values["to"]["value"]["value"] = "Nobody Zebrafinch"  # a name: looked up after Slack has its answer
    status, answer = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    assert status == 200 and answer == ""  # acknowledged, nothing to show in the form
    [told] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("channel") == JOHNS_DM and "couldn't save that edit" in str(c.args)
    )
    assert "Nobody Zebrafinch" in str(told.args["text"]) or "To" in str(told.args["text"])
    cards = await _cards_after_reload(bot, count=2)
    assert "priya.shah@example.com" in json.dumps(cards[-1])  # the step as it was, to approve or edit again


async def test_plan_from_someone_elses_message_sends_to_its_author_what_they_asked_for(bot: Bot) -> None:
    said = {"ts": "1700000000.000002", "user": MARIA, "text": "can you email me the Q3 deck saying here it is"}
    await bot.send(message_action_body(callback_id="plan_from_message", message=said, user_id=JOHN))
    [card] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("channel") == JOHNS_DM and "step_approve" in json.dumps(c.args)
    )
    shown = json.dumps(card.args)
    assert "maria.garcia@example.com" in shown and "john.smith@example.com" not in shown


async def test_no_free_time_for_the_people_asked_is_told_in_the_dm_not_the_channel(bot: Bot) -> None:
    """Whose time is busy is calendar content: a search that found no free time tells it where Slack keeps it for the
    requester alone (their DM), never in the channel."""
    bot.slack.lose_ephemeral(1.0, seed=3)  # an ephemeral hint would be lost: the answer must be kept
    mention = app_mention_event(
        "book 45 min with laura tomorrow between 11 and 11:30 when we're both free", user_id=JOHN
    )
    await bot.send(mention)
    await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("channel") == JOHNS_DM and "no free 45-minute time" in json.dumps(c.args),
    )
    assert "laura.chen@acme.com" not in in_channels(bot)
    assert "no free 45-minute time" not in in_channels(bot)  # the plan message says only that a step found none
