"""Understanding + planning in one call: what every front end (CLI, chat, Slack) uses."""

import logging
from dataclasses import dataclass
from datetime import datetime

from planning.planner.rule_based import InvalidPlanError, RuleBasedPlanner
from planning.types import ParseResult, Plan
from planning.understanding.parser import GoalUnderstandingService

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Understood:
    parse: ParseResult
    plan: Plan
    planning_problem: str | None = None


class RequestPlanner:
    def __init__(
        self, understanding: GoalUnderstandingService | None = None, planner: RuleBasedPlanner | None = None
    ) -> None:
        self._understanding = understanding or GoalUnderstandingService()
        self._planner = planner or RuleBasedPlanner()

    def understand(self, text: str, now: datetime) -> Understood:
        parse = self._understanding.parse(text, now)
        try:
            return Understood(parse, self._planner.plan(parse, now))
        except InvalidPlanError as error:  # never hand out an invalid plan
            logger.error("rule-based plan failed validation: %s", error)
            return Understood(parse, Plan(), planning_problem=str(error))
