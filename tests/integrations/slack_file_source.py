"""A real file source for the connector contract suites: ``bot.slack.files.SlackFiles`` reading the Slack stand-in
(``files.info``, then the download with the bot token), as the Slack app gives one to the mail connectors.

    @pytest.fixture
    async def shared_files() -> AsyncIterator[SharedFiles]:
        async with slack_file_source() as files:
            yield files
"""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp

from bot.slack.files import SlackFiles
from integrations.base.files import SHARED_PREFIX
from tests.integrations.contract_suite.email_v2 import SharedFiles
from tests.slack.kit.fake_files import FakeSlackWithFiles


@asynccontextmanager
async def slack_file_source() -> AsyncIterator[SharedFiles]:
    async with FakeSlackWithFiles() as slack, aiohttp.ClientSession() as http:

        def share(name: str, content: bytes, mimetype: str) -> str:
            return SHARED_PREFIX + slack.share(name, content, mimetype=mimetype)

        yield SharedFiles(source=SlackFiles(slack.client(), http), share=share)
