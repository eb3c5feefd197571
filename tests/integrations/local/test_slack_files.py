"""The local workspace with a Slack file source stores a shared file's name, type and bytes with the sent mail
(without one it records the reference by name: ``test_mail_v2``)."""

import sqlite3
from pathlib import Path

import aiohttp

from bot.slack.files import SlackFiles
from integrations.local import open_workspace
from tests.integrations.contract_suite.helpers import run
from tests.integrations.local.conftest import NOW, TickingClock
from tests.slack.kit.fake_files import FakeSlackWithFiles

DECK = b"%PDF-1.7\n" + bytes(range(256))


async def test_a_slack_file_is_stored_whole_with_the_sent_mail(database_path: Path) -> None:
    async with FakeSlackWithFiles() as slack, aiohttp.ClientSession() as http:
        deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
        files = SlackFiles(slack.client(), http)
        with open_workspace(database_path, clock=TickingClock(NOW), files=files) as workspace:
            await run(
                workspace, "send_email", to=["priya.shah@example.com"], subject="Q3 deck", body="Attached.",
                attachments=[f"slack:{deck}"],
            )  # fmt: skip
            (sent,) = await run(workspace, "fetch_emails", subject="Q3 deck", hasAttachment=True)
    assert [(a["name"], a["size"]) for a in sent["attachments"]] == [("Q3 deck.pdf", len(DECK))]
    with sqlite3.connect(database_path) as raw:
        stored = raw.execute("SELECT content_type, content, source FROM attachments WHERE name = 'Q3 deck.pdf'")
        assert stored.fetchone() == ("application/pdf", DECK, f"slack:{deck}")
