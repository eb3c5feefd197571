"""An update of a contact's title whose new title is said in a clause beside the ask ("maria got promoted to head of
ops, fix her title in the crm", "update tom's record, he's now their cfo"): the update sets that title, never asks for
a value; words that hold no job title ("he's out sick") set none."""

from planning.types import Goal
from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex([("Maria Lopez", "contact"), ("Tom Reyes", "contact"), ("Wonka", "lead")])


def goals(text: str) -> list[Goal]:
    return list(GoalUnderstandingService(rules_only=True, grounding=NAMES).parse(text, MONDAY_9AM).goals)


def _titles(goal: Goal) -> list[str]:
    return [value for key, value in goal.slots.field_changes if key in ("job title", "title")]


def test_a_title_said_beside_the_update_is_its_new_value():
    [goal] = goals("maria lopez got promoted to head of ops, fix her title in the crm")
    assert (goal.intent, goal.entity) == ("update", "contact")
    assert _titles(goal) == ["head of ops"]


def test_a_title_said_after_the_update_in_a_reason_is_its_new_value():
    [goal] = goals("update tom reyes's title, she is now the cfo over there")
    assert _titles(goal) == ["cfo"]


def test_a_title_beside_an_update_with_a_second_request_goes_to_the_contact():
    update, delete = goals("tom reyes is vp of finance now so update his title, and remove the wonka lead")
    assert (update.intent, update.entity, _titles(update)) == ("update", "contact", ["vp of finance"])
    assert (delete.intent, delete.entity) == ("delete", "lead")


def test_words_beside_that_hold_no_job_title_set_none():
    [goal] = goals("update maria lopez's title, she's out sick this week")
    assert _titles(goal) == []
