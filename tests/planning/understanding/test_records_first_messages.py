"""First messages about mail and CRM records read as what they ask: a question whether someone sent something
over is a search of their mail (by the words after the verb), even when the sender is a known contact."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM, args, run

NAMES = NameIndex([("Rosa Okafor", "contact"), ("Tom Reyes", "contact"), ("Northwind", "account")])


def _labels(text: str) -> list[tuple[str, str]]:
    parse = GoalUnderstandingService(rules_only=True, grounding=NAMES).parse(text, MONDAY_9AM)
    return [(g.intent, g.entity) for g in parse.goals]


def test_whether_a_known_contact_sent_something_over_is_a_mail_search():
    assert _labels("did rosa ever send over the northwind floor plans?") == [("find", "email")]
    assert _labels("has tom sent through the webinar slides") == [("find", "email")]


def test_what_was_sent_over_is_searched_for():
    found = args(run("did rosa ever send over the floor plans?"), "fetch_emails")
    assert found["sender"] == "rosa" and found["query"] == "floor plans"
    found = args(run("has tom sent along the webinar slides"), "fetch_emails")
    assert found["sender"] == "tom" and "webinar slides" in found["query"]
