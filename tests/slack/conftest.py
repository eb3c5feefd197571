"""The planbot Slack app served over HTTP on 127.0.0.1, talking to a fake Slack Web API (``kit.running``)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.slack.kit.running import MANIFEST_SCOPES, Bot, running_bot

__all__ = ["MANIFEST_SCOPES", "Bot", "bot", "running_bot"]


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    async with running_bot(tmp_path) as running:
        yield running
