"""The edit form shows a step's full arguments: it opens for the plan's requester and the configured approvers,
and anyone else is refused at the click, privately, like the other buttons."""

from pathlib import Path

from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.payloads import app_mention_event
from tests.slack.test_scenarios import JOHN, MARIA, click, plan_ts, until_buttons

TOM = "U0TOM"


async def test_someone_elses_edit_click_is_refused_and_opens_no_form(bot: Bot):
    mention = app_mention_event("email Priya saying zebra-edit-1", user_id=JOHN)
    await bot.send(mention)
    ts = await plan_ts(bot, mention["event"]["ts"])
    value = await until_buttons(bot, ts, "step_edit")
    await click(bot, "step_edit", value, ts, user=MARIA)
    [refusal] = await bot.slack.wait_for("chat.postEphemeral", lambda c: c.args.get("user") == MARIA)
    assert "Only the person who asked" in str(refusal.args.get("text"))
    assert "zebra" not in str(refusal.args).lower()
    assert bot.slack.calls_to("views.open") == []


async def test_the_requester_and_a_configured_approver_may_open_the_form(tmp_path: Path):
    async with running_bot(tmp_path, approvers=frozenset({TOM})) as bot:
        mention = app_mention_event("email Priya saying zebra-edit-2", user_id=JOHN)
        await bot.send(mention)
        ts = await plan_ts(bot, mention["event"]["ts"])
        value = await until_buttons(bot, ts, "step_edit")
        await click(bot, "step_edit", value, ts, user=TOM)
        await click(bot, "step_edit", value, ts, user=JOHN)
        opened = await bot.slack.wait_for("views.open", count=2)
        assert all("Zebra-edit-2" in str(call.args["view"]) for call in opened)
        assert not [c for c in bot.slack.calls_to("chat.postEphemeral") if "Only the person" in str(c.args)]
