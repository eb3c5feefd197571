"""A person named only inside the words an email says is spoken of, not written to nor answered: no recipient, no
sender of the mail replied to."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

PEOPLE = NameIndex([("Ken Adams", "contact"), ("Rosa Diaz", "contact"), ("Omar Farouk", "lead")])


def people(text: str) -> list[str]:
    parse = GoalUnderstandingService(grounding=PEOPLE).parse(text, MONDAY_9AM)
    return [p.casefold() for goal in parse.goals for p in goal.slots.people]


def test_a_reply_whose_text_names_someone_answers_no_mail_of_theirs():
    assert people("reply - thanks, i'll loop in ken adams tomorrow") == []
    assert people("reply all: noted, rosa diaz will send the figures friday") == []


def test_the_recipient_stays_and_the_person_in_the_text_is_left_out():
    assert people("email rosa diaz: ken adams will cover the demo") == ["rosa diaz"]


def test_a_person_named_outside_the_text_too_stays():
    assert people("email omar farouk: hi omar farouk, running late") == ["omar farouk"]
