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
        ("delete_entity", {"entityType": "{{PLACEHOLDER_entityType}}"}, ("?", "?")),
        ("delete_entity", {}, ("?", "?")),
        ("create_entity", {"entityType": "Note"}, ("create", "note")),
        ("forward_email", {}, ("send", "email")),
        ("respond_to_event", {}, ("update", "event")),
        ("create_calendar_event", {}, ("create", "event")),
        ("delete_calendar_event", {}, ("delete", "event")),
        ("post_to_slack", {}, ("?", "?")),
    ],
)
def test_write_steps_map_to_the_goal_their_tool_declares(tool, inputs, key):
    assert write_key(make(tool, inputs), CATALOG) == key


def test_a_tool_registered_by_a_connector_is_checked_by_the_goal_it_declares():
    from pydantic import BaseModel

    from integrations.base import ToolSpec

    class TicketArgs(BaseModel):
        title: str

    ticket = ToolSpec(
        name="open_ticket",
        description="Open a ticket",
        args_model=TicketArgs,
        kind="write",
        area="core",
        serves=("create", "ticket"),
    )
    catalog = CATALOG.with_tools([ticket])
    plan = Plan(steps=(make("open_ticket", {"title": "Printer"}),))
    [problem] = unrequested_writes(plan, catalog, baseline("email John the sales report"))
    assert "open_ticket (create ticket) changes something the request did not ask for" in problem.message


def test_a_write_matching_a_goal_of_the_request_is_allowed():
    plan = Plan(steps=(make("create_entity", {"entityType": "Lead", "fields": {"company": "Globex"}}),))
    assert unrequested_writes(plan, CATALOG, baseline("add a lead for Globex")) == []


def test_a_write_of_another_kind_is_not():
    plan = Plan(steps=(make("delete_entity", {"entityType": "Lead", "id": "l1"}),))
    [problem] = unrequested_writes(plan, CATALOG, baseline("add a lead for Globex"))
    assert "delete_entity (delete lead) changes something the request did not ask for" in problem.message


def test_an_unsure_parse_does_not_let_any_write_through():
    plan = Plan(steps=(make("delete_entity", {"entityType": "Contact", "id": "c1"}),))
    assert baseline("do the thing with the stuff").unsure
    [problem] = unrequested_writes(plan, CATALOG, baseline("do the thing with the stuff"))
    assert "delete_entity (delete contact) changes something the request did not ask for" in problem.message
    assert unrequested_writes(plan, CATALOG, baseline("do the thing with the stuff", context=True)) != []


def test_when_the_rules_were_unsure_a_write_the_request_names_in_words_is_allowed():
    text = "hmm could you maybe remove that contact record for bob, the old one"
    nothing_understood = rules("do the thing with the stuff").parse  # the rules found no goal at all
    unsure = Baseline(text, nothing_understood, Plan())
    assert unsure.unsure and nothing_understood.goals[0].intent == "unsupported"
    plan = Plan(steps=(make("delete_entity", {"entityType": "Contact", "id": "c1"}),))
    assert unrequested_writes(plan, CATALOG, unsure) == []
    extra = Plan(steps=(*plan.steps, make("send_email", {"to": ["a@b.co"], "subject": "s", "body": "b"}, "mail")))
    [problem] = unrequested_writes(extra, CATALOG, unsure)
    assert problem.step_id == "mail"


def test_a_second_write_of_the_asked_kind_is_not_allowed():
    email = {"to": ["john.smith@example.com"], "subject": "Sales report", "body": "Here it is"}
    one = Plan(steps=(make("send_email", email, "first"),))
    assert unrequested_writes(one, CATALOG, baseline("Email John the sales report")) == []
    two = Plan(steps=(*one.steps, make("send_email", {**email, "to": ["x@evil.example"]}, "second")))
    [problem] = unrequested_writes(two, CATALOG, baseline("Email John the sales report"))
    assert problem.step_id == "second" and "write number 2" in problem.message


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
