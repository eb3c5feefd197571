"""The Edit form in words, the Home tab after a Cancel on it, and a long result's file, over signed HTTP with the
Slack stand-in (user trial 2)."""

import json
from typing import Any

from integrations.base.arguments import CreateEntityArgs
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import (
    CHANNEL_ID,
    app_home_opened_event,
    app_mention_event,
    dm_channel_id,
    plain_text_value,
    view_submission_body,
)
from tests.slack.kit.views import view_actions_body, view_button
from tests.slack.test_conversation_flows import FRIDAY, _events
from tests.slack.test_scenarios import JOHN, click, plan_ts, thread_texts, until_buttons, wait_text

JOHNS_DM = dm_channel_id(JOHN)


def _inputs(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["block_id"]: b for b in view["blocks"] if b["type"] == "input"}


async def test_the_edit_form_names_fields_in_words_and_reads_times_and_lengths_as_people_write_them(bot: Bot):
    mention = app_mention_event("book a meeting with Priya and Tom on Friday at 1pm called Roadmap chat", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    ts = await plan_ts(bot, root)
    value = await until_buttons(bot, ts, "step_edit")
    await click(bot, "step_edit", value, ts)
    [opened] = await bot.slack.wait_for("views.open")
    view = opened.args["view"]
    inputs = _inputs(view)
    labels = {block_id: block["label"]["text"] for block_id, block in inputs.items()}
    assert labels["startTime"] == "Start" and labels["durationMinutes"] == "Length (minutes)"
    assert labels["title"] == "Title"
    assert inputs["startTime"]["element"]["initial_value"] == "Fri 6 Mar 2026, 13:00 (UTC-05:00)"
    assert "startTime" not in json.dumps([b.get("label") for b in view["blocks"]])

    values = {b: {"value": plain_text_value(i["element"].get("initial_value"))} for b, i in inputs.items()}
    values["startTime"]["value"] = plain_text_value("whenever suits")  # no time in it: said next to the field
    status, text = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    assert status == 200 and "startTime" in json.loads(text)["errors"]
    values["title"]["value"] = plain_text_value("Roadmap planning")
    values["startTime"]["value"] = plain_text_value("Friday 2pm")
    values["durationMinutes"]["value"] = plain_text_value("1 hour")
    status, text = await bot.send(
        view_submission_body(
            callback_id=view["callback_id"], values=values, private_metadata=view["private_metadata"], user_id=JOHN
        )
    )
    assert status == 200 and "errors" not in text, text
    await click(bot, "step_approve", await until_buttons(bot, ts, "step_approve", previous=value), ts)
    await wait_text(bot, root, "Finished")
    said = await thread_texts(bot, root)
    # the form's words are the requester's own: the thread names the step as the request did
    assert "Updated “Create the event 'Roadmap chat'”. Please approve it again." in said
    assert "Roadmap planning" not in " ".join(said) and "Finished" in said[-1]
    # told to the requester alone, right after the thread's Finished
    [ran] = await bot.slack.wait_for(
        "chat.postMessage", lambda c: "As it ran" in str(c.args.get("text")) and c.args.get("channel") == JOHNS_DM
    )
    assert "Roadmap planning" in str(ran.args.get("text"))
    [event] = await _events(bot, "Roadmap planning", FRIDAY)
    assert (event["startTime"], event["endTime"]) == ("2026-03-06T14:00:00-05:00", "2026-03-06T15:00:00-05:00"), event


async def test_cancelling_a_plan_on_the_home_tab_shows_the_tab_again_without_it(bot: Bot):
    mention = app_mention_event("email Priya saying the zebra-7 numbers are due Friday", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    await until_buttons(bot, ts, "step_approve")
    await bot.send(app_home_opened_event(user_id=JOHN))
    [published] = await bot.slack.wait_for("views.publish")
    home = published.args["view"]
    assert "zebra-7" in json.dumps(home)
    cancel = view_button(home, "plan_cancel")
    await bot.send(view_actions_body(action_id="plan_cancel", value=cancel["value"], user_id=JOHN, view=home))
    [_, again] = await bot.slack.wait_for("views.publish", count=2)
    assert again.args["user_id"] == JOHN
    assert "zebra-7" not in json.dumps(again.args["view"]) and "You have no open plans." in json.dumps(again.args)


async def test_a_long_private_result_in_a_channel_says_where_its_file_went_and_the_file_reads_plainly(bot: Bot):
    workspace = bot.service.app.workspace
    for number in range(19):
        fields = {"name": f"Quill Moss{number:02d}", "email": f"quill.moss{number:02d}@example.com"}
        await workspace.call("create_entity", CreateEntityArgs(entityType="Contact", fields=fields))
    mention = app_mention_event("show me all my contacts", user_id=JOHN)
    root = mention["event"]["ts"]
    await bot.send(mention)
    await wait_text(bot, root, "Finished")
    [listed] = [
        c for c in bot.slack.calls_to("chat.postMessage") if "quill" in json.dumps(c.args.get("blocks")).lower()
    ]
    shown = json.dumps(listed.args["blocks"], ensure_ascii=False)
    assert listed.args["channel"] == JOHNS_DM and "in the attached file" in shown  # his DM: the file is there too
    [upload] = bot.slack.calls_to("files.completeUploadExternal")
    assert upload.args["channel_id"] == JOHNS_DM and f"<#{CHANNEL_ID}>" in str(upload.args.get("initial_comment"))
    [shared] = [f for f in bot.slack.files.values() if "quill.moss00@example.com" in f["content"]]
    content = shared["content"]
    assert all(f"quill.moss{number:02d}@example.com" in content for number in range(19))
    assert "id:" not in content and "threadId" not in content and ": \n" not in content and ": —" not in content
