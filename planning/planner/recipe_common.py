"""What every recipe shares: the recipe type, defaults, ISO times."""

from collections.abc import Callable
from typing import Any

from planning.planner.builder import PlanBuilder
from planning.types import Goal

Recipe = Callable[[Goal, int, PlanBuilder], None]
ENTITY_TYPES = {"contact": "Contact", "lead": "Lead", "deal": "Deal", "account": "Account"}
DEFAULT_DURATION = 30


def iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None
