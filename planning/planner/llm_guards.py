"""planbot's own checks of an LLM plan, on top of ``validate_plan`` (which every plan passes).

- every tool is one of the connected integrations' tools (``validate_plan`` against the connected catalog);
- an email address written in the plan appears in the request (or in the rule-based plan derived from it):
  an address the model made up must be a placeholder or come from a lookup;
- at most ``max_steps`` steps; each step names a goal of the parse;
- write steps stay within what the request asked for: each write (tool, entity) must match a goal of the
  rule-based parse or a write of the rule-based plan, unless the parse was unsure and no untrusted data was
  in the prompt. Writes that pass still need the user's approval before they run.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from integrations.base import ToolCatalog
from planning.references import walk_strings
from planning.types import ParseResult, Plan, Step
from planning.validation import Problem, validate_plan

DEFAULT_MAX_STEPS = 20
UNSURE_BELOW = 0.6
_ADDRESS = re.compile(r"[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
_WRITE_GOALS: dict[str, tuple[str, str | None]] = {
    "send_email": ("send", "email"),
    "reply_email": ("send", "email"),
    "create_entity": ("create", None),
    "update_entity": ("update", None),
    "delete_entity": ("delete", None),
    "create_calendar_event": ("create", "event"),
    "update_calendar_event": ("update", "event"),
    "delete_calendar_event": ("delete", "event"),
}


@dataclass(frozen=True, slots=True)
class Baseline:
    """What the LLM plan is checked against: the request, its rule-based parse and plan."""

    text: str
    parse: ParseResult
    rule_plan: Plan
    untrusted_context: bool = False

    @property
    def unsure(self) -> bool:
        """The rules may have misread the request: low confidence, a question to ask, or nothing understood."""
        parse = self.parse
        return (
            parse.confidence < UNSURE_BELOW
            or parse.clarify is not None
            or any(goal.intent == "unsupported" for goal in parse.goals)
        )


def check_llm_plan(plan: Plan, catalog: ToolCatalog, baseline: Baseline, max_steps: int) -> list[Problem]:
    """Every problem of an LLM plan: validation, then planbot's guards. Empty means it may replace the rules."""
    if len(plan.steps) > max_steps:  # do not spend time on the details of a plan that is far too long
        return [Problem("", f"the plan has {len(plan.steps)} steps; at most {max_steps} are allowed")]
    problems = validate_plan(plan, catalog)
    problems += goal_problems(plan, baseline.parse)
    problems += invented_addresses(plan, baseline)
    problems += unrequested_writes(plan, catalog, baseline)
    return problems


def goal_problems(plan: Plan, parse: ParseResult) -> list[Problem]:
    count = len(parse.goals)
    return [
        Problem(step.id, f"goal {step.goal} does not exist; use 0..{count - 1}")
        for step in plan.steps
        if not 0 <= step.goal < count
    ]


def invented_addresses(plan: Plan, baseline: Baseline) -> list[Problem]:
    known = {address.lower() for address in _ADDRESS.findall(baseline.text)}
    known |= {address.lower() for step in baseline.rule_plan.steps for address in _addresses(step)}
    problems = []
    for step in plan.steps:
        for path, text in walk_strings(step.inputs):
            for address in _ADDRESS.findall(text):
                if address.lower() not in known:
                    name = next((str(p) for p in reversed(path) if isinstance(p, str)), "value")
                    problems.append(
                        Problem(
                            step.id,
                            f"{_dotted(path)}: the request does not give the address {address!r}; use "
                            f"{{{{PLACEHOLDER_{name}}}}} or a lookup step's result instead",
                        )
                    )
    return problems


def unrequested_writes(plan: Plan, catalog: ToolCatalog, baseline: Baseline) -> list[Problem]:
    if baseline.unsure and not baseline.untrusted_context:
        return []
    allowed: set[tuple[str, str]] = {(goal.intent, goal.entity) for goal in baseline.parse.goals}
    allowed |= {write_key(step) for step in baseline.rule_plan.steps if _is_write(step, catalog)}
    problems = []
    for step in plan.steps:
        if _is_write(step, catalog) and write_key(step) not in allowed:
            intent, entity = write_key(step)
            problems.append(
                Problem(
                    step.id,
                    f"{step.tool} ({intent} {entity}) changes something the request did not ask for; "
                    "plan only what the user asked",
                )
            )
    return problems


def write_key(step: Step) -> tuple[str, str]:
    """The (intent, entity) a write step carries out, as the parse labels goals."""
    intent, entity = _WRITE_GOALS.get(step.tool, (step.tool, "?"))
    if entity is None:
        entity_type = step.inputs.get("entityType")
        entity = entity_type.lower() if isinstance(entity_type, str) and entity_type.isalpha() else "?"
    return intent, entity


def _is_write(step: Step, catalog: ToolCatalog) -> bool:
    spec = catalog.get(step.tool)
    return spec is None or spec.kind == "write"  # an unknown tool counts as a write: the stricter reading


def _addresses(step: Step) -> Iterable[str]:
    for _, text in walk_strings(step.inputs):
        yield from _ADDRESS.findall(text)


def _dotted(path: tuple[str | int, ...]) -> str:
    return ".".join(str(part) for part in path) or "input"
