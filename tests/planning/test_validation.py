from integrations.base import CATALOG
from planning.types import Plan, Step
from planning.validation import validate_plan


def step(id_, tool, inputs, depends_on=(), goal=0):
    return Step(id=id_, intent=id_, tool=tool, arguments={"input": inputs}, depends_on=depends_on, goal=goal)


FIND_JOHN = step("find_john", "fetch_entity", {"entityType": "Contact", "filters": {"name": "John"}})
SEND = step(
    "send",
    "send_email",
    {"to": ["{{find_john.result.data[0].email}}"], "subject": "Report", "body": "{{PLACEHOLDER_body}}"},
    depends_on=("find_john",),
)


def messages(plan):
    return [str(p) for p in validate_plan(plan, CATALOG)]


def test_placeholders_and_references_stand_in_for_values():
    assert messages(Plan(steps=(FIND_JOHN, SEND))) == []


def test_unknown_tool_is_a_problem():
    assert messages(Plan(steps=(step("x", "launch_rocket", {}),))) == ["x: unknown tool 'launch_rocket'"]


def test_arguments_failing_the_schema_are_reported_with_their_field():
    bad = step("send", "send_email", {"to": ["not-an-address"], "subject": "s", "body": "b"})
    [problem] = messages(Plan(steps=(bad,)))
    assert problem.startswith("send: to.0:") and "not an email address" in problem


def test_missing_required_argument_is_a_problem():
    bad = step("send", "send_email", {"to": ["a@b.co"], "subject": "s"})
    assert messages(Plan(steps=(bad,))) == ["send: body: Field required"]


def test_reference_without_dependency_is_rejected():
    undeclared = SEND.model_copy(update={"depends_on": ()})
    assert messages(Plan(steps=(FIND_JOHN, undeclared))) == ["send: references 'find_john' without depending on it"]


def test_reference_to_a_missing_step_is_rejected():
    assert "send: references unknown step 'find_john'" in messages(Plan(steps=(SEND,)))


def test_dependency_on_a_later_step_is_rejected():
    assert "send: depends on 'find_john', which comes later" in messages(Plan(steps=(SEND, FIND_JOHN)))


def test_cycles_are_rejected():
    a = step("a", "fetch_emails", {}, depends_on=("b",))
    b = step("b", "fetch_emails", {}, depends_on=("a",))
    found = messages(Plan(steps=(a, b)))
    assert any("cycle" in m for m in found)


def test_duplicate_ids_are_rejected():
    assert "find_john: duplicate step id" in messages(Plan(steps=(FIND_JOHN, FIND_JOHN)))


def test_arguments_must_be_wrapped_in_input():
    raw = Step(id="a", intent="a", tool="fetch_emails", arguments={"sender": "x"})
    assert messages(Plan(steps=(raw,))) == ['a: arguments must be {"input": {...}}']


def test_malformed_template_is_rejected():
    bad = step("a", "fetch_emails", {"sender": "{{who knows}}"})
    assert messages(Plan(steps=(bad,))) == ["a: {{who knows}} is neither a placeholder nor a step reference"]


def test_placeholder_does_not_hide_other_field_errors():
    bad = step(
        "c",
        "create_entity",
        {"entityType": "Deal", "fields": {"company": "{{PLACEHOLDER_company}}", "stage": "bogus"}},
    )
    [problem] = messages(Plan(steps=(bad,)))
    assert "stage" in problem


def test_placeholder_counts_as_a_present_required_field():
    ok = step("c", "create_entity", {"entityType": "Contact", "fields": {"name": "{{PLACEHOLDER_name}}"}})
    assert messages(Plan(steps=(ok,))) == []


def test_a_record_date_must_be_a_date_for_the_plan_to_be_valid():
    def update(close_date):
        fields = {"closeDate": close_date}
        return Plan(steps=(step("u", "update_entity", {"entityType": "Deal", "id": "deal-1", "fields": fields}),))

    [problem] = messages(update("April 30"))
    assert problem.startswith("u: closeDate:") and "'April 30' is not a date as YYYY-MM-DD" in problem
    assert messages(update("2026-04-30")) == []
    assert messages(update("{{PLACEHOLDER_closeDate}}")) == []
