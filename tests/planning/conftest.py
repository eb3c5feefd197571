from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from planning.output import output_line
from planning.pipeline import RequestPlanner

NEW_YORK = ZoneInfo("America/New_York")
MONDAY_9AM = datetime(2026, 3, 2, 9, 0, tzinfo=NEW_YORK)  # the evaluation clock; DST starts 2026-03-08
_PLANNER = RequestPlanner()


def run(text: str, now: datetime = MONDAY_9AM) -> dict[str, Any]:
    """The contract output line for ``text``."""
    return output_line("t", _PLANNER.understand(text, now))


def goals(line: dict[str, Any]) -> list[tuple[str, str]]:
    return [(g["intent"], g["entity"]) for g in line["parse"]["goals"]]


def steps(line: dict[str, Any], tool: str | None = None) -> list[dict[str, Any]]:
    found = line["plan"]["steps"]
    return [s for s in found if tool is None or s["tool"] == tool]


def args(line: dict[str, Any], tool: str) -> dict[str, Any]:
    [step] = steps(line, tool)
    return step["arguments"]["input"]


@pytest.fixture
def plan_for():
    return run
