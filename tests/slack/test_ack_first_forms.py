"""A new assistant thread and a form's submission are acknowledged before Slack describes their sender (over signed
HTTP with the Slack stand-in holding every ``users.info`` unanswered): the 200 comes while ``users.info`` waits, and
the work happens once Slack answers. A form's own answer (a field's error) is still in its acknowledgement; a
person refused after the ack is told in their DM and nothing changes.

A form's sender not cached is one whose form was opened in another process (a replica, or before a restart): here
the form is opened in a first process and submitted to a second one on the same data folder and workspace."""

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_web_api import FakeSlackWebApi
from tests.slack.kit.payloads import (
    DEMO_USERS,
    app_mention_event,
    assistant_thread_started_event,
    plain_text_value,
    view_submission_body,
)
from tests.slack.kit.running import MANIFEST_SCOPES
from tests.slack.test_access_policy import GUEST
from tests.slack.test_scenarios import JOHN, click, plan_ts, thread_texts, until_buttons, wait_text

GUARD_SECONDS = 60  # a request the app never answers fails the test instead of hanging it (not a figure)


async def acknowledged(bot: Bot, body: dict[str, Any] | str) -> tuple[int, str]:
    async with asyncio.timeout(GUARD_SECONDS):
        return await bot.send(body)


def described(bot: Bot, since: int = 0) -> list[str]:
    """The people ``users.info`` described, after the first ``since`` (a call held unanswered is not among them)."""
    return [str(call.args.get("user")) for call in bot.slack.calls_to("users.info")[since:]]


async def test_a_new_assistant_thread_is_acknowledged_before_slack_describes_its_sender(bot: Bot) -> None:
    released = bot.slack.hold("users.info")
    started = assistant_thread_started_event(user_id=JOHN)
    thread = started["event"]["assistant_thread"]["thread_ts"]
    assert await acknowledged(bot, started) == (200, "")
    assert (await bot.slack.wait_held("users.info"))["user"] == JOHN  # asked after the ack, unanswered still
    assert described(bot) == [] and bot.slack.calls_to("chat.postMessage") == []
    released.set()
    [greeting] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("thread_ts") == thread)
    assert "Hi!" in str(greeting.args["text"]) and described(bot) == [JOHN]


@asynccontextmanager
async def a_form_opened_elsewhere(tmp_path: Path) -> AsyncIterator[tuple[Bot, dict[str, Any], str, str, int]]:
    """John's Edit form of a meeting's step, opened in a first process; yields a second process of the app (which
    has never described John), the form, the plan message's ``ts``, the mention's, and how many people Slack had
    described to the first process."""
    async with FakeSlackWebApi(users=(*DEMO_USERS, GUEST), scopes=MANIFEST_SCOPES) as slack:
        async with running_bot(tmp_path, slack=slack) as first:
            mention = app_mention_event("book a meeting with Priya on Friday at 1pm called Roadmap chat", user_id=JOHN)
            root = mention["event"]["ts"]
            await first.send(mention)
            ts = await plan_ts(first, root)
            await click(first, "step_edit", await until_buttons(first, ts, "step_edit"), ts)
            [opened] = await slack.wait_for("views.open")
            await first.service.inflight.drain(30)
        async with running_bot(tmp_path, slack=slack) as second:
            yield second, opened.args["view"], ts, root, len(slack.calls_to("users.info"))


def submission(view: dict[str, Any], user: str, **typed: str) -> str:
    values = {
        b["block_id"]: {"value": plain_text_value(b["element"].get("initial_value"))}
        for b in view["blocks"]
        if b["type"] == "input"
    }
    for block_id, text in typed.items():
        values[block_id]["value"] = plain_text_value(text)
    return view_submission_body(
        callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=user
    )


async def test_a_form_is_acknowledged_before_slack_describes_its_sender_and_the_edit_then_applies(
    tmp_path: Path,
) -> None:
    async with a_form_opened_elsewhere(tmp_path) as (bot, view, ts, root, before):
        released = bot.slack.hold("users.info")
        status, answer = await acknowledged(bot, submission(view, JOHN, startTime="whenever suits"))
        assert status == 200 and "startTime" in json.loads(answer)["errors"]  # the form's own answer, in the ack
        status, answer = await acknowledged(bot, submission(view, JOHN, title="Roadmap planning"))
        assert (status, answer) == (200, "")  # the form closes at once
        assert (await bot.slack.wait_held("users.info"))["user"] == JOHN
        assert described(bot, before) == [] and "Updated" not in " ".join(await thread_texts(bot, root))
        released.set()
        await wait_text(bot, root, "Please approve it again")
        assert JOHN in described(bot, before)
        assert await until_buttons(bot, ts, "step_approve")


async def test_a_form_sent_by_someone_refused_after_the_ack_changes_nothing_and_they_are_told(
    tmp_path: Path,
) -> None:
    async with a_form_opened_elsewhere(tmp_path) as (bot, view, _, root, _):
        released = bot.slack.hold("users.info")
        assert await acknowledged(bot, submission(view, GUEST.id, title="Guest's title")) == (200, "")
        await bot.slack.wait_held("users.info")
        released.set()
        [told] = await bot.slack.wait_for("chat.postMessage", lambda c: c.args.get("channel") == GUEST.id)
        assert "guests of this workspace" in str(told.args["text"])
        await bot.service.inflight.drain(30)
        assert "Updated" not in " ".join(await thread_texts(bot, root))
        [plan] = await bot.service.app.store.list_open()
        assert "Guest's title" not in json.dumps(plan.model_dump(mode="json"))
