import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from devtools.evaluation import (
    EvalReport,
    depends_on_tool,
    evaluate,
    index_by_id,
    load_jsonl,
    score_item,
    value_matches,
)
from devtools.evaluation_report import format_report

SCORE_PY = Path("/work/shared/eval/score.py")


# --- builders ------------------------------------------------------------------------------------


def gold(expect: dict[str, Any], item_id: str = "g-1", text: str = "a request") -> dict[str, Any]:
    return {"id": item_id, "text": text, "expect": expect}


def step(step_id: str, tool: str, depends_on: list[str] | None = None, **arguments: Any) -> dict[str, Any]:
    return {
        "id": step_id,
        "intent": f"run {tool}",
        "tool": tool,
        "arguments": {"input": arguments},
        "depends_on": depends_on or [],
        "goal": 0,
    }


def prediction(
    goals: list[tuple[str, str]],
    steps: list[dict[str, Any]] | None = None,
    item_id: str = "g-1",
    meta_type: str = "single",
) -> dict[str, Any]:
    return {
        "id": item_id,
        "parse": {
            "meta_type": meta_type,
            "goals": [{"intent": i, "entity": e, "scope": {}, "slots": {}} for i, e in goals],
            "dependencies": {},
            "confidence": 0.9,
        },
        "plan": {"steps": steps or []},
    }


EMAIL_JOHN = [
    step("find_john", "fetch_entity", entityType="Contact", filters={"name": "John"}),
    step(
        "send_report",
        "send_email",
        ["find_john"],
        to=["{{find_john.result.data[0].email}}"],
        subject="Sales report",
        body="{{PLACEHOLDER_body}}",
    ),
]


def write_jsonl(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path


# --- load_jsonl / index_by_id --------------------------------------------------------------------


def test_load_jsonl_reads_objects_and_skips_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    path.write_text('{"id": "a"}\n\n   \n{"id": 2}\n', encoding="utf-8")
    assert load_jsonl(path) == [{"id": "a"}, {"id": 2}]


def test_load_jsonl_names_file_and_line_of_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a"}\n\n{"id": oops}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.jsonl:3: not valid JSON"):
        load_jsonl(path)


def test_load_jsonl_rejects_a_line_that_is_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.jsonl"
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"list\.jsonl:1: expected a JSON object"):
        load_jsonl(path)


def test_index_by_id_uses_text_ids_and_keeps_the_last_duplicate() -> None:
    indexed = index_by_id([{"id": 1, "v": "a"}, {"id": "2"}, {"id": "1", "v": "b"}])
    assert list(indexed) == ["1", "2"]
    assert indexed["1"]["v"] == "b"


def test_index_by_id_requires_an_id() -> None:
    with pytest.raises(ValueError, match="without an id"):
        index_by_id([{"text": "x"}])


# --- goals ---------------------------------------------------------------------------------------


def test_goals_compare_as_sets() -> None:
    expect = {"goals": [["send", "email"], ["create", "event"]]}
    pred = prediction([("create", "event"), ("send", "email"), ("send", "email")])
    assert score_item(gold(expect), pred).goals_ok is True


def test_wrong_goals_fail_with_a_reason() -> None:
    score = score_item(gold({"goals": [["send", "email"]]}), prediction([("find", "email")]))
    assert score.goals_ok is False
    assert score.reasons == ("goals expected [send/email], got [find/email]",)
    assert score.plan_ok is None  # no tools expected: plan checks do not apply


def test_goals_any_accepts_any_listed_set() -> None:
    expect = {"goals_any": [[["find", "availability"]], [["find", "event"]]]}
    assert score_item(gold(expect), prediction([("find", "event")])).goals_ok is True
    failing = score_item(gold(expect), prediction([("find", "email")]))
    assert failing.goals_ok is False
    assert "one of" in failing.reasons[0]


def test_out_of_scope_gold_accepts_unsupported_or_chat_without_steps() -> None:
    expect = {"goals": [["unsupported", "none"]]}
    assert score_item(gold(expect), prediction([("unsupported", "none")])).goals_ok is True
    assert score_item(gold(expect), prediction([("chat", "none")])).goals_ok is True


def test_out_of_scope_gold_fails_with_an_in_scope_goal_or_any_step() -> None:
    expect = {"goals": [["unsupported", "none"]]}
    mixed = prediction([("unsupported", "none"), ("send", "email")])
    with_steps = prediction([("unsupported", "none")], [step("s", "fetch_emails")])
    assert score_item(gold(expect), mixed).goals_ok is False
    assert score_item(gold(expect), with_steps).goals_ok is False
    assert score_item(gold(expect), prediction([])).reasons == ("no goal predicted",)


def test_chat_gold_answered_with_unsupported_fails() -> None:
    score = score_item(gold({"goals": [["chat", "none"]]}), prediction([("unsupported", "none")]))
    assert score.goals_ok is False
    assert score.reasons == ("chat goal expected, got [unsupported/none]",)
    assert score_item(gold({"goals": [["chat", "none"]]}), prediction([("chat", "none")])).goals_ok


# --- tools ---------------------------------------------------------------------------------------


def test_tools_compare_as_multisets() -> None:
    expect = {"goals": [["send", "email"]], "tools": ["send_email", "fetch_entity"]}
    assert score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN)).tools_ok is True
    doubled = [*EMAIL_JOHN, step("again", "fetch_entity")]
    score = score_item(gold(expect), prediction([("send", "email")], doubled))
    assert score.tools_ok is False
    assert score.reasons == ("tool fetch_entity unexpected",)


def test_missing_tool_is_named() -> None:
    expect = {"tools": ["fetch_entity", "send_email"]}
    score = score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN[:1]))
    assert score.tools_ok is False
    assert "tool send_email missing" in score.reasons


def test_a_list_of_tool_lists_means_any_of_them() -> None:
    expect = {"tools": [["find_free_slots"], ["fetch_calendar_events"]]}
    events = prediction([("find", "availability")], [step("e", "fetch_calendar_events")])
    both = prediction([], [step("e", "fetch_calendar_events"), step("f", "find_free_slots")])
    assert score_item(gold(expect), events).tools_ok is True
    assert score_item(gold(expect), both).tools_ok is False


def test_empty_tools_means_no_steps() -> None:
    expect = {"goals": [["chat", "none"]], "tools": []}
    assert score_item(gold(expect), prediction([("chat", "none")])).plan_ok is True
    assert score_item(gold(expect), prediction([("chat", "none")], [step("s", "summarize")])).plan_ok is False


# --- dependencies --------------------------------------------------------------------------------


def test_direct_dependency_through_depends_on() -> None:
    assert depends_on_tool(EMAIL_JOHN, "send_email", "fetch_entity")
    assert not depends_on_tool(EMAIL_JOHN, "fetch_entity", "send_email")


def test_transitive_dependency_through_a_reference_without_depends_on() -> None:
    steps = [
        step("mails", "fetch_emails", sender="Laura", limit=1),
        step("gist", "summarize", text="{{mails.result.data}}"),
        step("send", "send_email", to=["a@example.com"], subject="Gist", body="{{gist.result.summary}}"),
    ]
    assert depends_on_tool(steps, "send_email", "fetch_emails")
    assert not depends_on_tool(steps, "fetch_emails", "summarize")


def test_deps_check_reports_the_missing_pair() -> None:
    independent = [
        step("find_john", "fetch_entity", entityType="Contact"),
        step("send", "send_email", to=["john@example.com"], subject="Hi", body="Hello"),
    ]
    expect = {"tools": ["fetch_entity", "send_email"], "deps": [["send_email", "fetch_entity"]]}
    score = score_item(gold(expect), prediction([("send", "email")], independent))
    assert score.deps_ok is False
    assert score.plan_ok is False
    assert score.reasons == ("send_email does not depend on fetch_entity",)


# --- arguments -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("got", "want"),
    [
        ("2026-03-03T20:00:00Z", "2026-03-03T15:00:00-05:00"),
        ("2026-03-10T13:00:00+00:00", "2026-03-10T09:00:00-04:00"),
        ("CONTACT", "Contact"),
        (45, 45.0),
        ("45", 45),
        (True, True),
        (["dev@example.org", "Tom@Example.org"], "tom@example.org"),
        ({"name": "John Smith"}, {"contains": "john"}),
        (["dev@example.org"], {"contains": "DEV@example"}),
        ("2026-03-03T00:00:00-05:00", {"prefix": "2026-03-03"}),
        ("Deal", {"any": ["Lead", "Deal"]}),
        ({"a": 1}, {"a": 1}),
    ],
)
def test_values_that_match(got: Any, want: Any) -> None:
    assert value_matches(got, want)


@pytest.mark.parametrize(
    ("got", "want"),
    [
        (None, "Contact"),
        ("2026-03-03T20:00:00Z", "2026-03-03T15:00:00-04:00"),
        ("2026-03-03T15:00:00", "2026-03-03T15:00:00-05:00"),
        ("{{PLACEHOLDER_startTime}}", "2026-03-03T15:00:00-05:00"),
        (30, 45),
        ("forty-five", 45),
        (1, True),
        (["a@example.com"], "b@example.com"),
        ("Globex", {"contains": "initech"}),
        ("2026-03-04T00:00:00-05:00", {"prefix": "2026-03-03"}),
        ("Account", {"any": ["Lead", "Deal"]}),
    ],
)
def test_values_that_do_not_match(got: Any, want: Any) -> None:
    assert not value_matches(got, want)


def test_args_pass_when_any_step_of_the_tool_matches() -> None:
    expect = {
        "tools": ["fetch_entity", "send_email"],
        "args": {
            "fetch_entity.entityType": "contact",
            "fetch_entity.filters": {"contains": "john"},
            "fetch_entity.filters.name": "JOHN",
            "send_email.subject": {"prefix": "Sales"},
        },
    }
    assert score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN)).args_ok is True


def test_args_failure_shows_expected_and_got() -> None:
    steps = [step("ev", "create_calendar_event", title="Meeting", startTime="{{PLACEHOLDER_startTime}}")]
    expect = {
        "tools": ["create_calendar_event"],
        "args": {
            "create_calendar_event.startTime": "2026-03-03T15:00:00-05:00",
            "fetch_entity.entityType": "Contact",
        },
    }
    score = score_item(gold(expect), prediction([("create", "event")], steps))
    assert score.args_ok is False
    assert score.reasons == (
        "create_calendar_event.startTime expected 2026-03-03T15:00:00-05:00, got {{PLACEHOLDER_startTime}}",
        "fetch_entity.entityType: no fetch_entity step",
    )


def test_arguments_without_input_wrapper_are_read_too() -> None:
    bare = {"id": "ev", "tool": "create_calendar_event", "arguments": {"durationMinutes": 120}}
    expect = {"tools": ["create_calendar_event"], "args": {"create_calendar_event.durationMinutes": 120}}
    assert score_item(gold(expect), prediction([("create", "event")], [bare])).args_ok is True


# --- placeholders --------------------------------------------------------------------------------


def test_placeholders_hold_when_some_step_has_one() -> None:
    expect = {"tools": ["fetch_entity", "send_email"], "placeholders": ["body"]}
    assert score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN)).placeholders_ok is True


def test_a_placeholder_may_be_named_with_its_tool_like_an_argument() -> None:
    expect = {"tools": ["fetch_entity", "send_email"], "placeholders": ["send_email.body"]}
    assert score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN)).placeholders_ok is True
    filled = [step("ev", "create_calendar_event", title="Sync", startTime="2026-03-03T15:00:00-05:00")]
    expect = {"tools": ["create_calendar_event"], "placeholders": ["create_calendar_event.startTime"]}
    assert score_item(gold(expect), prediction([("create", "event")], filled)).placeholders_ok is False


def test_placeholder_expected_but_filled_fails() -> None:
    steps = [step("ev", "create_calendar_event", title="Meeting", startTime="2026-03-03T15:00:00-05:00")]
    expect = {"tools": ["create_calendar_event"], "placeholders": ["startTime"]}
    score = score_item(gold(expect), prediction([("create", "event")], steps))
    assert score.placeholders_ok is False
    assert score.reasons == ("startTime should be a placeholder, got 2026-03-03T15:00:00-05:00",)


def test_not_placeholder_requires_a_filled_value() -> None:
    expect = {"tools": ["create_entity"], "not_placeholder": ["fields.email"]}
    filled = [step("c", "create_entity", entityType="Contact", fields={"name": "Ann", "email": "a@x.org"})]
    holder = [step("c", "create_entity", entityType="Contact", fields={"email": "{{PLACEHOLDER_email}}"})]
    absent = [step("c", "create_entity", entityType="Contact", fields={"name": "Ann"})]
    assert score_item(gold(expect), prediction([("create", "contact")], filled)).placeholders_ok is True
    assert score_item(gold(expect), prediction([("create", "contact")], holder)).placeholders_ok is False
    missing = score_item(gold(expect), prediction([("create", "contact")], absent))
    assert missing.placeholders_ok is False
    assert missing.reasons == ("fields.email should be filled, got nothing",)


def test_a_placeholder_inside_a_list_counts() -> None:
    steps = [step("s", "send_email", to=["{{PLACEHOLDER_to}}"], subject="Hi", body="Hello")]
    expect = {"tools": ["send_email"], "placeholders": ["to"], "not_placeholder": ["subject"]}
    assert score_item(gold(expect), prediction([("send", "email")], steps)).placeholders_ok is True


# --- meta type -----------------------------------------------------------------------------------


def test_meta_type_is_reported_but_not_part_of_plan_correctness() -> None:
    expect = {"goals": [["send", "email"]], "tools": ["fetch_entity", "send_email"], "meta_type": "single"}
    wrong = prediction([("send", "email")], EMAIL_JOHN, meta_type="dependent_multi")
    score = score_item(gold(expect), wrong)
    assert score.meta_ok is False
    assert score.plan_ok is True
    assert not score.passed
    assert score.reasons == ("meta_type expected single, got dependent_multi",)
    right = score_item(gold(expect), prediction([("send", "email")], EMAIL_JOHN))
    assert right.meta_ok is True
    assert right.passed


def test_meta_type_without_tools_is_not_checked() -> None:
    score = score_item(gold({"goals": [["send", "email"]], "meta_type": "single"}), prediction([]))
    assert score.meta_ok is None


# --- label-only sets (tool_set / write_tools) ----------------------------------------------------


TOOL_SET_EXPECT = {"tool_set": ["send_email"], "write_tools": ["send_email"], "goals": [["send", "email"]]}


def test_tool_set_allows_extra_read_tools_and_skips_goals() -> None:
    score = score_item(gold(TOOL_SET_EXPECT), prediction([("find", "email")], EMAIL_JOHN))
    assert score.checks() == {"tools_ok": True, "writes_ok": True, "plan_ok": True}
    assert score.goals_ok is None


def test_tool_set_rejects_an_extra_write_tool() -> None:
    steps = [*EMAIL_JOHN, step("lead", "create_entity", entityType="Lead", fields={"company": "Globex"})]
    score = score_item(gold(TOOL_SET_EXPECT), prediction([("send", "email")], steps))
    assert score.tools_ok is False
    assert score.writes_ok is False
    assert score.plan_ok is False
    assert "write tool create_entity not expected" in score.reasons


def test_write_tools_compare_as_multisets() -> None:
    steps = [*EMAIL_JOHN, step("again", "send_email", to=["x@y.org"], subject="S", body="B")]
    score = score_item(gold(TOOL_SET_EXPECT), prediction([("send", "email")], steps))
    assert score.tools_ok is True
    assert score.writes_ok is False
    assert score.reasons == ("write step send_email unexpected",)


def test_tool_set_missing_tool_and_toolless_step() -> None:
    steps = [{"id": "x", "arguments": {}}]
    score = score_item(gold(TOOL_SET_EXPECT), prediction([("send", "email")], steps))
    assert score.tools_ok is False
    assert score.reasons[:2] == ("tool send_email missing", "a step has no tool")


# --- missing predictions and aggregation ---------------------------------------------------------


def test_missing_prediction_fails_every_applicable_check() -> None:
    expect = {"goals": [["send", "email"]], "tools": ["send_email"], "meta_type": "single"}
    score = score_item(gold(expect), None)
    assert score.checks() == {
        "goals_ok": False,
        "tools_ok": False,
        "deps_ok": False,
        "args_ok": False,
        "placeholders_ok": False,
        "meta_ok": False,
        "plan_ok": False,
    }
    assert score.reasons == ("no prediction",)


def test_evaluate_aggregates_like_the_reference_scorer() -> None:
    golds = [
        gold({"goals": [["send", "email"]], "tools": ["fetch_entity", "send_email"]}, "a"),
        gold({"goals": [["find", "email"]], "tools": ["fetch_emails"]}, "b"),
        gold({"goals": [["unsupported", "none"]]}, "c"),
        gold({"goals": [["chat", "none"]]}, "d"),
        gold({"goals": [["create", "event"]]}, "e"),
    ]
    predictions = {
        "a": prediction([("send", "email")], EMAIL_JOHN, "a"),
        "b": prediction([("find", "email")], [step("f", "fetch_entity")], "b"),
        "c": prediction([("unsupported", "none")], item_id="c"),
        "d": prediction([("unsupported", "none")], item_id="d"),
    }
    report = evaluate(golds, predictions)
    assert report.as_dict() == {
        "goals_ok": 0.6,
        "tools_ok": 0.5,
        "deps_ok": 1.0,
        "args_ok": 1.0,
        "placeholders_ok": 1.0,
        "plan_ok": 0.5,
        "n": 5,
        "missing": 1,
        "in_scope": 3,
        "in_scope_acc": 0.6667,
        "out_of_scope": 2,
        "rejection": 0.5,
    }
    assert [failure.item_id for failure in report.failures] == ["b", "d", "e"]
    assert json.loads(report.as_json()) == report.as_dict()


def test_evaluate_without_goal_checks_or_out_of_scope_items_reports_none() -> None:
    report = evaluate([gold(TOOL_SET_EXPECT, "t")], {"t": prediction([], EMAIL_JOHN, "t")})
    assert report.in_scope_acc is None
    assert report.rejection is None
    assert report.rates == {"tools_ok": 1.0, "writes_ok": 1.0, "plan_ok": 1.0}


def test_format_report_shows_figures_and_failures() -> None:
    golds = [
        gold({"goals": [["send", "email"]], "tools": ["fetch_entity", "send_email"]}, "a", "Email John"),
        gold({"goals": [["chat", "none"]]}, "b", "hi there"),
        gold({"goals": [["unsupported", "none"]]}, "c", "play jazz"),
    ]
    predictions = {
        "a": prediction([("send", "email")], EMAIL_JOHN[:1], "a"),
        "c": prediction([], item_id="c"),
    }
    text = format_report(evaluate(golds, predictions), "plans.jsonl", show_failures=2)
    assert text.startswith("== plans.jsonl: 3 items, 1 without a prediction")
    assert "in-scope accuracy         1.0000  (1 items)" in text
    assert "out-of-scope rejection    0.0000  (2 items)" in text
    assert "plan correctness          0.0000" in text
    assert "failures: 3 (first 2 shown)" in text
    assert "- a 'Email John'" in text
    assert "tool send_email missing" in text
    assert "no prediction" in text
    assert "play jazz" not in text


def test_format_report_without_failures_to_show() -> None:
    report = EvalReport({}, n=0, missing=0, in_scope=0, in_scope_acc=None, out_of_scope=0, rejection=None)
    text = format_report(report, "empty.jsonl", show_failures=5)
    assert "in-scope accuracy         n/a" in text
    assert "no failures" in text


# --- agreement with shared/eval/score.py ---------------------------------------------------------


def agreement_cases() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    ev_steps = [
        step("find_sarah", "fetch_entity", entityType="Contact", filters={"name": "Sarah"}),
        step(
            "meet",
            "create_calendar_event",
            title="Meeting with Sarah",
            startTime="2026-03-03T20:00:00Z",
            durationMinutes=30,
            attendees=["{{find_sarah.result.data[0].email}}"],
        ),
    ]
    golds = [
        gold(
            {
                "goals": [["send", "email"]],
                "tools": ["fetch_entity", "send_email"],
                "deps": [["send_email", "fetch_entity"]],
                "args": {"fetch_entity.entityType": "Contact", "fetch_entity.filters": {"contains": "john"}},
                "placeholders": ["body"],
            },
            "ok-email",
        ),
        gold(
            {
                "goals": [["create", "event"]],
                "tools": ["fetch_entity", "create_calendar_event"],
                "deps": [["create_calendar_event", "fetch_entity"]],
                "args": {"create_calendar_event.startTime": "2026-03-03T15:00:00-05:00"},
                "not_placeholder": ["startTime"],
                "meta_type": "single",
            },
            "instant",
        ),
        gold(
            {
                "goals": [["create", "event"]],
                "tools": ["create_calendar_event"],
                "placeholders": ["startTime"],
            },
            "ph",
        ),
        gold({"goals": [["chat", "none"]], "tools": []}, "chat"),
        gold({"goals": [["unsupported", "none"]]}, "oos-ok"),
        gold({"goals": [["unsupported", "none"]]}, "oos-bad"),
        gold({"goals_any": [[["find", "availability"]], [["find", "event"]]]}, "any"),
        gold({"goals": [["find", "email"]], "tools": [["fetch_emails"], ["fetch_emails", "summarize"]]}, "opts"),
        gold({"goals": [["send", "email"]], "tools": ["send_email"], "meta_type": "single"}, "missing"),
        gold(TOOL_SET_EXPECT, "ts-ok"),
        gold({"tool_set": ["create_calendar_event"], "write_tools": ["create_calendar_event"]}, "ts-bad"),
        gold(
            {
                "goals": [["create", "deal"]],
                "tools": ["create_entity"],
                "args": {"create_entity.fields.amount": 5000},
            },
            "number",
        ),
    ]
    predictions = [
        prediction([("send", "email")], EMAIL_JOHN, "ok-email"),
        prediction([("create", "event")], ev_steps, "instant", meta_type="dependent_multi"),
        prediction([("create", "event")], [step("ev", "create_calendar_event", startTime="2026-03-03")], "ph"),
        prediction([("unsupported", "none")], item_id="chat"),
        prediction([("chat", "none")], item_id="oos-ok"),
        prediction([("unsupported", "none")], [step("w", "fetch_emails")], "oos-bad"),
        prediction([("find", "event")], [step("e", "fetch_calendar_events")], "any"),
        prediction([("find", "email")], [step("m", "fetch_emails"), step("s", "summarize")], "opts"),
        prediction([("send", "email")], EMAIL_JOHN, "ts-ok"),
        prediction([("create", "event")], [*ev_steps, step("x", "delete_entity")], "ts-bad"),
        prediction([("create", "deal")], [step("d", "create_entity", fields={"amount": "5000.0"})], "number"),
        prediction([("send", "email")], EMAIL_JOHN, "not-in-gold"),
    ]
    return golds, predictions


@pytest.mark.skipif(not SCORE_PY.exists(), reason="shared/eval/score.py is not available")
def test_figures_match_the_reference_scorer(tmp_path: Path) -> None:
    golds, predictions = agreement_cases()
    gold_path = write_jsonl(tmp_path / "gold.jsonl", golds)
    prediction_path = write_jsonl(tmp_path / "pred.jsonl", predictions)
    completed = subprocess.run(
        [sys.executable, str(SCORE_PY), str(gold_path), str(prediction_path), "--show", "100"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    *fail_lines, last_line = completed.stdout.strip().splitlines()

    report = evaluate(load_jsonl(gold_path), index_by_id(load_jsonl(prediction_path)))

    assert report.as_json() == last_line
    reference_failures = [ast.literal_eval(line.removeprefix("FAIL "))[0] for line in fail_lines]
    assert [failure.item_id for failure in report.failures] == reference_failures
    assert 0 < len(reference_failures) < len(golds)
