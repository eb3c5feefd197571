"""A new lead or contact made right after an email to one address gets that address (grounded in the mail sent, not
guessed): when the request points at the person ("add her as a lead, nina patel") or names them as the address
spells; its company is the one the address's domain names when none is said. Someone else named gets no address."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records

MAIL = "email nina@brightpath.co - great meeting you at the expo, pricing sheet by friday"


def test_her_named_as_a_lead_after_an_email_gets_the_address(tmp_path: Path):
    output = chat(tmp_path, MAIL, "a", "add her as a lead. nina patel, brightpath", "a")
    assert output.count("Finished") == 2
    [lead] = records(tmp_path, "Lead", email="nina@brightpath.co")
    assert lead["name"].lower() == "nina patel"
    assert lead["company"].lower() == "brightpath"


def test_a_name_the_address_spells_gets_it_and_the_company_of_its_domain(tmp_path: Path):
    output = chat(
        tmp_path,
        "email omar.haddad@ridgeline.io saying the contract draft is in your inbox",
        "a",
        "save omar haddad as a contact",
        "a",
    )
    assert output.count("Finished") == 2
    [contact] = records(tmp_path, "Contact", email="omar.haddad@ridgeline.io")
    assert contact["name"].lower() == "omar haddad"
    assert contact["company"] == "Ridgeline"


def test_someone_else_named_gets_no_address_of_the_mail(tmp_path: Path):
    chat(tmp_path, MAIL, "a", "add kofi mensah at lumen as a lead", "a")
    assert records(tmp_path, "Lead", email="nina@brightpath.co") == []
