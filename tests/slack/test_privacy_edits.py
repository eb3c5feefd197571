"""What the requester typed into the Edit form (a body, a subject, an event's time and guests) stays theirs: the
channel's thread names the step by the request's words; the requester alone is told what ran (user trial 4)."""

import json
from typing import Any

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import app_mention_event, plain_text_value, view_submission_body
from tests.slack.test_privacy import in_channels, private_to
from tests.slack.test_scenarios import JOHN, click, plan_ts, until_buttons, wait_text


def _public(bot: Bot) -> str:
    return in_channels(bot)


def _to_john(bot: Bot) -> str:
    return json.dumps([c.args for c in private_to(bot, JOHN)])


async def _edit_and_approve(bot: Bot, request: str, changes: dict[str, str]) -> str:
    mention = app_mention_event(request, user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    value = await until_buttons(bot, ts, "step_edit")
    await click(bot, "step_edit", value, ts)
    [opened] = await bot.slack.wait_for("views.open")
    view = opened.args["view"]
    inputs: dict[str, Any] = {b["block_id"]: b for b in view["blocks"] if b["type"] == "input"}
    values = {b: {"value": plain_text_value(i["element"].get("initial_value"))} for b, i in inputs.items()}
    for name, text in changes.items():
        values[name]["value"] = plain_text_value(text)
    status, text = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    assert status == 200 and "errors" not in text, text
    await click(bot, "step_approve", await until_buttons(bot, ts, "step_approve", previous=value), ts)
    await wait_text(bot, root, "Finished")
    return root


async def test_an_edited_body_is_told_to_the_requester_only(bot: Bot):
    secret = "the discount we gave Globex is zebra-32%, keep it quiet"
    await _edit_and_approve(bot, "email Maria saying the contract is ready for signature", {"body": secret})
    assert "zebra-32%" not in _public(bot)
    assert "zebra-32%" in _to_john(bot)  # what ran, privately


async def test_editing_a_body_that_was_also_the_subject_leaves_the_heading_alone(bot: Bot):
    await _edit_and_approve(bot, "email Priya saying zebra salary notes", {"body": "zebra-hidden numbers for Tom"})
    public = _public(bot)
    assert "zebra-hidden" not in public and "Zebra salary notes" in public
    assert "zebra-hidden" in _to_john(bot)


async def test_a_new_subject_not_in_the_request_is_told_to_the_requester_only(bot: Bot):
    await _edit_and_approve(bot, "email Priya saying the deck is ready", {"subject": "zebra-subject private"})
    assert "zebra-subject" not in _public(bot)
    assert "zebra-subject" in _to_john(bot)


async def test_an_edited_event_time_and_guests_are_told_to_the_requester_only(bot: Bot):
    await _edit_and_approve(
        bot,
        "book a meeting with Priya on Friday at 1pm called Roadmap chat",
        {"startTime": "Friday 3:45pm", "durationMinutes": "25 minutes"},
    )
    public = _public(bot)
    assert "15:45" not in public and "25 minutes" not in public
    assert "15:45" in _to_john(bot)
