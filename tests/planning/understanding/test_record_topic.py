"""A record said first as the topic of a request ("initech opp: move it to proposal") is what "it" names after the
verb; a deal's "close" after a verb that moves it is its close date."""

import planning.understanding.parser  # noqa: F401 - the understanding's modules load in their order
from planning.understanding.normalize import clean
from planning.understanding.record_topic import topic_said


def test_the_topic_before_a_colon_is_said_where_it_names_it() -> None:
    assert topic_said("initech opp: move it to proposal, they asked for pricing") == (
        "move initech opp to proposal, they asked for pricing"
    )


def test_a_colon_after_words_that_name_no_record_or_with_no_it_after_a_verb_changes_nothing() -> None:
    for said in ("add a contact: jen ortiz, it is her new cell", "note: call him back", "the acme deal: 95k"):
        assert topic_said(said) == said


def test_close_after_a_verb_in_a_request_about_a_deal_is_its_close_date() -> None:
    assert clean("raise the acme deal to 95k and slide close to apr 2") == (
        "raise the acme deal to 95k and slide close date to apr 2"
    )
    assert clean("close the door") == "close the door"


def test_a_thing_named_after_regarding_is_a_topic_for_the_rules_too() -> None:
    """The rules' own reading (no classifier) of "… regarding the initech deal": the call is made, the deal is its
    topic. The marks of a record said before a colon (record_topic_marks.txt) are not the words of a topic
    (topic_marks.txt): both lists are read, neither in the other's place."""
    from planning.understanding.parser import GoalUnderstandingService
    from tests.planning.conftest import MONDAY_9AM

    parse = GoalUnderstandingService(rules_only=True).parse(
        "set up a call with omar regarding the globex deal on friday at 2", MONDAY_9AM
    )
    assert [(goal.intent, goal.entity) for goal in parse.goals] == [("create", "event")]
