"""Adversarial model outputs: each ends in a valid LLM plan or the rule-based plan, never in an invalid plan.

Every case is answered twice the same way (the first answer and the repair round), so the rule-based plan
must come back, with the reason in the explanation. ``Planning.run`` asserts that what comes out is
executable: the rule-based plan unchanged, or an LLM plan passing validation and every guard.
"""

from typing import Any

import pytest
from langchain_core.messages import AIMessage

from tests.planning.llm.conftest import Planning, rules, tools
from tests.planning.llm.fake_model import step

JOHN = "Email John the sales report"
FIND_JOHN = step("find_john", "fetch_entity", {"entityType": "Contact", "filters": {"name": "John"}})


def send(to: Any, depends_on: tuple[str, ...] = ("find_john",), **extra: Any) -> dict[str, Any]:
    inputs = {"to": to, "subject": "Sales report", "body": "{{PLACEHOLDER_body}}", **extra}
    return step("send_report", "send_email", inputs, depends_on=depends_on)


JOHN_REF = ["{{find_john.result.data[0].email}}"]

CASES: dict[str, tuple[Any, str]] = {
    "not JSON, as text": ("Sure! I'll email John the sales report right away.", "the answer is not a plan"),
    "JSON of something else": ('{"plan": "email john"}', "steps: Field required"),
    "a tool call that is not JSON": (
        AIMessage(
            content="",
            invalid_tool_calls=[{"name": "PlanDraft", "args": "{steps: [oops", "id": "c1", "error": "bad json"}],
        ),
        "the arguments of the PlanDraft call are not valid JSON",
    ),
    "a tool call missing the steps": (
        AIMessage(content="", tool_calls=[{"name": "PlanDraft", "args": {"plan": []}, "id": "c1"}]),
        "did not fit its schema: steps: Field required",
    ),
    "an unknown tool": (
        {"steps": [FIND_JOHN, step("send_report", "send_via_fax", {"to": "John"}, ("find_john",))]},
        "unknown tool 'send_via_fax'",
    ),
    "wrong argument types": (
        {"steps": [FIND_JOHN, send("{{find_john.result.data[0].email}}", cc="nobody", subject=42)]},
        "subject: Input should be a valid string",
    ),
    "a reference to a missing step": (
        {"steps": [send(["{{find_jon.result.data[0].email}}"], depends_on=())]},
        "references unknown step 'find_jon'",
    ),
    "a dependency on a missing step": (
        {"steps": [send(["{{PLACEHOLDER_to}}"], depends_on=("lookup",))]},
        "depends on unknown step 'lookup'",
    ),
    "a cycle": (
        {
            "steps": [
                {**FIND_JOHN, "depends_on": ["send_report"]},
                send(JOHN_REF),
            ]
        },
        "dependency cycle",
    ),
    "an invented email address": (
        {"steps": [send(["john.smith@example.com"], depends_on=())]},
        "the request does not give the address 'john.smith@example.com'; use {{PLACEHOLDER_to}}",
    ),
    "an invented address inside a text": (
        {"steps": [FIND_JOHN, send(JOHN_REF, body="Copy sent to boss@corp.example.org too")]},
        "does not give the address 'boss@corp.example.org'",
    ),
    "200 steps": (
        {"steps": [step(f"s{i}", "fetch_emails", {"limit": 1}) for i in range(200)]},
        "the plan has 200 steps; at most 20 are allowed",
    ),
    "a bad step id": (
        {"steps": [{**FIND_JOHN, "id": "find john!"}]},
        "id: String should match pattern",
    ),
    "a goal that does not exist": (
        {"steps": [FIND_JOHN, {**send(JOHN_REF), "goal": 3}]},
        "goal 3 does not exist; use 0..0",
    ),
    "a write the request did not ask for": (
        {
            "steps": [
                FIND_JOHN,
                send(JOHN_REF),
                step("drop_john", "delete_entity", {"entityType": "Contact", "id": "{{find_john.result.data[0].id}}"}),
            ]
        },
        "delete_entity (delete contact) changes something the request did not ask for",
    ),
}


@pytest.mark.parametrize("answer, reason", CASES.values(), ids=CASES.keys())
async def test_adversarial_answer_twice_ends_in_the_rule_based_plan(answer, reason):
    run = Planning(answer, answer)
    result = await run.run(JOHN)
    assert result.planner == "rules"
    assert result.plan == rules(JOHN).plan
    assert "LLM plan rejected: " in result.parse.explanation
    [event] = run.events
    assert event.name == "planning_error" and event.attempts == 2
    assert reason in event.reason or any(reason in problem for problem in event.problems), event
    assert reason in run.model.prompts[1][-1].text  # the repair round was told what was wrong


@pytest.mark.parametrize("answer", [CASES[name][0] for name in ("an unknown tool", "a cycle", "200 steps")])
async def test_adversarial_answer_repaired_in_one_round_is_accepted(answer):
    good = {"steps": [FIND_JOHN, send(JOHN_REF)]}
    result = await Planning(answer, good).run(JOHN)
    assert result.planner == "llm"
    assert [s.tool for s in result.plan.steps] == ["fetch_entity", "send_email"]


async def test_a_tool_of_an_integration_not_connected_is_unknown():
    email_only = tools("fetch_emails", "send_email", "reply_email", "summarize")
    event = {
        "steps": [
            step(
                "book",
                "create_calendar_event",
                {"title": "Sync", "startTime": "{{PLACEHOLDER_startTime}}", "durationMinutes": 30},
            )
        ]
    }
    run = Planning(event, event, tools=email_only)
    result = await run.run("schedule a sync")
    assert result.planner == "rules"
    assert "unknown tool 'create_calendar_event'" in run.events[0].reason


async def test_an_address_the_request_gives_may_be_used_as_it_is():
    text = "Email priya.shah@example.com the Q3 deck"
    plan = {"steps": [send(["Priya.Shah@example.com"], depends_on=(), subject="Q3 deck")]}
    result = await Planning(plan).run(text)
    assert result.planner == "llm"
    assert result.plan.steps[0].inputs["to"] == ["Priya.Shah@example.com"]


async def test_an_invented_address_replaced_by_a_placeholder_is_accepted():
    invented = {"steps": [send(["john@acme.com"], depends_on=())]}
    placeholder = {"steps": [send(["{{PLACEHOLDER_to}}"], depends_on=())]}
    run = Planning(invented, placeholder)
    result = await run.run(JOHN)
    assert result.planner == "llm"
    assert result.plan.steps[0].inputs["to"] == ["{{PLACEHOLDER_to}}"]
    assert "use {{PLACEHOLDER_to}} or a lookup step's result instead" in run.model.prompts[1][-1].text


async def test_json_written_as_text_by_a_model_without_tool_calls_is_read():
    answer = '```json\n{"steps": [' + __import__("json").dumps(FIND_JOHN) + "]}\n```"
    result = await Planning(answer).run("Find John's contact record")
    assert result.planner == "llm" and result.plan.steps[0].id == "find_john"


async def test_arguments_without_their_input_wrapper_are_wrapped():
    bare = {**FIND_JOHN, "arguments": {"entityType": "Contact", "filters": {"name": "John"}}}
    result = await Planning({"steps": [bare]}).run("Find John's contact record")
    assert result.planner == "llm"
    assert result.plan.steps[0].arguments == {"input": {"entityType": "Contact", "filters": {"name": "John"}}}
