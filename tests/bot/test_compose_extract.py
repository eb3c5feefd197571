"""The composition root registers ``extract``: the offline extractor, or the LLM one when an LLM is configured."""

import json
from datetime import UTC, datetime
from pathlib import Path

from bot.compose import build_app
from bot.settings import Settings
from integrations.llm import LlmExtractor
from planning.engine.runner import ToolRunner
from planning.tools.extract import OfflineExtractor
from tests.integrations.llm.openai_stub import OpenAIStub, text

NOW = datetime(2026, 3, 2, 14, 0, tzinfo=UTC)  # Monday 09:00 in New York
SUMMIT = "The partner summit is on Thursday 12 March at 10:00 at the Hilton, see you there"
ARGS = {"text": SUMMIT, "fields": {"startTime": "datetime", "durationMinutes": "duration"}}


async def test_without_an_llm_extract_runs_offline_with_the_apps_clock_and_zone(tmp_path: Path) -> None:
    app = await build_app(Settings(data_dir=tmp_path), "America/New_York", lambda: NOW)
    try:
        assert app.registry is not None
        assert isinstance(app.registry.connector_for("extract"), OfflineExtractor)
        result = await ToolRunner(app.registry).run("extract", ARGS)
        assert result == {"startTime": "2026-03-12T10:00:00-04:00", "durationMinutes": None}
    finally:
        await app.close()


async def test_with_an_llm_the_models_extract_wins_the_tool(tmp_path: Path) -> None:
    answer = json.dumps({"startTime": "2026-03-12T14:00:00Z", "durationMinutes": "three hours"})
    async with OpenAIStub(text(answer)) as stub:
        settings = Settings(data_dir=tmp_path, llm="openai:gpt-4o-mini", llm_api_key="t", llm_base_url=stub.base_url)
        app = await build_app(settings, "America/New_York", lambda: NOW)
        try:
            assert app.registry is not None
            assert isinstance(app.registry.connector_for("extract"), LlmExtractor)
            result = await ToolRunner(app.registry).run("extract", ARGS)
        finally:
            await app.close()
    assert result == {"startTime": "2026-03-12T10:00:00-04:00", "durationMinutes": None}
    assert "Now: 2026-03-02T09:00:00-05:00 (America/New_York, Monday)." in stub.requests[0]["messages"][1]["content"]
