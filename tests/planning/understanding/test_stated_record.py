"""A statement about a record the user has, with a new value of one of its fields and no verb ("umbrella deal closes
on the 12th now", "the hooli deal is at 95k these days"): an update of that record, not a new one of the same name nor
a search; a new record asked for, a question and a record the user does not have stay as they were."""

from planning.types import ParseResult
from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex([("Umbrella", "account"), ("Umbrella deal", "deal"), ("Hooli deal", "deal"), ("Hooli", "account")])


def parse(text: str, grounding: NameIndex | None = NAMES) -> ParseResult:
    return GoalUnderstandingService(rules_only=True, grounding=grounding).parse(text, MONDAY_9AM)


def labels(text: str, grounding: NameIndex | None = NAMES) -> list[tuple[str, str]]:
    return [(g.intent, g.entity) for g in parse(text, grounding).goals]


def test_a_new_close_date_stated_of_a_deal_the_user_has_updates_it():
    [goal] = parse("umbrella deal closes on the 12th now").goals
    assert (goal.intent, goal.entity) == ("update", "deal")
    assert ("close date", "2026-03-12") in goal.slots.field_changes


def test_a_new_amount_stated_updates_and_a_second_clause_changes_the_same_deal():
    [goal] = parse("the hooli deal is at 95k these days").goals
    assert (goal.intent, goal.entity, goal.slots.amount) == ("update", "deal", 95000.0)
    [both] = parse("umbrella deal closing april 3 now, and bump it to 88k").goals
    assert (both.intent, both.slots.amount) == ("update", 88000.0)
    assert ("close date", "2026-04-03") in both.slots.field_changes


def test_a_request_a_question_or_a_record_not_there_is_read_as_before():
    assert labels("new deal for umbrella closing on the 12th") == [("create", "deal")]
    assert labels("is the umbrella deal closing on the 12th?") == [("find", "deal")]
    assert labels("umbrella deal closes on the 12th now", grounding=None) == [("create", "deal")]
    assert labels("initech deal closes on the 12th now") == [("create", "deal")]  # no such deal of the user's


PEOPLE = NameIndex([("Rosa Diaz", "lead"), ("Hooli", "account"), ("Kemal Ak", "contact"), ("Initech", "account")])


def test_a_reason_said_beside_a_change_of_a_persons_record_never_narrows_its_lookup():
    [goal] = parse("mark rosa diaz as qualified, hooli wants a demo", PEOPLE).goals
    assert (goal.intent, goal.entity, goal.slots.people, goal.slots.companies) == ("update", "lead", ("Rosa Diaz",), ())
    [goal] = parse("set rosa diaz to unqualified, initech froze budgets", PEOPLE).goals
    assert goal.slots.companies == ()
    [kept] = parse("update the hooli lead rosa diaz to qualified", PEOPLE).goals  # said in the request: kept
    assert kept.slots.companies
