"""The public evaluation sets hold their "done when" figures (issue 2). Needs ../shared/eval beside the repo."""

from pathlib import Path

import pytest

from devtools.evaluation import evaluate, index_by_id, load_jsonl
from planning.output import output_line
from planning.pipeline import RequestPlanner
from tests.planning.conftest import MONDAY_9AM

EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"
pytestmark = pytest.mark.skipif(not EVAL.is_dir(), reason="the shared evaluation folder is not beside this checkout")


def report(name: str):
    gold = load_jsonl(EVAL / name)
    planner = RequestPlanner()
    predictions = [output_line(g["id"], planner.understand(g["text"], MONDAY_9AM)) for g in gold]
    return evaluate(gold, index_by_id(predictions))


def test_every_paraphrase_gives_its_goal():
    assert report("paraphrases.jsonl").rates["goals_ok"] == 1.0


def test_public_plans_are_all_correct():
    figures = report("plans_public.jsonl")
    assert figures.rates["plan_ok"] == 1.0


def test_public_v2_plans_are_all_correct():
    figures = report("plans_v2_public.jsonl")
    assert figures.rates["plan_ok"] == 1.0


def test_slurp_devel_in_scope_accuracy_and_rejection():
    """Issue 14: rules + the classifier trained without devel (hwu_train and the project's own examples)."""
    figures = report("slurp_devel.jsonl")
    assert figures.in_scope_acc is not None and figures.in_scope_acc >= 0.88
    assert figures.rejection is not None and figures.rejection >= 0.97
