"""The default planner: each goal's recipe, merged into one DAG with shared lookups."""

from datetime import datetime

from integrations.base import ToolCatalog, tool_catalog
from planning.planner.builder import PlanBuilder
from planning.planner.conditions import guard_conditions
from planning.planner.recipes import RECIPES
from planning.types import ParseResult, Plan
from planning.validation import Problem, validate_plan


class InvalidPlanError(Exception):
    """The planner produced a plan that does not validate: a bug, reported with its problems."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


class RuleBasedPlanner:
    def __init__(self, catalog: ToolCatalog | None = None) -> None:
        self._catalog = catalog or tool_catalog()

    def plan(self, parse: ParseResult, now: datetime) -> Plan:
        builder = PlanBuilder(now, frozenset(spec.name for spec in self._catalog if spec.kind == "write"))
        for index, goal in enumerate(parse.goals):
            recipe = RECIPES.get((goal.intent, goal.entity))
            if recipe is not None:
                builder.guard(index, guard_conditions(goal, index, builder))
                recipe(goal, index, builder)
        plan = Plan(steps=builder.steps())
        problems = validate_plan(plan, self._catalog)
        if problems:
            raise InvalidPlanError(problems)
        return plan
