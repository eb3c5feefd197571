"""Plain-text rendering of an understanding and its plan, for people at a terminal."""

import json
from typing import Any

from integrations.base import ToolCatalog
from planning.pipeline import Understood
from planning.references import placeholders_in


def describe(understood: Understood, catalog: ToolCatalog) -> str:
    parse = understood.parse
    lines = []
    goals = ", ".join(f"{g.intent}/{g.entity}" for g in parse.goals)
    lines.append(f"Understood: {goals}  ({parse.meta.meta_type}, confidence {parse.confidence:.2f})")
    if parse.explanation:
        lines.append(f"  why: {parse.explanation}")
    for ambiguity in parse.ambiguities:
        lines.append(f"  note: {ambiguity}")
    if parse.clarify:
        lines.append(f"  I would ask first: {parse.clarify}")
    steps = understood.plan.steps
    if not steps:
        lines.append(_no_steps_reason(understood))
        return "\n".join(lines)
    lines.append("Plan:")
    for number, step in enumerate(steps, 1):
        spec = catalog.get(step.tool)
        kind = "write, needs your approval" if spec and spec.kind == "write" else "read"
        after = f"  after {', '.join(step.depends_on)}" if step.depends_on else ""
        lines.append(f"  {number}. {step.intent}  [{step.tool}, {kind}]{after}")
        lines.append(f"       {_arguments(step.inputs)}")
    asks = [(step.id, name) for step in steps for _, name in placeholders_in(step.arguments)]
    if asks:
        lines.append("I will ask you for: " + ", ".join(f"{name} ({sid})" for sid, name in asks))
    return "\n".join(lines)


def _no_steps_reason(understood: Understood) -> str:
    intents = {g.intent for g in understood.parse.goals}
    if understood.planning_problem:
        return f"No plan: {understood.planning_problem}"
    if "unsupported" in intents:
        return "I can't do that: I work with email, CRM records (contacts, leads, deals, accounts) and calendars."
    return "Nothing to plan. Ask me to email someone, find or change CRM records, or manage your calendar."


def _arguments(inputs: dict[str, Any]) -> str:
    return " ".join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in inputs.items())
