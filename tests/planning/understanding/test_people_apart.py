"""People named one after the other without a comma are each their own person when each word is the name of a
different person the user has, and no record carries the words whole."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

PEOPLE = NameIndex(
    [
        ("Priya Shah", "contact"),
        ("Tom Reyes", "contact"),
        ("Sarah Lee", "contact"),
        ("Ken Adams", "contact"),
        ("Ken Tom", "lead"),
        ("Maria Garcia", "contact"),
    ]
)


def people(text: str) -> list[str]:
    parse = GoalUnderstandingService(grounding=PEOPLE).parse(text, MONDAY_9AM)
    return [p.casefold() for goal in parse.goals for p in goal.slots.people]


def test_two_first_names_of_two_people_are_two_people():
    assert people("email priya tom and sarah that the offsite moved to friday") == ["priya", "tom", "sarah"]
    assert people("book 30 min with sarah priya thursday at 2") == ["sarah", "priya"]


def test_a_full_name_a_record_carries_stays_one_person():
    assert people("book 30 min with ken tom thursday at 2") == ["ken tom"]
    assert people("email priya shah the deck") == ["priya shah"]


def test_a_name_with_a_word_nobody_has_stays_one_person():
    assert people("email maria lopez the contract") == ["maria lopez"]
