"""planbot's own checks of an LLM plan, on top of ``validate_plan`` (which every plan passes).

- every tool is one of the connected integrations' tools (``validate_plan`` against the connected catalog);
- an email address written in the plan appears in the request (or in the rule-based plan derived from it):
  an address the model made up must be a placeholder or come from a lookup;
- at most ``max_steps`` steps; each step names a goal of the parse;
- write steps stay within what the request asked for, always: each write serves the (intent, entity) goal its
  tool spec declares, and that goal must be one the understanding found (a goal of the rule-based parse or a
  write of the rule-based plan) or, when the rules were unsure, one the request names in words (an action cue
  and a thing cue of the lexicon); and a plan has no more writes of a kind than were asked for (no "second
  email"). Writes that pass still need the user's approval before they run.
"""

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from integrations.base import ToolCatalog
from planning.references import walk_strings
from planning.types import ParseResult, Plan, Step
from planning.understanding.combinations import REMAP, supported
from planning.understanding.lexicon import evidence_in
from planning.validation import Problem, validate_plan

DEFAULT_MAX_STEPS = 20
UNSURE_BELOW = 0.6
_ADDRESS = re.compile(r"[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}")
UNKNOWN_GOAL = ("?", "?")


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
    """Writes that serve no goal the request asked for, and writes beyond the number of such goals."""
    asked = asked_writes(baseline, catalog)
    used: Counter[tuple[str, str]] = Counter()
    problems = []
    for step in plan.steps:
        if not _is_write(step, catalog):
            continue
        key = write_key(step, catalog)
        intent, entity = key
        used[key] += 1
        if key == UNKNOWN_GOAL:
            problems.append(
                Problem(
                    step.id,
                    f"{step.tool} changes something, but it is not clear what; plan only what "
                    "the user asked, with a tool of the catalog and a known record type",
                )
            )
        elif key not in asked:
            problems.append(
                Problem(
                    step.id,
                    f"{step.tool} ({intent} {entity}) changes something the request did not ask for; "
                    "plan only what the user asked",
                )
            )
        elif used[key] > asked[key]:
            problems.append(
                Problem(
                    step.id,
                    f"{step.tool} is write number {used[key]} of kind {intent} {entity}, but the request asks for "
                    f"{asked[key]}; plan only what the user asked",
                )
            )
    return problems


def asked_writes(baseline: Baseline, catalog: ToolCatalog) -> Counter[tuple[str, str]]:
    """How many writes of each (intent, entity) the request asks for, as the rules read it (and, when they were
    unsure, as its words say)."""
    asked: Counter[tuple[str, str]] = Counter(
        (goal.intent, goal.entity) for goal in baseline.parse.goals if not goal.plans_nothing
    )
    rule_writes = Counter(write_key(step, catalog) for step in baseline.rule_plan.steps if _is_write(step, catalog))
    asked |= rule_writes
    if baseline.unsure:
        asked |= named_goals(baseline.text)
    asked.pop(UNKNOWN_GOAL, None)
    return asked


def named_goals(text: str) -> Counter[tuple[str, str]]:
    """The (intent, entity) pairs a request names in words: an action cue and a thing cue that make a goal we have,
    counted by how often the action is named."""
    evidence = evidence_in(text)
    intents = Counter(item.concept for item in evidence if item.kind == "intent")
    entities = {item.concept for item in evidence if item.kind == "entity"}
    named: Counter[tuple[str, str]] = Counter()
    for intent, count in intents.items():
        for entity in entities:
            pair = REMAP.get((intent, entity), (intent, entity))
            if supported(*pair):
                named[pair] = max(named[pair], count)
    return named


def write_key(step: Step, catalog: ToolCatalog) -> tuple[str, str]:
    """The (intent, entity) a write step carries out, as its tool spec declares it; ``("?", "?")`` if unknown."""
    spec = catalog.get(step.tool)
    goal = spec.goal_of(step.inputs) if spec is not None else None
    return goal if goal is not None else UNKNOWN_GOAL


def _is_write(step: Step, catalog: ToolCatalog) -> bool:
    spec = catalog.get(step.tool)
    return spec is None or spec.kind == "write"  # an unknown tool counts as a write: the stricter reading


def _addresses(step: Step) -> Iterable[str]:
    for _, text in walk_strings(step.inputs):
        yield from _ADDRESS.findall(text)


def _dotted(path: tuple[str | int, ...]) -> str:
    return ".".join(str(part) for part in path) or "input"
