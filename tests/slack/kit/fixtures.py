"""Fixtures for tests that read files shared in Slack: the Slack stand-in with files, and an HTTP session for
``bot.slack.files.SlackFiles`` (``tests/conftest.py`` re-exports them, so any test module may name them)."""

from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.slack.kit.fake_files import FakeSlackWithFiles


@pytest.fixture
async def slack() -> AsyncIterator[FakeSlackWithFiles]:
    """The Slack stand-in serving ``files.info`` and downloads (a module may define its own ``slack``)."""
    async with FakeSlackWithFiles() as fake:
        yield fake


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """One aiohttp session for the test."""
    async with aiohttp.ClientSession() as session:
        yield session
