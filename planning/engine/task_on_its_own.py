"""A new task that names no record, where no earlier plan gives one to put it on, is written on its own (contract §3:
a task's ``about`` is optional) instead of asking "What record should I use?": a question people asking for a to-do
do not expect. A note still asks (a note is always on something); so does a task the follow-ups put on the record
just changed ("add a task to send her the checklist": :func:`planning.engine.followups.with_earlier_record`)."""

from typing import Any

from planning.engine.followups import asks_which_record
from planning.references import references_in
from planning.types import Plan, Step


def on_its_own(plan: Plan) -> Plan:
    """``plan`` with each new task's asked record left out, and the read that would ask it when nothing else uses it."""
    asked = {step.id for step in plan.steps if asks_which_record(step)}
    if not asked:
        return plan
    steps = [_without_about(step, asked) for step in plan.steps]
    used = {ref.step_id for step in steps for ref in references_in(step.arguments)} | {
        need for step in steps for need in step.depends_on if need not in asked
    }
    kept = [step for step in steps if step.id not in asked or step.id in used]
    return plan.model_copy(update={"steps": tuple(kept)}) if len(kept) < len(plan.steps) else plan


def _without_about(step: Step, asked: set[str]) -> Step:
    inputs = step.inputs
    fields = inputs.get("fields")
    if step.tool != "create_entity" or inputs.get("entityType") != "Task" or not isinstance(fields, dict):
        return step
    about: Any = fields.get("about")
    if about is None or not {ref.step_id for ref in references_in(about)} & asked:
        return step
    kept = {key: value for key, value in fields.items() if key != "about"}
    return step.model_copy(
        update={
            "arguments": {"input": {**inputs, "fields": kept}},
            "depends_on": tuple(need for need in step.depends_on if need not in asked),
        }
    )
