"""planbot's guards on an LLM plan, one at a time."""

from typing import Any

import pytest

from integrations.base import CATALOG
from planning.planner.llm_guards import Baseline, check_llm_plan, invented_addresses, unrequested_writes, write_key
from planning.types import Plan, Step
from tests.planning.llm.conftest import rules


def make(tool: str, inputs: dict[str, Any], id_: str = "s", goal: int = 0) -> Step:
    return Step(id=id_, intent=id_, tool=tool, arguments={"input": inputs}, goal=goal)


def baseline(text: str, context: bool = False) -> Baseline:
    understood = rules(text)
    return Baseline(text, understood.parse, understood.plan, untrusted_context=context)


@pytest.mark.parametrize(
    "tool, inputs, key",
    [
        ("send_email", {}, ("send", "email")),
        ("reply_email", {}, ("send", "email")),
        ("create_entity", {"entityType": "Lead"}, ("create", "lead")),
        ("update_entity", {"entityType": "Deal"}, ("update", "deal")),
        ("delete_entity", {"entityType": "{{PLACEHOLDER_entityType}}"}, ("delete", "?")),
        ("delete_entity", {}, ("delete", "?")),
        ("create_calendar_event", {}, ("create", "event")),
        ("delete_calendar_event", {}, ("delete", "event")),
        ("post_to_slack", {}, ("post_to_slack", "?")),
    ],
)
def test_write_steps_map_to_the_goal_labels(tool, inputs, key):
    assert write_key(make(tool, inputs)) == key


def test_a_write_matching_a_goal_of_the_request_is_allowed():
    plan = Plan(steps=(make("create_entity", {"entityType": "Lead", "fields": {"company": "Globex"}}),))
    assert unrequested_writes(plan, CATALOG, baseline("add a lead for Globex")) == []


def test_a_write_of_another_kind_is_not():
    plan = Plan(steps=(make("delete_entity", {"entityType": "Lead", "id": "l1"}),))
    [problem] = unrequested_writes(plan, CATALOG, baseline("add a lead for Globex"))
    assert "delete_entity (delete lead) changes something the request did not ask for" in problem.message


def test_an_unsure_parse_relaxes_the_write_guard_unless_untrusted_data_was_shown():
    plan = Plan(steps=(make("delete_entity", {"entityType": "Contact", "id": "c1"}),))
    assert baseline("do the thing with the stuff").unsure
    assert unrequested_writes(plan, CATALOG, baseline("do the thing with the stuff")) == []
    assert unrequested_writes(plan, CATALOG, baseline("do the thing with the stuff", context=True)) != []


def test_a_confident_parse_is_not_unsure():
    assert not baseline("Email John the sales report").unsure


def test_addresses_from_the_request_or_the_rule_plan_are_known_and_others_are_not():
    base = baseline("email sarah.lee@example.com and Tom")
    plan = Plan(
        steps=(make("send_email", {"to": ["SARAH.LEE@example.com", "tom@example.com"], "subject": "s", "body": "b"}),)
    )
    [problem] = invented_addresses(plan, base)
    assert problem.message.startswith("to.1: the request does not give the address 'tom@example.com'")
    assert "{{PLACEHOLDER_to}}" in problem.message


def test_an_address_in_a_nested_crm_field_suggests_the_field_name():
    plan = Plan(steps=(make("create_entity", {"entityType": "Contact", "fields": {"name": "Ann", "email": "a@b.io"}}),))
    [problem] = invented_addresses(plan, baseline("add Ann as a contact"))
    assert problem.message.startswith("fields.email:") and "{{PLACEHOLDER_email}}" in problem.message


def test_too_many_steps_is_one_problem_without_further_checks():
    plan = Plan(steps=tuple(make("launch", {}, id_=f"s{i}") for i in range(21)))
    problems = check_llm_plan(plan, CATALOG, baseline("Email John the sales report"), max_steps=20)
    assert [str(p) for p in problems] == ["the plan has 21 steps; at most 20 are allowed"]


def test_a_valid_plan_within_the_request_has_no_problems():
    text = "Email John the sales report"
    assert check_llm_plan(rules(text).plan, CATALOG, baseline(text), max_steps=20) == []
