"""Notes asked to be shown on a record (contract §3 v2: Note with ``about``) are found by that record, with or
without a word naming the record's kind; a lead asked to be converted is refused, saying what can be done instead
(the contract has no conversion)."""

from datetime import UTC, datetime

import pytest

from planning.engine import texts
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import args, goals, run, steps

NOW = datetime(2026, 3, 2, 14, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("pull up the notes we keep on the globex deal", "globex"),
        ("which notes have we got on the initech account?", "initech"),
        ("list the notes on globex", "globex"),
        ("any notes on initech?", "initech"),
    ],
)
def test_notes_asked_for_on_a_record_are_found_by_it(text: str, company: str):
    line = run(text)
    assert goals(line) == [("find", "note")]
    found = [s["arguments"]["input"] for s in steps(line, "fetch_entity")]
    assert found[-1]["entityType"] == "Note" and "about" in found[-1]["filters"]
    assert any(company in str(s.get("filters", {})).lower() for s in found[:-1])


def test_a_note_still_written_on_a_record_is_made():
    line = run("add a note on the globex deal: pricing call went well")
    assert goals(line) == [("create", "note")]
    assert args(line, "create_entity")["entityType"] == "Note"


@pytest.mark.parametrize(
    "text",
    [
        "turn the lead rosa diaz into a contact",
        "please convert that lead to an account",
        "can u promote lead tom kim to a contact",
    ],
)
def test_a_lead_conversion_is_refused_with_what_can_be_done(text: str):
    [goal] = GoalUnderstandingService(rules_only=True).parse(text, NOW).goals
    assert goal.intent == "unsupported" and goal.outside is not None
    said = texts.cant_do(goal.outside)
    assert said.startswith("I can't convert a lead") and "add a contact" in said


def test_a_lead_made_or_changed_is_no_conversion():
    assert goals(run("add a lead: rosa diaz from initech")) == [("create", "lead")]
    assert goals(run("change the status of lead rosa diaz to qualified")) == [("update", "lead")]
