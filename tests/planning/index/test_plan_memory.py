import json

import pytest

from planning.index import SemanticIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.index.test_second_opinion import NOW

EMAIL_PLAN = {"steps": [{"id": "s1", "tool": "fetch_entity"}, {"id": "s2", "tool": "send_email"}]}
MEETING_PLAN = {"steps": [{"id": "s1", "tool": "create_calendar_event"}]}


def test_similar_returns_the_nearest_remembered_plans_first(shared_index: SemanticIndex):
    shared_index.plans.add("Email John the sales report", EMAIL_PLAN, scope="nearest")
    shared_index.plans.add("Book 30 minutes with Sarah on Thursday", json.dumps(MEETING_PLAN), scope="nearest")
    first, second = shared_index.plans.similar("send Priya the Q3 deck by email", k=2, scope="nearest")
    assert first.text == "Email John the sales report"
    assert first.plan == EMAIL_PLAN
    assert second.plan == MEETING_PLAN
    assert first.distance < second.distance


def test_the_same_plan_for_the_same_request_is_kept_once(index: SemanticIndex):
    first = index.plans.add("Email John the sales report", EMAIL_PLAN)
    again = index.plans.add("email john the sales report ", EMAIL_PLAN)
    assert first == again
    assert index.plans.count() == 1


def test_plans_never_leave_their_scope(shared_index: SemanticIndex):
    shared_index.plans.add("Email John the sales report", EMAIL_PLAN, scope="T1")
    assert shared_index.plans.similar("email john", scope="T2") == []
    assert [p.plan for p in shared_index.plans.similar("email john", scope="T1")] == [EMAIL_PLAN]


def test_a_distance_limit_drops_unrelated_plans(shared_index: SemanticIndex):
    shared_index.plans.add("Email John the sales report", EMAIL_PLAN, scope="limit")
    assert shared_index.plans.similar("what is the capital of peru", scope="limit", max_distance=0.3) == []
    assert len(shared_index.plans.similar("email john the report", scope="limit", max_distance=0.3)) == 1


def test_a_plan_that_is_not_json_is_refused(shared_index: SemanticIndex):
    with pytest.raises(ValueError):
        shared_index.plans.add("Email John", "{not json")


def test_an_approved_plan_is_remembered_and_its_single_goal_request_becomes_an_example(index: SemanticIndex):
    text = "log the Initech renewal as a new deal"
    parse = GoalUnderstandingService().parse(text, NOW)
    before = index.examples.count()
    index.remember_approved(text, parse, {"steps": [{"id": "s1", "tool": "create_entity"}]}, scope="T1")
    assert index.examples.count() == before + 1
    [remembered] = index.plans.similar(text, scope="T1")
    assert remembered.plan["steps"][0]["tool"] == "create_entity"


def test_forgetting_someone_deletes_the_plans_and_examples_learned_from_their_requests_only(index: SemanticIndex):
    parse_of = GoalUnderstandingService().parse
    seeded = index.examples.count()
    theirs, mine = "log the Initech renewal as a new deal", "show me my unread emails from Priya"
    index.remember_approved(theirs, parse_of(theirs, NOW), EMAIL_PLAN, scope="T1", requester="UA")
    index.remember_approved(mine, parse_of(mine, NOW), MEETING_PLAN, scope="T1", requester="UB")
    index.plans.add("Book 30 minutes with Sarah", MEETING_PLAN, scope="T1")  # from before requesters were kept
    assert index.forget("UA") == 2  # the plan and the example learned from it
    assert {p.text for p in index.plans.similar(theirs, k=5, scope="T1")} == {mine, "Book 30 minutes with Sarah"}
    assert index.examples.count() == seeded + 1
    assert index.forget("UA") == 0 and index.forget("") == 0
