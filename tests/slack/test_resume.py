"""After a restart, a plan whose process stopped before its message was posted is shown in its thread, with what
it waits for (a plan nobody saw must not wait forever)."""

from bot.serve import resume_in_slack
from tests.slack.conftest import Bot
from tests.slack.kit.payloads import CHANNEL_ID, TEAM_ID
from tests.slack.test_scenarios import JOHN


async def test_a_plan_never_shown_is_posted_with_its_question_on_restart(bot: Bot):
    key = f"slack:{TEAM_ID}:{CHANNEL_ID}:1712345678.000100"
    # the plan was made and saved, then the process died before anything reached Slack
    await bot.service.app.conversation.message(thread_key=key, user=JOHN, text="email Priya about the launch")
    assert bot.slack.calls_to("chat.postMessage") == []
    await resume_in_slack(bot.service)
    posted = await bot.slack.wait_for(
        "chat.postMessage",
        lambda c: c.args.get("thread_ts") == "1712345678.000100" and "What text of the email" in str(c.args),
    )
    assert posted and all(call.args.get("channel") == CHANNEL_ID for call in posted)
