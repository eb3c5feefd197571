"""A plan answers only to its own workspace: with two workspaces installed and one user id in both, a click, a form
submission or a thread message sent from the other workspace does nothing to the plan (signed HTTP, the Slack
stand-in's install flow)."""

import asyncio
import json
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot
from tests.slack.kit.fake_installs import in_workspace
from tests.slack.kit.fake_web_api import RESPONSE_URL_METHOD
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    REQUESTER_ID,
    block_actions_body,
    channel_thread_message_event,
    plain_text_value,
    view_submission_body,
)
from tests.slack.test_scenarios import buttons, plan_ts, until_buttons
from tests.slack.test_workspaces import ACME, GLOBEX, install, running_workspaces, send_mention, slack_of

ELSEWHERE = "another Slack workspace"


async def plan_in_acme(bot: Bot, code: str) -> tuple[str, str, str]:
    """Acme's REQUESTER_ID asks for an email; (thread, plan message ts, the Approve button's value)."""
    await install(bot, ACME)
    await install(bot, GLOBEX)  # the same user id is someone in Globex too
    thread = await send_mention(bot, ACME, f"email Priya saying {code}")
    ts = await plan_ts(bot, thread)
    return thread, ts, await until_buttons(bot, ts, "step_approve")


async def sent_with(bot: Bot, code: str) -> list[object]:
    return list(await bot.service.app.workspace.call("fetch_emails", FetchEmailsArgs(query=code)))


async def test_a_click_from_another_workspace_by_the_same_user_id_is_refused_and_nothing_runs(
    tmp_path: Path,
) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        thread, ts, approve = await plan_in_acme(bot, "zebra-team-1")
        session = json.loads(approve)["s"]
        refusal_url = slack.response_url()
        status, _ = await bot.send(
            block_actions_body(
                action_id="step_approve",
                value=approve,
                user_id=REQUESTER_ID,
                message_ts=ts,
                team_id=GLOBEX.team_id,
                response_url=refusal_url,
            )
        )
        assert status == 200
        [refusal] = await slack.wait_for(RESPONSE_URL_METHOD)
        assert ELSEWHERE in str(refusal.args.get("text"))
        await asyncio.sleep(0.3)
        assert await sent_with(bot, "zebra-team-1") == []
        assert await bot.service.app.conversation.pending_approval(session) is not None  # still waiting
        assert buttons(slack.message(CHANNEL_ID, ts)).get("step_approve") == approve

        # the plan's own workspace: the same click goes through
        await bot.send(block_actions_body(action_id="step_approve", value=approve, message_ts=ts, team_id=ACME.team_id))
        await slack.wait_for(
            "chat.postMessage", lambda c: c.args.get("thread_ts") == thread and "Finished" in str(c.args.get("text"))
        )
        assert len(await sent_with(bot, "zebra-team-1")) == 1


async def test_an_edit_form_submitted_from_another_workspace_changes_nothing(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        slack = slack_of(bot)
        _thread, ts, approve = await plan_in_acme(bot, "zebra-team-2")
        session = json.loads(approve)["s"]
        before = await bot.service.app.conversation.pending_approval(session)
        assert before is not None
        edit = await until_buttons(bot, ts, "step_edit")
        await bot.send(block_actions_body(action_id="step_edit", value=edit, message_ts=ts, team_id=ACME.team_id))
        [opened] = await slack.wait_for("views.open")
        view = opened.args["view"]
        inputs = [b for b in view["blocks"] if b["type"] == "input"]
        values = {
            b["block_id"]: {"value": plain_text_value(str(b["element"].get("initial_value", "")))} for b in inputs
        }
        values["to"]["value"] = plain_text_value("tom.reyes@example.com")
        status, text = await bot.send(
            view_submission_body(
                callback_id=view["callback_id"],
                values=values,
                private_metadata=view["private_metadata"],
                user_id=REQUESTER_ID,
                team_id=GLOBEX.team_id,
            )
        )
        assert status == 200 and ELSEWHERE in text
        await asyncio.sleep(0.3)
        after = await bot.service.app.conversation.pending_approval(session)
        assert after is not None and after.arguments == before.arguments


async def test_a_message_in_the_plans_thread_from_another_workspace_does_not_reach_the_plan(tmp_path: Path) -> None:
    async with running_workspaces(tmp_path) as bot:
        thread, _ts, approve = await plan_in_acme(bot, "zebra-team-3")
        session = json.loads(approve)["s"]
        reply = in_workspace(channel_thread_message_event("cancel", thread_ts=thread, user_id=REQUESTER_ID), GLOBEX)
        status, _ = await bot.send(reply)
        assert status == 200
        await asyncio.sleep(0.5)
        assert await bot.service.app.conversation.pending_approval(session) is not None
        assert [c for c in slack_of(bot).calls_to("chat.postMessage") if "ancel" in str(c.args.get("text"))] == []
