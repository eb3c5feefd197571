"""``SlackFiles`` against the Slack stand-in: Slack's refusals in the connector error tree, the bot token sent only
to Slack's own hosts, and downloads that Slack (and the stand-in) refuse without it."""

import aiohttp
import pytest
from slack_sdk.web.async_client import AsyncWebClient

from bot.slack.files import SlackFiles, describe_shared
from integrations.base import AuthError, NotFoundError, PermanentError, RateLimitError
from integrations.base.files import FileFacts
from tests.slack.kit.fake_files import FakeSlackWithFiles


async def test_a_shared_file_is_read_whole_with_its_name_and_type(
    slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    deck = slack.share("Q3 deck.pdf", b"%PDF-1.7 deck", mimetype="application/pdf")
    file = await SlackFiles(slack.client(), http).fetch(f"slack:{deck}")
    assert (file.name, file.content_type, file.content) == ("Q3 deck.pdf", "application/pdf", b"%PDF-1.7 deck")


async def test_slacks_refusals_reach_the_error_tree(slack: FakeSlackWithFiles, http: aiohttp.ClientSession) -> None:
    deck = slack.share("deck.pdf", b"x", mimetype="application/pdf")
    with pytest.raises(AuthError):
        await SlackFiles(slack.client(token="xoxb-revoked"), http).fetch(f"slack:{deck}")
    files = SlackFiles(slack.client(), http)
    with pytest.raises(NotFoundError, match="F0GONE"):
        await files.fetch("slack:F0GONE")
    with pytest.raises(NotFoundError):
        await files.fetch("slack:../api/auth.test")
    slack.rate_limit("files.info", retry_after=7)
    with pytest.raises(RateLimitError) as limited:
        await files.fetch(f"slack:{deck}")
    assert limited.value.retry_after == 7
    assert slack.downloads() == []


async def test_the_token_goes_to_no_other_host(slack: FakeSlackWithFiles, http: aiohttp.ClientSession) -> None:
    deck = slack.share("deck.pdf", b"x", mimetype="application/pdf")
    api_by_name = AsyncWebClient(token=slack.token, base_url=slack.base_url.replace("127.0.0.1", "localhost"))
    with pytest.raises(PermanentError, match="not on Slack's file host"):
        await SlackFiles(api_by_name, http).fetch(f"slack:{deck}")  # the file is on 127.0.0.1, not the API's host
    assert slack.downloads() == []


async def test_a_download_without_the_token_gets_the_sign_in_page_not_the_file(
    slack: FakeSlackWithFiles, http: aiohttp.ClientSession
) -> None:
    deck = slack.share("deck.pdf", b"secret deck", mimetype="application/pdf")
    url = slack.event_file(deck)["url_private_download"]
    async with http.get(url, allow_redirects=False) as answer:
        assert answer.status == 302 and b"secret deck" not in await answer.read()
    [refused] = slack.downloads()
    assert refused.token is None and refused.status == 302


async def test_shared_files_are_described_by_files_info_and_else_by_the_event(slack: FakeSlackWithFiles) -> None:
    deck = slack.share("Q3 deck.pdf", b"%PDF-1.7 deck", mimetype="application/pdf")
    renamed = {**slack.event_file(deck), "name": "old name.pdf"}  # files.info tells the file as it is now
    gone = {"id": "F0GONE", "name": "notes.txt", "mimetype": "text/plain", "size": 12}  # files.info: file_not_found
    odd = {"id": "../api/auth.test", "name": "x"}  # not a file id: left out, never asked about
    event = {"type": "message", "files": [renamed, gone, odd]}
    described = await describe_shared(slack.client(), event)
    assert described == [
        FileFacts("slack:" + deck, "Q3 deck.pdf", "application/pdf", len(b"%PDF-1.7 deck")),
        FileFacts("slack:F0GONE", "notes.txt", "text/plain", 12),
    ]
    assert [call.args["file"] for call in slack.calls_to("files.info")] == [deck, "F0GONE"]
