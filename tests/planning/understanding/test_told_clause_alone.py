"""A cue of several words that is a whole clause ("let ravi know") is a command, not a noun: only a lone word
("schedule") is read as naming a thing."""

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def _goals(text: str) -> list[tuple[str, str]]:
    parse = GoalUnderstandingService(rules_only=True).parse(text, MONDAY_9AM)
    return [(goal.intent, goal.entity) for goal in parse.goals]


def test_let_someone_know_alone_is_a_message_to_them():
    assert _goals("let ravi know") == [("send", "email")]


def test_let_someone_know_after_a_change_is_a_second_goal():
    assert _goals("cancel the budget review and let ravi know") == [("delete", "event"), ("send", "email")]
