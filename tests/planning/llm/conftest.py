from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from integrations.base import CATALOG, ToolCatalog, ToolSpec
from planning.pipeline import RequestPlanner, Understood
from planning.planner.llm import LlmPlanner, PlanningEvent
from planning.planner.llm_guards import Baseline, check_llm_plan
from planning.validation import validate_plan
from tests.planning.llm.fake_model import ScriptedChatModel

NEW_YORK = ZoneInfo("America/New_York")
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)
TOOLS: list[ToolSpec] = list(CATALOG)
RULES = RequestPlanner()


def rules(text: str) -> Understood:
    return RULES.understand(text, NOW)


def tools(*names: str) -> list[ToolSpec]:
    return [spec for spec in CATALOG if spec.name in names]


class Planning:
    """An LLM planner over a scripted fake model, with the events it emitted."""

    def __init__(self, *answers: Any, tools: list[ToolSpec] | None = None, **options: Any) -> None:
        self.model = ScriptedChatModel(*answers)
        self.events: list[PlanningEvent] = []
        self.tools = tools if tools is not None else TOOLS
        self.planner = LlmPlanner.from_chat_model(self.model, tools=self.tools, observer=self.events.append, **options)

    async def run(self, text: str, **kwargs: Any) -> Understood:
        result = await self.planner.plan(text, rules(text), NOW, **kwargs)
        assert_executable(result, text, self.tools)
        return result

    def prompt(self, call: int = 0) -> tuple[str, str]:
        """(system, user) texts of a model call."""
        messages = self.model.prompts[call]
        return messages[0].text, messages[1].text


def assert_executable(result: Understood, text: str, connected: list[ToolSpec]) -> None:
    """What reaches execution is valid: the rule-based plan unchanged, or an LLM plan passing every check."""
    catalog = ToolCatalog(connected)
    if result.planner == "rules":
        assert result.plan == rules(text).plan
        return
    assert validate_plan(result.plan, catalog) == []
    baseline = Baseline(text, result.parse, rules(text).plan)
    assert check_llm_plan(result.plan, catalog, baseline, 20) == []


@pytest.fixture
def planning() -> Callable[..., Planning]:
    return Planning
