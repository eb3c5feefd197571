"""Validation of the v2 plan language (contract §2.6): for_each, run_if and {{item...}}."""

from typing import Any

from integrations.base import CATALOG
from planning.types import Plan, Step
from planning.validation import validate_plan

THURSDAY = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}


def _fetch() -> Step:
    return Step(
        id="find_thursday", intent="Thursday's events", tool="fetch_calendar_events", arguments={"input": THURSDAY}
    )


def _delete(**fields: Any) -> Step:
    values: dict[str, Any] = {
        "id": "delete_each",
        "intent": "Delete each event",
        "tool": "delete_calendar_event",
        "arguments": {"input": {"eventId": "{{item.id}}"}},
        "depends_on": ("find_thursday",),
        "for_each": "{{find_thursday.result.data}}",
    }
    values.update(fields)
    return Step.model_validate(values)


def _problems(*steps: Step) -> list[str]:
    return [str(problem) for problem in validate_plan(Plan(steps=steps), CATALOG)]


def test_a_for_each_over_a_read_result_is_valid():
    assert _problems(_fetch(), _delete()) == []


def test_for_each_must_be_a_list_reference():
    assert any("one reference to a list" in p for p in _problems(_fetch(), _delete(for_each="every event")))
    assert any(
        "one item, not a list" in p for p in _problems(_fetch(), _delete(for_each="{{find_thursday.result.data[0]}}"))
    )
    assert any("one reference" in p for p in _problems(_fetch(), _delete(for_each="x {{find_thursday.result.data}}")))


def test_for_each_reference_counts_as_a_dependency():
    problems = _problems(_fetch(), _delete(depends_on=()))
    assert any("without depending on it" in p for p in problems)


def test_item_outside_a_for_each_step_is_a_problem():
    problems = _problems(_fetch(), _delete(for_each=None))
    assert any("outside a for_each" in p for p in problems)


def test_run_if_over_a_missing_step_is_a_problem():
    create = Step.model_validate(
        {
            "id": "book",
            "intent": "Book",
            "tool": "create_calendar_event",
            "arguments": {
                "input": {"title": "Meeting", "startTime": "2026-03-05T11:00:00-05:00", "durationMinutes": 30}
            },
            "run_if": {"empty": "{{check.result.data}}"},
        }
    )
    assert any("unknown step 'check'" in p for p in _problems(create))
    check = Step(id="check", intent="Is 11 free", tool="fetch_calendar_events", arguments={"input": THURSDAY})
    assert any("without depending" in p for p in _problems(check, create))
    assert _problems(check, create.model_copy(update={"depends_on": ("check",)})) == []


def test_run_if_accepts_a_list_of_conditions_and_says_what_is_wrong():
    step = Step.model_validate(
        {
            "id": "book",
            "intent": "Book",
            "tool": "create_calendar_event",
            "arguments": {"input": {"title": "M", "startTime": "2026-03-05T15:00:00-05:00", "durationMinutes": 30}},
            "depends_on": ["check"],
            "run_if": [{"not_empty": "{{check.result.data}}"}, {"empty": "not a reference"}],
        }
    )
    check = Step(id="check", intent="Is 9 free", tool="fetch_calendar_events", arguments={"input": THURSDAY})
    assert step.contract_json()["run_if"] == [{"not_empty": "{{check.result.data}}"}, {"empty": "not a reference"}]
    assert any("run_if must be one reference" in p for p in _problems(check, step))


def test_contract_json_leaves_unset_v2_fields_out_and_keeps_one_condition_an_object():
    assert "for_each" not in _fetch().contract_json() and "run_if" not in _fetch().contract_json()
    step = Step.model_validate(
        {
            "id": "s",
            "intent": "x",
            "tool": "summarize",
            "arguments": {"input": {"text": "t"}},
            "run_if": {"not_empty": "{{a.result.data}}"},
        }
    )
    assert step.contract_json()["run_if"] == {"not_empty": "{{a.result.data}}"}
    assert Step.model_validate(step.model_dump(mode="json")) == step
