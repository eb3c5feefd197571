"""A new CRM record given as a list fills its fields (contract §3, create_entity): a name, an address, "<title> at
<company>", "<name> from <company>", a domain and an industry, labelled or not; "for <company>" names a lead's or a
deal's company; "a deal for them" after an account is that account's deal."""

import pytest

from planning.understanding.record_fields import RecordFields, listed_fields
from tests.planning.conftest import args, goals, run


def fields(text: str) -> dict[str, object]:
    return args(run(text), "create_entity")["fields"]


def test_a_contact_listed_with_address_and_role_at_a_company() -> None:
    assert fields("new contact - marco bianchi, marco.b@veltra.eu, head of sales at veltra") == {
        "name": "Marco Bianchi",
        "email": "marco.b@veltra.eu",
        "company": "veltra",
        "title": "head of sales",
    }


def test_a_lead_from_a_company_with_an_address() -> None:
    made = fields("add lead: nora quinn from copperline freight, nora@copperline.io")
    assert (made["name"], made["company"], made["email"]) == ("Nora Quinn", "copperline freight", "nora@copperline.io")


def test_a_lead_for_a_company_then_the_person() -> None:
    made = fields("create a lead for pinewood dental - sam ortiz, sam@pinewood.dental")
    assert (made["company"], made["name"], made["email"]) == ("pinewood dental", "Sam Ortiz", "sam@pinewood.dental")


def test_a_lead_for_a_company_alone_is_no_person() -> None:
    assert fields("add a lead for bluefin analytics") == {"company": "bluefin analytics"}


@pytest.mark.parametrize(
    "text",
    [
        "create an account for tallow & reed, domain tallowreed.com, industry hospitality",
        "new account: tallow & reed, tallowreed.com, hospitality",
        "add an account called tallow & reed - website https://www.tallowreed.com/ - sector hospitality",
    ],
)
def test_an_account_with_its_domain_and_industry(text: str) -> None:
    assert fields(text) == {"name": "tallow & reed", "domain": "tallowreed.com", "industry": "hospitality"}


def test_a_deal_for_a_company_stops_at_its_amount() -> None:
    made = fields("open a deal for quarry labs at $85k in proposal")
    assert (made["company"], made["amount"], made["stage"]) == ("quarry labs", 85000.0, "proposal")


def test_a_deal_for_them_after_an_account_is_that_accounts_deal() -> None:
    line = run("create an account for sable systems, sable.io, and add a $15k deal for them")
    assert goals(line) == [("create", "account"), ("create", "deal")]
    deal = next(s for s in line["plan"]["steps"] if s["arguments"]["input"]["entityType"] == "Deal")
    assert deal["arguments"]["input"]["fields"]["company"] == "sable systems"


@pytest.mark.parametrize(
    ("text", "entity", "expected"),
    [
        ("add sarah as a contact", "contact", RecordFields()),  # no list: the rest of the reading decides
        ("add contact: head of growth, jo park", "contact", RecordFields(name="jo park", title="head of growth")),
        (
            "create account bank of america, industry banking",
            "account",
            RecordFields("bank of america", industry="banking"),
        ),
    ],
)
def test_parts_read_by_their_form(text: str, entity: str, expected: RecordFields) -> None:
    assert listed_fields(text, entity) == expected


def test_a_record_named_before_its_noun_is_found_by_that_name() -> None:
    line = run("move the birchwood dental deal to negotiation")
    assert args(line, "fetch_entity")["filters"] == {"company": "birchwood dental"}
    assert args(line, "update_entity")["fields"] == {"stage": "negotiation"}


def test_a_note_on_a_lower_case_account_is_attached_to_it() -> None:
    line = run("add a note on the kestrel freight account: they asked for a w9")
    assert args(line, "fetch_entity") == {"entityType": "Account", "filters": {"name": "kestrel freight"}}


def test_a_contact_named_before_its_noun_is_a_person() -> None:
    assert args(run("update the dana whitaker contact with phone 555 867 5309"), "fetch_entity")["filters"] == {
        "name": "dana whitaker"
    }


def test_a_describing_word_before_the_noun_names_nothing() -> None:
    line = run("add a note on the new account: kickoff went well")
    assert args(line, "fetch_entity")["filters"] == {"name": "{{PLACEHOLDER_record}}"}


def test_a_lead_listed_with_a_role_in_brackets_has_no_title_field() -> None:
    made = fields("create a lead: rhea kapoor (coo, lanternworks), rhea@lanternworks.com")
    assert made == {"name": "Rhea Kapoor", "email": "rhea@lanternworks.com", "company": "lanternworks"}


def test_name_title_company_in_a_row() -> None:
    made = fields("add contact: tomas berg, head of it, fjordline, tomas@fjordline.no")
    assert (made["name"], made["title"], made["company"]) == ("Tomas Berg", "head of it", "fjordline")


def test_a_deal_with_a_company_written_w_slash() -> None:
    assert fields("log a deal w/ cobalt mills for 20k")["company"] == "cobalt mills"


def test_a_labelled_person_of_a_lead_listed_after_its_company() -> None:
    made = fields("log lead: marlow textiles, contact ines duarte, ines@marlow.pt")
    assert (made["name"], made["company"], made["email"]) == ("Ines Duarte", "marlow textiles", "ines@marlow.pt")


@pytest.mark.parametrize(
    ("text", "closes"),
    [
        ("log a $30k deal for wexford labs closing april 17", "2026-04-17"),
        ("new deal w/ wexford labs, 30k, expected to close end of may", "2026-05-31"),
    ],
)
def test_a_new_deal_closes_by_the_day_said_with_a_closing_word(text: str, closes: str) -> None:
    assert fields(text)["closeDate"] == closes


def test_a_time_without_a_closing_word_is_no_close_date() -> None:
    assert "closeDate" not in fields("create a deal for wexford labs, 30k, we met them on friday")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("please add a new contact thx - mei chen, mei@oakridge.io, vp sales at oakridge", "Mei Chen"),
        ("got a new lead off the webinar: omar haddad at vertex labs, omar@vertexlabs.com", "Omar Haddad"),
        ("new contact i met at the conference — li wei, li.wei@harbor.cn", "Li Wei"),
    ],
)
def test_a_lead_in_before_a_colon_or_dash_is_not_the_name(text: str, name: str) -> None:
    assert fields(text)["name"] == name


def test_a_name_before_a_dash_is_still_the_name() -> None:
    assert fields("add a contact ana lee - cfo at lumen")["name"] == "Ana Lee"
