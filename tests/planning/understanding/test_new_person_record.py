"""A new contact or lead is the person its details belong to, written as a name ("Rick Vance"), at the company as the
records write it ("Hooli"): never a person of the records mentioned beside it (a colleague, a namesake), and its title
kept when typed short ("sales dir")."""

from planning.types import Goal
from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex([("Dana Whitfield", "lead"), ("Sarah Lee", "contact"), ("Hooli", "account")])


def made(text: str) -> Goal:
    [goal] = GoalUnderstandingService(rules_only=True, grounding=NAMES).parse(text, MONDAY_9AM).goals
    return goal


def test_the_person_the_address_belongs_to_is_made_not_the_one_mentioned():
    goal = made("add a contact: dana whitfield's old boss rick vance, rick.vance@hooli.com, sales dir at hooli")
    assert (goal.intent, goal.entity) == ("create", "contact")  # Dana is a lead: still the contact asked for
    assert goal.slots.people == ("Rick Vance",)
    assert goal.slots.companies == ("Hooli",)
    assert ("job title", "sales dir") in goal.slots.field_changes


def test_a_namesake_of_a_record_is_a_new_person():
    goal = made("new contact sam lee, sam@hooli.com, ops mgr at hooli")
    assert goal.slots.people == ("Sam Lee",)
    assert ("job title", "ops mgr") in goal.slots.field_changes


def test_a_person_from_a_company_named_as_a_contact_and_a_title_said_with_who():
    goal = made("add wendy park from hooli as a contact, she's their new head of sales")
    assert (goal.slots.people, goal.slots.companies) == (("Wendy Park",), ("Hooli",))
    assert ("job title", "head of sales") in goal.slots.field_changes


def test_a_person_put_in_the_crm_is_a_contact_and_not_whose_lead_they_are():
    # a field of work before "lead" makes it a job title; "dana's": who describes the new person, not the one made
    goal = made("put ines garcia in our crm - she's dana's design lead over at hooli, ines.garcia@hooli.com")
    assert (goal.intent, goal.entity) == ("create", "contact")
    assert goal.slots.people == ("Ines Garcia",)
    assert goal.slots.emails == ("ines.garcia@hooli.com",)


def test_the_person_a_new_record_reports_to_is_neither_its_name_nor_its_company():
    for text in (
        "new lead: omar haddad, omar@brightpath.co, reports to sarah lee",
        "add omar haddad as a lead - sarah lee's deputy, omar@brightpath.co",
    ):
        goal = made(text)
        assert (goal.intent, goal.entity) == ("create", "lead")
        assert goal.slots.people == ("Omar Haddad",)
        assert not any("sarah" in company.casefold() for company in goal.slots.companies)
