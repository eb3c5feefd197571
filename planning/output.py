"""The contract's output line (contract §2) for a parse and a plan."""

from typing import Any

from planning.pipeline import Understood
from planning.types import Goal


def goal_json(goal: Goal) -> dict[str, Any]:
    return {
        "intent": goal.intent,
        "entity": goal.entity,
        "artifact": goal.artifact,
        "scope": {k: v for k, v in goal.scope.items() if isinstance(v, str | int | float | bool)},
        "slots": goal.slots.public(),
    }


def output_line(item_id: Any, understood: Understood) -> dict[str, Any]:
    parse = understood.parse
    explanation = parse.explanation
    if understood.planning_problem:
        explanation = f"{explanation}; no plan: {understood.planning_problem}"
    return {
        "id": item_id,
        "parse": {
            "meta_type": parse.meta.meta_type,
            "goals": [goal_json(g) for g in parse.goals],
            "dependencies": {str(k): list(v) for k, v in parse.meta.dependencies.items()},
            "confidence": parse.confidence,
            "ambiguities": list(parse.ambiguities),
            "explanation": explanation,
            "clarify": parse.clarify,
            "choices": [choice.model_dump() for choice in parse.choices],
        },
        "plan": {"steps": [step.contract_json() for step in understood.plan.steps]},
    }
