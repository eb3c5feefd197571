"""Understanding + planning in one call: what every front end (CLI, chat, Slack) uses.

The rule-based planner always runs. When a ``PlanRefiner`` (the LLM planner) is configured, it may replace
the rule-based plan with its own, which it must validate itself; any failure keeps the rule-based plan.
"""

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from integrations.base.principal import Principal
from planning.planner.rule_based import InvalidPlanError, RuleBasedPlanner
from planning.types import ParseResult, Plan
from planning.understanding.parser import GoalUnderstandingService

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Understood:
    parse: ParseResult
    plan: Plan
    planning_problem: str | None = None
    planner: str = "rules"  # which planner's plan this is ("rules", or the refiner's name)


class PlanRefiner(Protocol):
    """A second planner (an LLM) that sees the request, the parse and the rule-based plan."""

    name: str

    async def refine(self, text: str, understood: Understood, now: datetime) -> Understood:
        """A better valid plan, or ``understood`` unchanged (with the reason in its explanation)."""
        ...


class RequestPlanner:
    def __init__(
        self,
        understanding: GoalUnderstandingService | None = None,
        planner: RuleBasedPlanner | None = None,
        refiner: PlanRefiner | None = None,
    ) -> None:
        self._understanding = understanding or GoalUnderstandingService()
        self._planner = planner or RuleBasedPlanner()
        self._refiner = refiner

    def understand(
        self, text: str, now: datetime, chosen: tuple[str, str] | None = None, *, who: Principal | None = None
    ) -> Understood:
        """Rules only: deterministic, offline, fast (the batch CLI and the benchmarks use this). ``chosen``: the
        reading the user picked when asked (``parse.choices``); ``who``: the requester, whose names ground it."""
        parse = self._understanding.parse(text, now, chosen or None, who=who)
        try:
            return Understood(parse, self._planner.plan(parse, now))
        except InvalidPlanError as error:  # never hand out an invalid plan
            logger.error("rule-based plan failed validation: %s", error)
            return Understood(parse, Plan(), planning_problem=str(error))

    async def understand_async(
        self, text: str, now: datetime, chosen: tuple[str, str] | None = None, *, who: Principal | None = None
    ) -> Understood:
        """Rules, then the refiner when one is configured; a refiner failure never loses the rule-based plan. The
        rules run in a worker thread, so the event loop keeps answering (acks) meanwhile."""
        understood = await asyncio.to_thread(self.understand, text, now, chosen, who=who)
        if self._refiner is None:
            return understood
        try:
            return await self._refiner.refine(text, understood, now)
        except Exception:
            logger.exception("the %s planner failed; using the rule-based plan", self._refiner.name)
            return understood
