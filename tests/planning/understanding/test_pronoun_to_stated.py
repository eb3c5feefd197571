"""A pronoun for a person in a request points back to the one person the message named where it asked nothing (a
statement before the request): "dana wants to go over the budget. grab an hour w her and tom tues at 2" invites Dana
and Tom. With two people stated, or a request before that named someone, nothing is added."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def _people(text: str) -> list[tuple[str, ...]]:
    return [tuple(p.lower() for p in g.slots.people) for g in GoalUnderstandingService().parse(text, NOW).goals]


def test_her_beside_another_person_is_the_one_person_stated_before() -> None:
    [people] = _people("dana wants to go over the budget. grab an hour w her and tom tues at 2")
    assert set(people) == {"dana", "tom"}


def test_her_alone_is_the_one_person_stated_before() -> None:
    [people] = _people("i spoke with maria this morning. set up 30 min with her thursday at 10 to follow up")
    assert people == ("maria",)


def test_two_people_stated_before_leave_the_pronoun_to_no_one() -> None:
    [people] = _people("dana and laura want to go over the budget. grab an hour w her and tom tues at 2")
    assert people == ("tom",)
