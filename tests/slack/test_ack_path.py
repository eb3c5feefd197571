"""Slack waits 3 seconds for a request's 200, so nothing before it waits on Slack: a person the access gate has not
cached is looked up (``users.info``) after the ack. Here Slack holds every ``users.info`` unanswered: the 200 comes
first, and the request is checked and handled once Slack answers (a refusal through the command's response URL)."""

from tests.slack.conftest import Bot
from tests.slack.kit.payloads import app_mention_event, slash_command_body
from tests.slack.test_access_policy import GUEST, add, nothing_ran
from tests.slack.test_scenarios import JOHN


def looked_up(bot: Bot) -> list[str]:
    """The people users.info described (a call held unanswered is not among them)."""
    return [str(call.args.get("user")) for call in bot.slack.calls_to("users.info")]


async def test_a_plan_command_is_acknowledged_before_slack_describes_its_sender(bot: Bot) -> None:
    released = bot.slack.hold("users.info")
    body = slash_command_body(
        command="/plan", text="email Priya the Q3 deck", user_id=JOHN, response_url=bot.slack.response_url()
    )
    status, answer = await bot.send(body)
    assert (status, answer) == (200, "")
    assert (await bot.slack.wait_held("users.info"))["user"] == JOHN  # asked after the ack, still unanswered
    assert looked_up(bot) == [] and bot.slack.calls_to("chat.postMessage") == []
    released.set()
    [root] = await bot.slack.wait_for("chat.postMessage", lambda c: "making a plan" in str(c.args.get("text")))
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == root.response["ts"] and "What text" in str(c.args)
    )
    assert looked_up(bot)[0] == JOHN


async def test_a_mention_is_acknowledged_before_slack_describes_its_sender(bot: Bot) -> None:
    released = bot.slack.hold("users.info")
    mention = app_mention_event("email priya.shah@example.com saying the launch moved", user_id=JOHN)
    assert await bot.send(mention) == (200, "")
    await bot.slack.wait_held("users.info")
    assert looked_up(bot) == []
    released.set()
    await bot.slack.wait_for(
        "chat.postMessage", lambda c: c.args.get("thread_ts") == mention["event"]["ts"] and "Plan" in str(c.args)
    )


async def test_a_guest_refused_after_the_ack_hears_it_through_the_commands_response_url(bot: Bot) -> None:
    add(bot, GUEST)
    released = bot.slack.hold("users.info")
    url = bot.slack.response_url()
    body = slash_command_body(command="/plan", text="email Priya the Q3 deck", user_id=GUEST.id, response_url=url)
    assert await bot.send(body) == (200, "")  # nothing to say yet: who asks is not known
    await bot.slack.wait_held("users.info")
    released.set()
    [answer] = await bot.slack.wait_for("response_url", lambda c: c.args.get("key") == url.rsplit("/", 1)[1])
    assert answer.args["response_type"] == "ephemeral" and "guests of this workspace" in answer.args["text"]
    await nothing_ran(bot)


async def test_a_person_described_already_is_answered_in_the_ack(bot: Bot) -> None:
    add(bot, GUEST)
    await bot.command(command="/plans", text="", user_id=GUEST.id)  # described now, cached for a while
    released = bot.slack.hold("users.info")
    status, answer = await bot.send(slash_command_body(command="/plan", text="hi", user_id=GUEST.id))
    assert status == 200 and "guests of this workspace" in answer  # Slack was not asked again
    assert bot.slack.waiting == []
    released.set()
