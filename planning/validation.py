"""Plan validation (pure): problems come back as values; an invalid plan is never called valid."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from integrations.base import ToolCatalog
from planning.references import (
    ITEM,
    Reference,
    is_template,
    is_time_of_found,
    item_paths_in,
    parse_reference,
    references_in,
    templates_in,
    unknown_templates_in,
)
from planning.types import Plan, Step


@dataclass(frozen=True, slots=True)
class Problem:
    step_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.step_id}: {self.message}" if self.step_id else self.message


def validate_plan(plan: Plan, catalog: ToolCatalog) -> list[Problem]:
    """Every problem of ``plan`` against ``catalog``; an empty list means the plan is valid."""
    problems = _duplicate_ids(plan.steps)
    position = {step.id: index for index, step in enumerate(plan.steps)}
    for index, step in enumerate(plan.steps):
        problems += _check_step(step, index, position, catalog)
    problems += _cycles(plan.steps)
    return problems


def _duplicate_ids(steps: Iterable[Step]) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for step in steps:
        if step.id in seen:
            problems.append(Problem(step.id, "duplicate step id"))
        seen.add(step.id)
    return problems


def _check_step(step: Step, index: int, position: dict[str, int], catalog: ToolCatalog) -> list[Problem]:
    problems = []
    spec = catalog.get(step.tool)
    if spec is None:
        problems.append(Problem(step.id, f"unknown tool {step.tool!r}"))
    if set(step.arguments) != {"input"} or not isinstance(step.arguments.get("input"), dict):
        problems.append(Problem(step.id, 'arguments must be {"input": {...}}'))
    elif spec is not None:
        problems += [Problem(step.id, m) for m in argument_problems(spec.args_model, step.inputs)]
    for body in unknown_templates_in(step.arguments):
        problems.append(Problem(step.id, f"{{{{{body}}}}} is neither a placeholder nor a step reference"))
    for dep in step.depends_on:
        if dep not in position:
            problems.append(Problem(step.id, f"depends on unknown step {dep!r}"))
        elif position[dep] >= index and dep != step.id:
            problems.append(Problem(step.id, f"depends on {dep!r}, which comes later"))
        elif dep == step.id:
            problems.append(Problem(step.id, "depends on itself"))
    if step.id == ITEM:
        problems.append(Problem(step.id, f"{ITEM!r} is reserved for the current item of a for_each step"))
    refs = references_in(step.arguments)
    list_refs, list_problems = _list_references(step)
    problems += list_problems
    for ref in [*refs, *list_refs]:
        if ref.step_id not in position:
            problems.append(Problem(step.id, f"references unknown step {ref.step_id!r}"))
        elif ref.step_id not in step.depends_on:
            problems.append(Problem(step.id, f"references {ref.step_id!r} without depending on it"))
    if step.for_each is None and item_paths_in(step.arguments):
        problems.append(Problem(step.id, "{{item...}} is used outside a for_each step"))
    if step.exclude is not None and step.for_each is None:
        problems.append(Problem(step.id, "exclude leaves items out of a for_each: this step has no for_each"))
    if step.exclude is not None and templates_in(step.exclude.query):
        problems.append(Problem(step.id, "exclude.query is words of a title, not a reference"))
    return problems


def _list_references(step: Step) -> tuple[list[Reference], list[Problem]]:
    """The references of ``for_each`` and ``run_if`` (contract §2.6): each must be one reference to a list."""
    found: list[Reference] = []
    problems: list[Problem] = []
    sources = [("for_each", step.for_each)] if step.for_each is not None else []
    sources += [("run_if", condition.reference) for condition in step.run_if]
    for field, text in sources:
        ref = _whole_reference(text)
        if ref is None:
            problems.append(Problem(step.id, f"{field} must be one reference to a list, like {{{{find.result.data}}}}"))
        elif ref.path and isinstance(ref.path[-1], int):
            problems.append(Problem(step.id, f"{field}: {ref} is one item, not a list"))
        else:
            found.append(ref)
    return found, problems


def _whole_reference(text: str) -> Reference | None:
    bodies = templates_in(text)
    if len(bodies) != 1 or not is_template(text):
        return None
    return parse_reference(bodies[0])


def argument_problems(model: type[BaseModel], inputs: dict[str, Any]) -> list[str]:
    """Schema errors of ``inputs``, ignoring values that are a template (filled in later)."""
    try:
        model.model_validate(inputs, context={"deferred": _filled_later})
    except ValidationError as error:
        return [_describe(err) for err in error.errors() if not _is_deferred(err, inputs)]
    return []


def _is_deferred(error: Any, inputs: dict[str, Any]) -> bool:
    """An error about a value that is a placeholder or reference, or a check that needs such a value."""
    if _filled_later(error.get("input")):
        return True
    value: Any = inputs
    for part in error.get("loc", ()):
        in_dict = isinstance(value, dict) and part in value
        in_list = isinstance(value, list) and isinstance(part, int) and part < len(value)
        if in_dict or in_list:
            value = value[part]
        else:
            break
        if _filled_later(value):
            return True
    return False


def _filled_later(value: object) -> bool:
    """A placeholder or reference, or a time said for a referenced moment (``on_day_of``, ``minutes_before``)."""
    return is_template(value) or is_time_of_found(value)


def _describe(error: Any) -> str:
    loc = ".".join(str(part) for part in error.get("loc", ()))
    message = str(error.get("msg", "invalid value"))
    return f"{loc}: {message}" if loc else message


def _cycles(steps: tuple[Step, ...]) -> list[Problem]:
    edges = {step.id: list(step.depends_on) for step in steps}
    state: dict[str, int] = {}
    problems: list[Problem] = []

    def visit(node: str) -> None:
        state[node] = 1
        for nxt in edges.get(node, []):
            if state.get(nxt) == 1:
                problems.append(Problem(node, f"dependency cycle through {nxt!r}"))
            elif nxt not in state and nxt in edges:
                visit(nxt)
        state[node] = 2

    for node in edges:
        if node not in state:
            visit(node)
    return problems
