"""A file shared with a request in Slack goes out with the email the request sends (contract §2.7): a signed
``app_mention`` with ``files`` → the plan's ``send_email`` attaches ``slack:<id>`` → approval → the local workspace
fetches the file through ``files.info`` and the download (with the bot token) and stores it with the sent mail."""

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.slack.conftest import Bot, running_bot
from tests.slack.kit.fake_files import FakeSlackWithFiles
from tests.slack.kit.payloads import BOT_TOKEN, app_mention_event, channel_thread_message_event
from tests.slack.test_scenarios import JOHN, PRIYA_MENTION, click, plan_ts, until_buttons, wait_text

DECK = b"%PDF-1.7\n" + bytes(range(256)) * 4


@asynccontextmanager
async def bot_with_files(tmp_path: Path) -> AsyncIterator[tuple[Bot, FakeSlackWithFiles]]:
    """The app over HTTP; the stand-in also serves the files shared in Slack."""
    async with running_bot(tmp_path, stand_in=FakeSlackWithFiles) as bot:
        assert isinstance(bot.slack, FakeSlackWithFiles)
        yield bot, bot.slack


async def test_a_file_shared_with_the_request_goes_out_with_its_email(tmp_path: Path) -> None:
    async with bot_with_files(tmp_path) as (bot, slack):
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        mention = app_mention_event(f"Email {PRIYA_MENTION} the Q3 deck", user_id=JOHN)
        mention["event"]["files"] = [slack.event_file(deck)]
        root = mention["event"]["ts"]
        assert (await bot.send(mention))[0] == 200
        ts = await plan_ts(bot, root)
        await wait_text(bot, root, "What text of the email")
        await bot.send(channel_thread_message_event("Here is the deck.", thread_ts=root, user_id=JOHN))
        approve = await until_buttons(bot, ts, "step_approve")
        assert slack.downloads() == []  # nothing is read before the approval
        await click(bot, "step_approve", approve, ts)
        await wait_text(bot, root, "Finished")
        workspace = bot.service.app.workspace
        (sent,) = await workspace.call("fetch_emails", FetchEmailsArgs(to="priya.shah", hasAttachment=True))
        assert sent["subject"] == "Q3 deck"
        assert [(a["name"], a["size"]) for a in sent["attachments"]] == [("Q3 deck.pdf", len(DECK))]
        [download] = slack.downloads()
        assert download.token == BOT_TOKEN and download.status == 200
    with sqlite3.connect(tmp_path / "workspace.sqlite3") as raw:
        stored = raw.execute("SELECT content_type, content FROM attachments WHERE name = 'Q3 deck.pdf'").fetchall()
    assert stored == [("application/pdf", DECK)]
