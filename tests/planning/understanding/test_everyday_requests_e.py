"""Everyday requests of user trials 1 and 2, by mechanism: a message dropped to someone is sent, a second question
about the same record is asked of it, and a purchase is outside email, CRM and calendar."""

from planning.understanding.learned.policy import RulesView, Thresholds, judge
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, goals, run


def test_a_message_dropped_to_someone_is_sent():
    for text in ("drop Maria and Tom a short note about the Q2 plan", "drop Sarah an email saying the deck is final"):
        assert goals(run(text)) == [("send", "email")], text
    assert goals(run("drop the 3pm call with Maria")) == [("delete", "event")]


def test_a_second_question_about_it_asks_more_of_the_same_record():
    parse = GoalUnderstandingService().parse("what stage is the Initech deal at and who owns it?", MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("find", "deal")]
    assert parse.goals[0].scope["asked_fields"] == ["stage", "owner"]


def test_a_purchase_is_outside_email_crm_and_calendar():
    for text in ("order sandwiches for the board meeting on Thursday", "order catering for the Acme visit next week"):
        assert goals(run(text)) == [("unsupported", "none")], text  # not an event the words are for
    assert goals(run("show me the purchase order emails from Globex")) == [("find", "email")]


def test_an_unsure_classifier_reading_is_not_made_a_write_the_rules_did_not_read():
    rules = RulesView(intent="unsupported", entity="none", confidence=0.3)
    unsure = {"delete/event": 0.25, "find/event": 0.15, "out": 0.2}
    assert judge(rules, unsure, Thresholds(promote_at=0.2, promote_write_at=0.3)).intent == "unsupported"
    assert judge(rules, {"find/event": 0.25, "out": 0.2}, Thresholds(promote_at=0.2)).intent == "find"
