"""`planbot plan` on dates that do not exist: exit 0, one output line, the start left to ask and why."""

import json

from click.testing import CliRunner

from bot.cli import main

CLOCK = ["--now", "2026-03-02T09:00:00", "--tz", "America/New_York"]


def test_plan_of_an_impossible_date_prints_a_line_with_a_placeholder_and_the_reason():
    for text in ("book a meeting with Priya on February 30 at 3pm", "what's on my calendar on 2027-02-29"):
        result = CliRunner().invoke(main, ["plan", "--json", text, *CLOCK], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        [line] = result.output.splitlines()
        parse = json.loads(line)["parse"]
        assert any("there is no" in a for a in parse["ambiguities"]), parse
    assert json.loads(line)["parse"]["clarify"] == "There is no 29 February 2027. Which day did you mean?"
