"""A change asked of what the clause before states (issue 23): "<record> is at <value> now, can you update it" is
one update of that record with that value, whatever the record, the value or the words of the asking."""

from planning.understanding.stated_change import pointed_kind, stated_subject
from tests.planning.conftest import args, goals, run


def test_a_deal_stated_then_asked_to_update_is_one_update():
    line = run("the initech deal is worth 72k these days, could you update that")
    assert goals(line) == [("update", "deal")]
    assert args(line, "update_entity")["fields"] == {"amount": 72000.0}
    assert goals(run("initech deal is 72k now. update it in the crm pls")) == [("update", "deal")]


def test_a_person_stated_with_a_new_number_then_asked_is_their_contact_updated():
    line = run("rosa diaz has a new cell, 415-555-0142, can you fix her record")
    assert goals(line) == [("update", "contact")]
    assert args(line, "fetch_entity")["filters"] == {"name": "rosa diaz"}
    assert args(line, "update_entity")["fields"]["phone"] == "415-555-0142"


def test_only_a_clause_that_asks_nothing_more_points_back():
    assert pointed_kind("can you update it") == "any"
    assert pointed_kind("pls fix her record for me") == "contact"
    assert pointed_kind("update the umbrella deal to 90k") is None
    assert pointed_kind("change it to friday and invite tom") is None
    assert stated_subject("rosa diaz has a new cell") == "rosa diaz"
    assert stated_subject("she has a new cell") is None
