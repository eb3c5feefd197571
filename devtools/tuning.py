"""The policy's thresholds, chosen by cross-validation over the training files (never an evaluation set).

Development tooling (``python -m devtools.train_cv``): it reads every training text with the whole parser, so it
lives outside the package the parser loads its model from.

Every training text is read by the rules (as the parser would, the classifier asked nothing) and given
out-of-fold probabilities (5 folds, each model fitted without the text's fold). The thresholds are the ones
under which rules + classifier reach the best in-scope accuracy while rejecting at least
:data:`REJECTION_FLOOR` of the out-of-scope texts. The thresholds act on disjoint groups of texts (rules
read out of scope; out of scope with an off-topic cue; one of the classifier's goal labels), so each group is scored
once per value of its own thresholds and the groups' counts are added up. Of the thresholds within one
standard error of the best, the ones that change the rules' reading of the fewest texts are chosen.
"""

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from zoneinfo import ZoneInfo

import numpy as np
from numpy.typing import NDArray

from planning.understanding.learned.calibration import expected_calibration_error, reliability
from planning.understanding.learned.data import Example
from planning.understanding.learned.labels import NO_PLAN, OUT, RULES, class_of, data_label
from planning.understanding.learned.policy import RulesView, Thresholds, Verdict, judge

REJECTION_FLOOR = 0.975
LOW = (0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
HIGH = (0.5, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.99, 1.01)
SURE = (0.6, 0.75, 0.9, 0.95, 0.97, 0.99, 1.01)
NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))


@dataclass(frozen=True, slots=True)
class RulesRead:
    """The rules' goals for a text, and their single reading when the classifier would be asked."""

    goals: tuple[tuple[str, str], ...]
    view: RulesView | None


@dataclass(frozen=True, slots=True)
class Figures:
    in_scope: float  # share of in-scope texts whose one goal has the gold label
    rejection: float  # share of out-of-scope texts given no plan

    def as_dict(self, name: str) -> dict[str, float]:
        return {f"{name} in-scope": round(self.in_scope, 4), f"{name} rejection": round(self.rejection, 4)}


class _Recorder:
    """A judge that only notes what the parser asked it."""

    def __init__(self) -> None:
        self.asked: RulesView | None = None

    def judge(self, text: str, rules: RulesView) -> Verdict | None:
        self.asked = rules
        return None


def rules_reads(texts: Sequence[str]) -> list[RulesRead]:
    from planning.understanding.parser import GoalUnderstandingService

    recorder = _Recorder()
    service = GoalUnderstandingService(learned=recorder)
    out = []
    for text in texts:
        recorder.asked = None
        parse = service.parse(text, NOW)
        out.append(RulesRead(tuple((g.intent, g.entity) for g in parse.goals), recorder.asked))
    return out


def figures(
    examples: Sequence[Example], reads: Sequence[RulesRead], decide: Callable[[int], tuple[tuple[str, str], ...]]
) -> Figures:
    """In-scope accuracy and rejection over ``examples`` (those of the "rules decide" class left out)."""
    right = rejected = inside = outside = 0
    for index, example in enumerate(examples):
        if example.label == RULES:
            continue
        goals = decide(index)
        if example.label == OUT:
            outside += 1
            rejected += all(intent in NO_PLAN for intent, _ in goals)
        else:
            inside += 1
            right += len(goals) == 1 and data_label(*goals[0]) == example.label
    return Figures(right / max(inside, 1), rejected / max(outside, 1))


def choose(
    examples: Sequence[Example],
    reads: Sequence[RulesRead],
    classes: Sequence[str],
    probabilities: NDArray[np.float64],
) -> tuple[Thresholds, dict[str, float]]:
    """The best thresholds and the cross-validated figures of the rules, the classifier and both;
    ``probabilities`` has one column per entry of ``classes``."""
    rows = [dict(zip(classes, map(float, row), strict=True)) for row in probabilities]
    goals = frozenset(name for name in classes if name not in (OUT, RULES))

    def combined(t: Thresholds) -> Callable[[int], tuple[tuple[str, str], ...]]:
        def decide(index: int) -> tuple[tuple[str, str], ...]:
            view = reads[index].view
            if view is None:
                return reads[index].goals
            verdict = judge(view, rows[index], t)
            return ((verdict.intent, verdict.entity),)

        return decide

    groups = {name: [i for i, r in enumerate(reads) if _group(r, goals) == name] for name in ("A", "B", "C", "X")}

    def counts(name: str, t: Thresholds) -> tuple[int, int, int, int, int]:
        """Right in-scope, in-scope, rejected, out-of-scope, and readings changed from the rules' own."""
        subset = [examples[i] for i in groups[name]]
        decide = combined(t)
        score = figures(subset, reads, lambda k: decide(groups[name][k]))
        inside = sum(e.label not in (OUT, RULES) for e in subset)
        outside = sum(e.label == OUT for e in subset)
        changed = sum(decide(i) != reads[i].goals for i in groups[name])
        return round(score.in_scope * inside), inside, round(score.rejection * outside), outside, changed

    base = Thresholds()
    # the write threshold acts on both groups the rules read as no request: chosen with each group's own one
    options_a = {(v, w): counts("A", replace(base, promote_at=v, promote_write_at=w)) for v in LOW for w in LOW}
    options_b = {
        (v, w): counts("B", replace(base, promote_offtopic_at=v, promote_write_at=w)) for v in LOW for w in LOW
    }
    options_c = {
        (veto, switch, sure): counts("C", replace(base, veto_at=veto, switch_at=switch, rules_sure=sure))
        for veto, switch, sure in itertools.product(HIGH, HIGH, SURE)
    }
    fixed = counts("X", base)
    scored: list[tuple[float, int, tuple[float, ...]]] = []
    for w, a, b in itertools.product(LOW, LOW, LOW):
        ab = [sum(x) for x in zip(fixed, options_a[(a, w)], options_b[(b, w)], strict=True)]
        for c, cc in options_c.items():
            right, inside, rejected, outside, changed = (x + y for x, y in zip(ab, cc, strict=True))
            if rejected / outside >= REJECTION_FLOOR:
                scored.append((right / inside, changed, (a, b, *c, w)))
    if not scored:
        raise ValueError(f"no thresholds reject {REJECTION_FLOOR:.1%} of the out-of-scope training texts")
    a, b, veto, switch, sure, w = _one_standard_error(scored, inside)
    chosen = replace(
        base, promote_at=a, promote_offtopic_at=b, veto_at=veto, switch_at=switch, rules_sure=sure, promote_write_at=w
    )
    report: dict[str, float] = {}
    for source in ("", "hwu_train"):
        where = [i for i, e in enumerate(examples) if not source or e.source == source]
        alone = [_figures_on(examples, reads, where, _classifier_alone(rows, at)) for at in LOW]
        meeting = [f for f in alone if f.rejection >= REJECTION_FLOOR]
        suffix = f" ({source})" if source else ""
        report |= _figures_on(examples, reads, where, lambda i: reads[i].goals).as_dict(f"rules{suffix}")
        report |= max(meeting or alone, key=lambda f: f.in_scope).as_dict(f"classifier alone{suffix}")
        report |= _figures_on(examples, reads, where, combined(chosen)).as_dict(f"rules + classifier{suffix}")
    return chosen, report | _calibration(examples, classes, probabilities)


def _calibration(
    examples: Sequence[Example], classes: Sequence[str], probabilities: NDArray[np.float64]
) -> dict[str, float]:
    """ECE over every text and over the in-scope ones, and the in-scope reliability table (accuracy per band)."""
    targets = [class_of(e.label, classes) for e in examples]
    inside = [i for i, name in enumerate(targets) if name != OUT]
    table = reliability(probabilities[inside], classes, [targets[i] for i in inside])
    report = {
        "ECE (every text)": round(expected_calibration_error(reliability(probabilities, classes, targets)), 4),
        "ECE (in-scope texts)": round(expected_calibration_error(table), 4),
    }
    for band in table:
        name = f"in scope, top p {band.low:.1f}-{band.high:.1f} (n={band.count}, mean p {band.confidence:.2f}): right"
        report[name] = round(band.accuracy, 4)
    return report


def _one_standard_error(scored: list[tuple[float, int, tuple[float, ...]]], inside: int) -> tuple[float, ...]:
    """Of the thresholds within one standard error of the best in-scope accuracy, those that change the
    rules' reading of the fewest training texts (the one-standard-error rule): the rules also read typed and
    v2 requests that the training data has few of, and a difference that small is noise."""
    best = max(accuracy for accuracy, _, _ in scored)
    error = math.sqrt(best * (1 - best) / max(inside, 1))
    near = [s for s in scored if s[0] >= best - error]
    return min(near, key=lambda s: (s[1], -s[0]))[2]


def _figures_on(
    examples: Sequence[Example],
    reads: Sequence[RulesRead],
    where: list[int],
    decide: Callable[[int], tuple[tuple[str, str], ...]],
) -> Figures:
    return figures([examples[i] for i in where], reads, lambda k: decide(where[k]))


def _group(read: RulesRead, goals: frozenset[str]) -> str:
    view = read.view
    if view is None:
        return "X"
    if view.intent in NO_PLAN:
        return "B" if view.offtopic else "A"
    return "C" if f"{view.intent}/{view.entity}" in goals else "X"


def _classifier_alone(rows: list[dict[str, float]], at: float) -> Callable[[int], tuple[tuple[str, str], ...]]:
    def decide(index: int) -> tuple[tuple[str, str], ...]:
        p, name = max((p, name) for name, p in rows[index].items() if name not in (OUT, RULES))
        intent, _, entity = name.partition("/")
        return ((intent, entity),) if p >= at else (("unsupported", "none"),)

    return decide
