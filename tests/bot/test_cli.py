import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from bot.cli import main

CLOCK = ["--now", "2026-03-02T09:00:00", "--tz", "America/New_York"]


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_plan_prints_the_understanding_and_steps_for_a_person():
    result = invoke("plan", "Email John the sales report", *CLOCK)
    assert result.exit_code == 0
    assert "Understood: send/email" in result.output
    assert "fetch_entity" in result.output and "send_email, write, needs your approval" in result.output
    assert "I will ask you for: body" in result.output


def test_plan_json_is_the_contract_line():
    result = invoke("plan", "--json", "Create a meeting with Sarah tomorrow at 3pm", *CLOCK)
    line = json.loads(result.output)
    event = next(s for s in line["plan"]["steps"] if s["tool"] == "create_calendar_event")
    assert event["arguments"]["input"]["startTime"] == "2026-03-03T15:00:00-05:00"


def test_batch_echoes_ids_in_order_and_survives_bad_lines(tmp_path: Path):
    source = tmp_path / "in.jsonl"
    source.write_text(
        "\n".join(
            [
                json.dumps({"id": "a", "text": "check my inbox", "expect": {"ignored": True}}),
                json.dumps({"id": 7, "text": None}),
                json.dumps(["not", "an", "object"]),
                "",
                json.dumps({"id": "c", "text": "play some jazz"}),
            ]
        )
    )
    result = invoke("plan", "--jsonl", str(source), *CLOCK)
    assert result.exit_code == 0
    lines = [json.loads(x) for x in result.output.splitlines()]
    assert [x["id"] for x in lines] == ["a", 7, None, "c"]
    assert lines[0]["parse"]["goals"][0]["intent"] == "find"
    assert lines[1]["parse"]["goals"][0]["intent"] == "unsupported" and lines[1]["plan"]["steps"] == []
    assert lines[3]["parse"]["goals"][0]["intent"] == "unsupported"


def test_batch_rejects_a_file_that_is_not_json_lines(tmp_path: Path):
    source = tmp_path / "bad.jsonl"
    source.write_text('{"id": 1, "text": "hi"}\nthis is not json\n')
    result = CliRunner().invoke(main, ["plan", "--jsonl", str(source)])
    assert result.exit_code != 0
    assert "bad.jsonl:2: not JSON Lines" in result.output


def test_batch_reports_an_unreadable_file(tmp_path: Path):
    result = CliRunner().invoke(main, ["plan", "--jsonl", str(tmp_path / "missing.jsonl")])
    assert result.exit_code != 0
    assert "cannot read" in result.output


def test_unknown_time_zone_is_a_clear_error():
    result = CliRunner().invoke(main, ["plan", "hello", "--tz", "Mars/Olympus"])
    assert result.exit_code == 2
    assert "unknown time zone 'Mars/Olympus'" in result.output


def test_now_with_an_offset_is_converted_to_the_zone():
    result = invoke(
        "plan",
        "--json",
        "what's on my calendar today",
        "--now",
        "2026-03-02T02:00:00+00:00",
        "--tz",
        "America/New_York",
    )
    fetch = json.loads(result.output)["plan"]["steps"][0]["arguments"]["input"]
    assert fetch["start"] == "2026-03-01T00:00:00-05:00"  # 02:00 UTC is still Sunday evening in New York


def test_eval_reports_the_contract_metrics(tmp_path: Path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(
        json.dumps(
            {
                "id": "1",
                "text": "Schedule a meeting",
                "expect": {
                    "goals": [["create", "event"]],
                    "tools": ["create_calendar_event"],
                    "placeholders": ["startTime"],
                },
            }
        )
        + "\n"
        + json.dumps({"id": "2", "text": "play jazz", "expect": {"goals": [["unsupported", "none"]]}})
        + "\n"
    )
    result = invoke("eval", str(gold), "--json")
    figures = json.loads(result.output)
    assert figures["plan_ok"] == 1.0 and figures["rejection"] == 1.0 and figures["in_scope_acc"] == 1.0


def test_interactive_plan_reads_requests_until_an_empty_line():
    result = invoke("plan", *CLOCK, input="check my inbox\n\n")
    assert "Understood: find/email" in result.output


def test_console_script_runs_offline():
    planbot = Path(sys.executable).with_name("planbot")
    done = subprocess.run([str(planbot), "plan", "--json", "hello"], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["parse"]["goals"][0]["intent"] == "chat"
