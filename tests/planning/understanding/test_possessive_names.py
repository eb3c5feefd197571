"""A person's name written as a possessive without its apostrophe ("ninas deck") is grounded in the records that
hold the name without the "s"; a plural English word that is also a name ("bills") is not, where no possessive
stands."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

INDEX = NameIndex([("Nina Okafor", "contact"), ("Bill Turner", "contact"), ("Globex", "account")])


def test_a_name_with_a_trailing_s_is_the_person_the_records_name_without_it():
    found = INDEX.mentions("forward ninas deck to okafors team")
    assert [(m.written, m.name) for m in found] == [("ninas", "Nina Okafor"), ("okafors", "Nina Okafor")]


def test_a_plural_word_that_is_also_a_name_is_no_person_at_the_end_or_before_a_function_word():
    assert INDEX.mentions("pay the bills") == ()
    assert INDEX.mentions("send the bills to globex") == (INDEX.mentions("globex")[0],)


def test_a_word_with_an_s_that_no_record_holds_without_it_is_not_grounded():
    assert INDEX.mentions("ask the globexs team") == ()
    assert INDEX.mentions("what is in ninass notes") == ()


def test_the_person_of_a_possessive_without_apostrophe_is_read_without_its_s():
    parse = GoalUnderstandingService(rules_only=True, grounding=INDEX).parse("reply to ninas budget email", MONDAY_9AM)
    [goal] = parse.goals
    assert goal.slots.people and all(person.casefold() != "ninas" for person in goal.slots.people)
