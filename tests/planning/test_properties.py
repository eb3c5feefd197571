"""Properties over arbitrary text: never an exception, deterministic, every plan valid."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from integrations.base import CATALOG
from planning.types import NO_PLAN_INTENTS, Plan, Step
from planning.validation import validate_plan
from tests.planning.conftest import run

DOMAIN_WORDS = st.sampled_from(
    "email send reply meeting calendar tomorrow at 3pm next Friday John Priya's lead deal Acme 50k cancel "
    "move to 4pm and find free slot remind me contact update mark as qualified summarize inbox 1:1 "
    "with her them it weather play @ a.b@c.io <@U123ABC> &amp; next week this month 2 hours".split()
)
REQUESTS = st.one_of(
    st.text(max_size=10_000),
    st.lists(DOMAIN_WORDS, max_size=40).map(" ".join),
)


def valid_contract_line(line: dict) -> None:
    parse = line["parse"]
    assert parse["goals"], "every line has a goal"
    assert 0.0 <= parse["confidence"] <= 1.0
    assert parse["meta_type"] in ("single", "independent_multi", "dependent_multi")
    json.dumps(line)
    plan = Plan(steps=tuple(Step.model_validate(s) for s in line["plan"]["steps"]))
    assert validate_plan(plan, CATALOG) == []
    if all(g["intent"] in NO_PLAN_INTENTS for g in parse["goals"]):
        assert plan.steps == ()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(REQUESTS)
def test_any_text_gives_a_valid_contract_line(text):
    valid_contract_line(run(text))


@settings(max_examples=100, deadline=None)
@given(REQUESTS)
def test_same_input_same_output(text):
    assert run(text) == run(text)
