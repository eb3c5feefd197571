"""A new contact or lead keeps the person's name when the slot tagger missed it but the address given spells it, and
a lead is never given a field it does not have (issue 24)."""

from planning.understanding.names import named_by_address
from tests.planning.conftest import args, run, steps


def test_a_new_lead_named_by_the_words_its_address_spells_keeps_them_as_its_name():
    fields = args(run("new lead: meera iyer of contoso, meera.iyer@contoso.com"), "create_entity")["fields"]
    assert fields["name"].lower() == "meera iyer"
    assert fields["email"] == "meera.iyer@contoso.com"


def test_a_name_is_taken_from_the_words_an_address_spells_and_from_nothing_else():
    assert named_by_address("put dmitri volkov from hooli in as a lead, dvolkov@hooli.com", "dvolkov@hooli.com") is None
    assert named_by_address("lead: dmitri volkov, dmitri@hooli.com", "dmitri@hooli.com") == "dmitri volkov"
    assert named_by_address("add Ana Ruiz (ana.ruiz@x.io)", "ana.ruiz@x.io") == "Ana Ruiz"
    assert named_by_address("add a contact for sales@hooli.com", "sales@hooli.com") is None


def test_a_title_said_for_a_new_lead_is_not_a_field_a_lead_cannot_have():
    fields = args(run("add a lead: Tariq Aziz, head of IT at Initech, tariq@initech.com"), "create_entity")["fields"]
    assert "title" not in fields


def test_him_after_a_person_added_with_an_address_is_that_address_not_a_contact_lookup():
    line = run("add dmitri volkov from hooli as a lead (dmitri@hooli.com) and email him that the pilot starts monday")
    assert args(line, "send_email")["to"] == ["dmitri@hooli.com"]
    assert all(step["arguments"]["input"].get("entityType") != "Contact" for step in steps(line, "fetch_entity"))
