"""Scoring `planbot plan --jsonl` output against the gold evaluation files (contract §4).

The figures follow the reference scorer ``shared/eval/score.py`` check for check, so that ``planbot eval``
and ``score.py`` report the same numbers for the same files. Everything here is pure except
:func:`load_jsonl`; the human-readable report is in :mod:`devtools.evaluation_report`.
"""

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from integrations.base import CATALOG

Record = Mapping[str, Any]
Goal = tuple[Any, ...]

NO_PLAN_INTENTS = frozenset({"chat", "unsupported"})
WRITE_TOOLS = frozenset(spec.name for spec in CATALOG if spec.kind == "write")
CHECK_NAMES = (
    "goals_ok",
    "tools_ok",
    "deps_ok",
    "args_ok",
    "placeholders_ok",
    "meta_ok",
    "writes_ok",
    "plan_ok",
)
PLAN_CHECKS = ("tools_ok", "deps_ok", "args_ok", "placeholders_ok")
PLACEHOLDER_MARK = "{{PLACEHOLDER_"
NO_PREDICTION = "no prediction"


# --- loading -------------------------------------------------------------------------------------


def load_jsonl(path: str | Path) -> list[dict[str, Any]]:
    """The JSON objects of a JSON Lines file, blank lines skipped.

    Raises ``ValueError`` naming the file and the line for a line that is not a JSON object.
    """
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                records.append(_parse_json_object(line, f"{path}:{number}"))
    return records


def _parse_json_object(line: str, where: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: not valid JSON ({error.msg}, column {error.colno})") from error
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected a JSON object, got {type(value).__name__}")
    return value


def index_by_id(records: Iterable[Record]) -> dict[str, Record]:
    """Records keyed by ``str(id)``; a repeated id keeps its first position and its last record."""
    by_id: dict[str, Record] = {}
    for record in records:
        if "id" not in record:
            raise ValueError(f"record without an id: {json.dumps(record)[:120]}")
        by_id[str(record["id"])] = record
    return by_id


# --- reading a prediction ------------------------------------------------------------------------


def plan_steps(prediction: Record) -> list[Record]:
    """The step objects of a prediction's plan (``{"steps": [...]}`` or a bare list)."""
    plan = prediction.get("plan") or {}
    steps = plan.get("steps", []) if isinstance(plan, Mapping) else plan
    return [step for step in steps if isinstance(step, Mapping)] if isinstance(steps, list) else []


def predicted_goals(prediction: Record) -> list[Goal]:
    """The ``(intent, entity)`` pairs of a prediction's parse, in order."""
    goals = _parse_of(prediction).get("goals") or []
    return [(goal.get("intent"), goal.get("entity")) for goal in goals if isinstance(goal, Mapping)]


def step_arguments(step: Record) -> Any:
    """A step's arguments, unwrapped from ``{"input": ...}`` when wrapped."""
    arguments = step.get("arguments") or {}
    return arguments.get("input", arguments) if isinstance(arguments, Mapping) else {}


def step_value(step: Record, param: str) -> Any:
    """``param`` in a step's arguments, or, written ``@field``, the step's own field (``@for_each``, ``@run_if``)."""
    return step.get(param[1:]) if param.startswith("@") else value_at(step_arguments(step), param)


def value_at(value: Any, path: str) -> Any:
    """The value at a dotted key path (``fields.email``), or ``None`` when any key is absent."""
    for key in path.split("."):
        if not isinstance(value, Mapping) or key not in value:
            return None
        value = value[key]
    return value


def _parse_of(prediction: Record) -> Record:
    parse = prediction.get("parse") or {}
    return parse if isinstance(parse, Mapping) else {}


# --- comparing values ----------------------------------------------------------------------------


def as_instant(value: Any) -> float | None:
    """POSIX seconds of an ISO 8601 time with an offset (``Z`` allowed); ``None`` for anything else."""
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment.timestamp() if moment.tzinfo else None


def is_placeholder(value: Any) -> bool:
    """True when the value holds a ``{{PLACEHOLDER_...}}`` anywhere (a list item counts)."""
    return PLACEHOLDER_MARK in json.dumps(value)


def value_matches(got: Any, want: Any) -> bool:
    """Whether an argument value meets a gold ``args`` expectation (contract §4)."""
    if got is None:
        return False
    if isinstance(want, Mapping) and any(key in want for key in ("any", "contains", "prefix")):
        return _matches_pattern(got, want)
    if isinstance(want, bool) or isinstance(got, bool):
        return got is want
    if isinstance(want, int | float):
        return _same_number(got, want)
    if isinstance(want, str):
        return _same_text(got, want)
    return bool(got == want)


def _matches_pattern(got: Any, want: Record) -> bool:
    if "any" in want:
        return any(value_matches(got, option) for option in want["any"])
    if "contains" in want:
        return str(want["contains"]).lower() in json.dumps(got).lower()
    return str(got).startswith(str(want["prefix"]))


def _same_number(got: Any, want: float) -> bool:
    try:
        return float(got) == float(want)
    except (TypeError, ValueError):
        return False


def _same_text(got: Any, want: str) -> bool:
    got_instant, want_instant = as_instant(got), as_instant(want)
    if got_instant is not None and want_instant is not None:
        return got_instant == want_instant
    if isinstance(got, list):
        return any(str(item).lower() == want.lower() for item in got)
    return str(got).lower() == want.lower()


# --- dependencies --------------------------------------------------------------------------------


def depends_on_tool(steps: Sequence[Record], tool: str, dependency_tool: str) -> bool:
    """Whether some ``tool`` step depends, directly or not, on some ``dependency_tool`` step.

    A dependency is a ``depends_on`` entry or a ``{{<step>.…}}`` reference in the arguments.
    """
    by_id = {str(step.get("id")): step for step in steps}
    return any(
        any(by_id[step_id].get("tool") == dependency_tool for step_id in _reachable_step_ids(step, by_id))
        for step in steps
        if step.get("tool") == tool
    )


def _reachable_step_ids(start: Record, by_id: Mapping[str, Record]) -> set[str]:
    reached: set[str] = set()
    pending = _direct_dependencies(start, by_id)
    while pending:
        step_id = pending.pop()
        if step_id in reached or step_id not in by_id:
            continue
        reached.add(step_id)
        pending += _direct_dependencies(by_id[step_id], by_id)
    return reached


def _direct_dependencies(step: Record, by_id: Mapping[str, Record]) -> list[str]:
    declared = step.get("depends_on") or []
    declared_ids = [str(item) for item in declared] if isinstance(declared, list | tuple | str | dict) else []
    arguments_text = json.dumps(step_arguments(step))
    return declared_ids + [step_id for step_id in by_id if "{{" + step_id + "." in arguments_text]


# --- scoring one item ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemScore:
    """The checks that apply to one gold item (``None`` = not applicable) and why any failed."""

    item_id: str
    text: str
    goals_ok: bool | None = None
    tools_ok: bool | None = None
    deps_ok: bool | None = None
    args_ok: bool | None = None
    placeholders_ok: bool | None = None
    meta_ok: bool | None = None
    writes_ok: bool | None = None
    plan_ok: bool | None = None
    reasons: tuple[str, ...] = ()

    def checks(self) -> dict[str, bool]:
        """The applicable checks, in the reference scorer's order."""
        values = {name: getattr(self, name) for name in CHECK_NAMES}
        return {name: value for name, value in values.items() if value is not None}

    @property
    def passed(self) -> bool:
        return all(self.checks().values())


@dataclass(frozen=True, slots=True)
class _Check:
    ok: bool
    reasons: tuple[str, ...] = ()


def score_item(gold: Record, prediction: Record | None) -> ItemScore:
    """Score one prediction (``None`` when missing) against one gold item, as ``score.py`` does."""
    expect = gold.get("expect") or {}
    results = _run_checks(expect, prediction or {})
    if not prediction:
        results = {name: _Check(False) for name in results}
    reasons = [NO_PREDICTION] if not prediction else [r for check in results.values() for r in check.reasons]
    verdicts = {name: check.ok for name, check in results.items()}
    return ItemScore(str(gold.get("id")), str(gold.get("text", "")), reasons=tuple(reasons), **verdicts)


def _run_checks(expect: Record, prediction: Record) -> dict[str, _Check]:
    steps = plan_steps(prediction)
    if "tool_set" in expect:
        return _tool_set_checks(expect, steps)
    results: dict[str, _Check] = {}
    goals = _check_goals(expect, predicted_goals(prediction), steps)
    if goals is not None:
        results["goals_ok"] = goals
    if "tools" in expect:
        results |= _plan_checks(expect, prediction, steps)
    return results


def _plan_checks(expect: Record, prediction: Record, steps: list[Record]) -> dict[str, _Check]:
    results = {
        "tools_ok": _check_tools(expect["tools"], steps),
        "deps_ok": _check_deps(expect.get("deps") or [], steps),
        "args_ok": _check_args(expect.get("args") or {}, steps),
        "placeholders_ok": _check_placeholders(expect, steps),
    }
    if "meta_type" in expect:
        results["meta_ok"] = _check_meta(expect["meta_type"], _parse_of(prediction).get("meta_type"))
    results["plan_ok"] = _Check(all(results[name].ok for name in PLAN_CHECKS))
    return results


# goals


def _wanted_goals(expect: Record) -> list[Goal]:
    goals = expect["goals"] if "goals" in expect else (expect.get("goals_any") or [[]])[0]
    return [tuple(goal) for goal in goals or []]


def is_out_of_scope_gold(expect: Record) -> bool:
    """A gold item whose ``goals`` are all chat/unsupported (how the aggregate splits in/out of scope)."""
    goals = expect.get("goals") or []
    return bool(goals) and all(goal[0] in NO_PLAN_INTENTS for goal in goals)


def _check_goals(expect: Record, goals: list[Goal], steps: list[Record]) -> _Check | None:
    wanted = _wanted_goals(expect)
    if wanted and all(goal[0] in NO_PLAN_INTENTS for goal in wanted):
        return _check_no_plan(wanted, goals, steps)
    if "goals_any" in expect:
        return _check_goal_options(expect["goals_any"], goals)
    if wanted:
        return _check_goal_set(wanted, goals)
    return None


def _check_no_plan(wanted: list[Goal], goals: list[Goal], steps: list[Record]) -> _Check:
    reasons = []
    if not goals:
        reasons.append("no goal predicted")
    if any(intent not in NO_PLAN_INTENTS for intent, _ in goals):
        reasons.append(f"expected no plan (chat/unsupported), got goals {_goal_labels(goals)}")
    if steps:
        reasons.append(f"expected no steps, got {_tool_labels(step.get('tool') for step in steps)}")
    if goals and wanted[0][0] == "chat" and all(intent != "chat" for intent, _ in goals):
        reasons.append(f"chat goal expected, got {_goal_labels(goals)}")
    return _Check(not reasons, tuple(reasons))


def _check_goal_options(options: list[list[Any]], goals: list[Goal]) -> _Check:
    wanted_sets = [{tuple(goal) for goal in option} for option in options]
    if any(set(goals) == wanted for wanted in wanted_sets):
        return _Check(True)
    expected = " | ".join(_goal_labels(sorted(wanted, key=str)) for wanted in wanted_sets)
    return _Check(False, (f"goals expected one of {expected}, got {_goal_labels(goals)}",))


def _check_goal_set(wanted: list[Goal], goals: list[Goal]) -> _Check:
    if set(goals) == set(wanted):
        return _Check(True)
    return _Check(False, (f"goals expected {_goal_labels(wanted)}, got {_goal_labels(goals)}",))


# tools, dependencies, arguments, placeholders, meta type


def _check_tools(expected: list[Any], steps: list[Record]) -> _Check:
    got = Counter(step.get("tool") for step in steps)
    options = expected if expected and isinstance(expected[0], list) else [expected]
    if any(got == Counter(option) for option in options):
        return _Check(True)
    if len(options) > 1:
        expected_text = " | ".join(_tool_labels(option) for option in options)
        return _Check(False, (f"tools expected one of {expected_text}, got {_tool_labels(got.elements())}",))
    return _Check(False, tuple(_multiset_differences(Counter(options[0]), got, "tool")))


def _check_deps(pairs: list[list[str]], steps: list[Record]) -> _Check:
    reasons = tuple(
        f"{tool} does not depend on {dependency}"
        for tool, dependency in pairs
        if not depends_on_tool(steps, tool, dependency)
    )
    return _Check(not reasons, reasons)


def _check_args(expected: Record, steps: list[Record]) -> _Check:
    reasons = []
    for key, want in expected.items():
        tool, _, param = key.partition(".")
        values = [step_value(step, param) for step in steps if step.get("tool") == tool]
        if not values:
            reasons.append(f"{key}: no {tool} step")
        elif not any(value_matches(value, want) for value in values):
            reasons.append(f"{key} expected {_describe_expectation(want)}, got {_show_values(values)}")
    return _Check(not reasons, tuple(reasons))


def _values_named(param: str, steps: list[Record]) -> list[Any]:
    """The values of ``param`` in the steps: a bare path ("body") in every step, or, written like ``args``
    ("send_email.body"), in the steps of that tool."""
    tool, _, path = param.partition(".")
    if path and any(step.get("tool") == tool for step in steps):
        return [value_at(step_arguments(step), path) for step in steps if step.get("tool") == tool]
    return [value_at(step_arguments(step), param) for step in steps]


def _check_placeholders(expect: Record, steps: list[Record]) -> _Check:
    reasons = []
    for param in expect.get("placeholders") or []:
        values = _values_named(param, steps)
        if not any(is_placeholder(value) for value in values):
            reasons.append(f"{param} should be a placeholder, got {_show_values(values)}")
    for param in expect.get("not_placeholder") or []:
        present = [v for v in _values_named(param, steps) if v is not None]
        if not present or any(is_placeholder(value) for value in present):
            reasons.append(f"{param} should be filled, got {_show_values(present)}")
    return _Check(not reasons, tuple(reasons))


def _check_meta(expected: Any, got: Any) -> _Check:
    if got == expected:
        return _Check(True)
    return _Check(False, (f"meta_type expected {expected}, got {got}",))


# tool-label-only sets


def _tool_set_checks(expect: Record, steps: list[Record]) -> dict[str, _Check]:
    tools = [step.get("tool") for step in steps]
    tools_ok = _check_tool_set(expect["tool_set"], tools)
    writes_ok = _check_write_steps(expect.get("write_tools") or [], tools)
    return {"tools_ok": tools_ok, "writes_ok": writes_ok, "plan_ok": _Check(tools_ok.ok and writes_ok.ok)}


def _check_tool_set(required: list[Any], tools: list[Any]) -> _Check:
    """Each required entry (a tool, or a list of tools any of which will do) is used; no other write is."""
    needs = [entry if isinstance(entry, list) else [entry] for entry in required]
    allowed = {tool for alternatives in needs for tool in alternatives}
    extra = set(tools) - allowed
    reasons = [f"tool {' or '.join(map(str, alts))} missing" for alts in needs if not set(alts) & set(tools)]
    reasons += [f"write tool {tool} not expected" for tool in sorted(extra & WRITE_TOOLS, key=str)]
    if None in extra:
        reasons.append("a step has no tool")
    return _Check(not reasons, tuple(reasons))


def _check_write_steps(expected: list[Any], tools: list[Any]) -> _Check:
    wanted, got = Counter(expected), Counter(tool for tool in tools if tool in WRITE_TOOLS)
    return _Check(wanted == got, tuple(_multiset_differences(wanted, got, "write step")))


# reason texts


def _multiset_differences(wanted: Counter[Any], got: Counter[Any], what: str) -> list[str]:
    missing = [_counted(f"{what} {tool} missing", n) for tool, n in (wanted - got).items()]
    return missing + [_counted(f"{what} {tool} unexpected", n) for tool, n in (got - wanted).items()]


def _counted(text: str, count: int) -> str:
    return text if count == 1 else f"{text} (x{count})"


def _goal_labels(goals: Iterable[Sequence[Any]]) -> str:
    return "[" + ", ".join("/".join(str(part) for part in goal) for goal in goals) + "]"


def _tool_labels(tools: Iterable[Any]) -> str:
    return "[" + ", ".join(str(tool) for tool in tools) + "]"


def _describe_expectation(want: Any) -> str:
    if isinstance(want, Mapping) and "any" in want:
        return "one of " + " | ".join(_describe_expectation(option) for option in want["any"])
    if isinstance(want, Mapping) and "contains" in want:
        return f"something containing {want['contains']!r}"
    if isinstance(want, Mapping) and "prefix" in want:
        return f"something starting with {want['prefix']!r}"
    return _show(want)


def _show_values(values: list[Any]) -> str:
    shown = [_show(value) for value in values if value is not None]
    return " / ".join(shown) if shown else "nothing"


def _show(value: Any, limit: int = 100) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- aggregate -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EvalReport:
    """The figures ``score.py`` prints for one gold file, plus every item's score."""

    rates: Mapping[str, float] = field(hash=False)
    n: int
    missing: int
    in_scope: int
    in_scope_acc: float | None
    out_of_scope: int
    rejection: float | None
    items: tuple[ItemScore, ...] = ()

    @property
    def failures(self) -> tuple[ItemScore, ...]:
        return tuple(item for item in self.items if not item.passed)

    def as_dict(self) -> dict[str, Any]:
        """The keys and values of ``score.py``'s final JSON line, in its order."""
        return {
            **self.rates,
            "n": self.n,
            "missing": self.missing,
            "in_scope": self.in_scope,
            "in_scope_acc": self.in_scope_acc,
            "out_of_scope": self.out_of_scope,
            "rejection": self.rejection,
        }

    def as_json(self) -> str:
        """The same line ``score.py`` prints last."""
        return json.dumps(self.as_dict())


def evaluate(gold_items: Iterable[Record], predictions_by_id: Mapping[str, Record]) -> EvalReport:
    """Score every gold item; a gold id without a prediction is missing and fails every check."""
    gold_by_id = index_by_id(gold_items)
    scores = tuple(score_item(gold, predictions_by_id.get(item_id)) for item_id, gold in gold_by_id.items())
    out_of_scope = [is_out_of_scope_gold(gold.get("expect") or {}) for gold in gold_by_id.values()]
    in_scope_goals = [s.goals_ok is True for s, oos in zip(scores, out_of_scope, strict=True) if not oos]
    rejected = [s.goals_ok is True for s, oos in zip(scores, out_of_scope, strict=True) if oos]
    rates = _check_rates(scores)
    return EvalReport(
        rates=rates,
        n=len(scores),
        missing=sum(predictions_by_id.get(item_id) is None for item_id in gold_by_id),
        in_scope=len(in_scope_goals),
        in_scope_acc=_rate(in_scope_goals) if "goals_ok" in rates else None,
        out_of_scope=len(rejected),
        rejection=_rate(rejected),
        items=scores,
    )


def _check_rates(scores: Iterable[ItemScore]) -> dict[str, float]:
    passed: Counter[str] = Counter()
    applied: Counter[str] = Counter()
    for score in scores:
        for name, ok in score.checks().items():
            applied[name] += 1
            passed[name] += ok
    return {name: round(passed[name] / count, 4) for name, count in applied.items()}


def _rate(outcomes: Sequence[bool]) -> float | None:
    return round(sum(outcomes) / len(outcomes), 4) if outcomes else None
