"""Outlook mail attaches files shared in Slack (read by ``bot.slack.files.SlackFiles`` from the Slack stand-in) as
file attachments of the draft, with their name, type and bytes; one over Graph's 3 MB is refused before its
download and before any draft."""

import aiohttp
import pytest

from bot.slack.files import SlackFiles
from integrations.base.arguments import SendEmailArgs
from integrations.base.files import FileTooLargeError
from integrations.microsoft import mail_from
from tests.integrations.microsoft.conftest import GraphRig
from tests.slack.kit.fake_files import FakeSlackWithFiles

DECK = b"%PDF-1.7\n" + bytes(range(256)) * 8


async def test_a_slack_file_is_attached_with_its_name_type_and_bytes(
    microsoft: GraphRig, slack: FakeSlackWithFiles
) -> None:
    deck = slack.share("Q3 deck.pdf", DECK, mimetype="application/pdf")
    async with aiohttp.ClientSession() as http:
        mail = mail_from(microsoft.settings(), microsoft.session, files=SlackFiles(slack.client(), http))
        args = SendEmailArgs(to=["ann@example.org"], subject="Deck", body="x", attachments=[f"slack:{deck}"])
        sent = await mail.send_email(args)
    (stored,) = microsoft.mailbox.in_folder("sentitems")
    assert stored.id == sent["id"]
    (file,) = stored.attachments
    assert (file["name"], file["contentType"], file["size"]) == ("Q3 deck.pdf", "application/pdf", len(DECK))


async def test_a_slack_file_over_3_mb_is_refused_before_download_and_draft(
    microsoft: GraphRig, slack: FakeSlackWithFiles
) -> None:
    big = slack.share("film.mov", b"m", mimetype="video/quicktime", size=3 * 1024 * 1024 + 1)
    async with aiohttp.ClientSession() as http:
        mail = mail_from(microsoft.settings(), microsoft.session, files=SlackFiles(slack.client(), http))
        args = SendEmailArgs(to=["ann@example.org"], subject="Film", body="x", attachments=[f"slack:{big}"])
        with pytest.raises(FileTooLargeError, match="3 MB"):
            await mail.send_email(args)
    assert slack.downloads() == [] and microsoft.mailbox.in_folder("sentitems") == []
    assert microsoft.mailbox.in_folder("drafts") == []
