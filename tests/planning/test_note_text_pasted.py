"""Notes pasted as a CRM note's text after the record's colon or dash are saved as the note's text, as pasted: the
actions they mention ("schedule a demo", "email the deck") are what was said, never steps of the plan."""

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, args, goals, run


def test_pasted_meeting_notes_after_a_dash_are_the_text_of_one_note() -> None:
    line = run(
        "put a note on the hooli account - meeting notes: spoke with kai, they need a quote by the 20th, email the deck"
    )
    assert goals(line) == [("create", "note")]
    body = args(line, "create_entity")["fields"]["body"]
    assert body == "Meeting notes: spoke with kai, they need a quote by the 20th, email the deck"


def test_notes_after_the_colon_keep_every_clause_and_plan_no_event() -> None:
    line = run("log these call notes to the globex deal: budget approved, schedule a kickoff friday, loop in legal")
    assert goals(line) == [("create", "note")]
    assert args(line, "create_entity")["fields"]["body"].endswith("schedule a kickoff friday, loop in legal")


def test_an_email_with_a_colon_is_unchanged_by_notes() -> None:
    assert goals(run("email kai: notes from today, they need a quote")) == [("send", "email")]


def test_a_person_named_only_in_the_pasted_text_is_not_the_record_the_note_is_on() -> None:
    said = "add a note on the open one - ines wants the rollout moved to may"
    [goal] = GoalUnderstandingService(rules_only=True).parse(said, MONDAY_9AM).goals
    assert goal.slots.people == ()
    named = "add a note to kai brandt - ines joins the next call"
    [goal] = GoalUnderstandingService(rules_only=True).parse(named, MONDAY_9AM).goals
    assert goal.slots.people == ("kai brandt",)
