"""What the LLM planner exchanges with a model: the plan schema it fills, examples, and untrusted context.

Pure pydantic (no langchain): the schema is handed to ``with_structured_output`` in ``llm_model``, and a
draft becomes a ``Plan`` here, its problems returned as values.
"""

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from planning.types import Plan, Step
from planning.validation import Problem


class DraftCondition(BaseModel):
    """One condition: exactly one of the two, a reference to a list."""

    model_config = ConfigDict(extra="forbid")

    empty: str | None = Field(default=None, description="Holds when this list reference is empty.")
    not_empty: str | None = Field(default=None, description="Holds when this list reference has items.")


class DraftExclusion(BaseModel):
    """Items of a for_each that are left out."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="Words of the title (or subject, name) of the items to leave out.")


class DraftStep(BaseModel):
    """One tool call of the plan."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(description="Unique step id: letters, digits and underscores, e.g. find_john.")
    intent: str = Field(default="", description="What this step does, in a few words.")
    tool: str = Field(description="The exact name of one of the available tools.")
    arguments: dict[str, Any] = Field(
        description='The tool\'s arguments wrapped in "input": {"input": {...}}, camelCase as in its schema.'
    )
    depends_on: list[str] = Field(
        default_factory=list, description="Ids of the earlier steps this step references or must follow."
    )
    goal: int = Field(default=0, description="Index of the goal (in the parse) this step serves; 0 if unsure.")
    for_each: str | None = Field(
        default=None, description='Run once per item of this list reference, e.g. "{{find.result.data}}".'
    )
    run_if: list[DraftCondition] | DraftCondition | None = Field(
        default=None, description="Run only if these conditions on earlier reads all hold."
    )
    exclude: DraftExclusion | None = Field(
        default=None,
        description='With for_each: leave out the items whose title has every word of this query ("all my Friday '
        'meetings except the 1:1" -> {"query": "1:1"}).',
    )


class PlanDraft(BaseModel):
    """Submit the plan: the tool calls that carry out the user's request, in order."""

    model_config = ConfigDict(extra="ignore")

    steps: list[DraftStep] = Field(description="The steps, each after the steps it depends on. Empty if none.")


def plan_from_draft(draft: PlanDraft) -> tuple[Plan, list[Problem]]:
    """The draft as a ``Plan``; steps that are not even well-formed are left out and reported."""
    steps: list[Step] = []
    problems: list[Problem] = []
    for index, item in enumerate(draft.steps):
        arguments = item.arguments
        if "input" not in arguments and arguments:  # a common slip: the arguments without their wrapper
            arguments = {"input": arguments}
        try:
            steps.append(
                Step(
                    id=item.id,
                    intent=item.intent or item.tool,
                    tool=item.tool,
                    arguments=arguments,
                    depends_on=tuple(item.depends_on),
                    goal=item.goal,
                    for_each=item.for_each,
                    run_if=_conditions(item.run_if),
                    exclude=item.exclude.model_dump() if item.exclude is not None else None,
                )
            )
        except ValidationError as error:
            for err in error.errors():
                where = ".".join(str(part) for part in err.get("loc", ()))
                problems.append(Problem(item.id or f"step {index + 1}", f"{where}: {err.get('msg', 'invalid')}"))
    return Plan(steps=tuple(steps)), problems


def _conditions(run_if: "list[DraftCondition] | DraftCondition | None") -> list[dict[str, Any]]:
    if run_if is None:
        return []
    items = run_if if isinstance(run_if, list) else [run_if]
    return [item.model_dump(exclude_none=True) for item in items]


def plan_json(plan: Plan) -> dict[str, Any]:
    """A plan as contract JSON: ``{"steps": [...]}``."""
    return {"steps": [step.contract_json() for step in plan.steps]}


@dataclass(frozen=True, slots=True)
class PlanExample:
    """A few-shot example: a request and its plan as contract JSON (``{"steps": [...]}``).

    Plan memory (approved plans) feeds these; ``from_plan`` builds one from a ``Plan``.
    """

    text: str
    plan: dict[str, Any]

    @classmethod
    def from_plan(cls, text: str, plan: Plan) -> "PlanExample":
        return cls(text=text, plan=plan_json(plan))

    def render(self) -> str:
        return f"Request: {self.text}\nPlan: {json.dumps(self.plan, ensure_ascii=False, separators=(',', ':'))}"


@dataclass(frozen=True, slots=True)
class UntrustedText:
    """Content from outside the user's request (an email body, a CRM record, an event): data, never instructions."""

    source: str
    text: str
    attributes: dict[str, str] = field(default_factory=dict)
