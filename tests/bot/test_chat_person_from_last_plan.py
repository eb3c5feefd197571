"""A new contact named only as "her" / "him" after a plan that wrote to that person: the person's name and address
from the last plan; "as a contact" names the record made even when a role word in the message is a record kind too
(issue 24)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records
from tests.planning.conftest import goals, run


def test_him_added_as_a_contact_after_an_email_to_an_unknown_person_gets_his_name_and_address(tmp_path: Path):
    output = chat(
        tmp_path,
        "email tomas berg at hooli saying thanks for the demo today",
        "tomas.berg@hooli.com",
        "a",
        "now save him as a contact, he's the hooli sales lead",
        "a",
    )
    assert output.count("Finished") == 2
    [contact] = records(tmp_path, "Contact", email="tomas.berg@hooli.com")
    assert contact["name"].lower() == "tomas berg"
    assert records(tmp_path, "Lead", email="tomas.berg@hooli.com") == []


def test_as_a_contact_names_the_record_made_over_a_role_word():
    line = run("add Ines Duarte as a contact, she is the new marketing lead at Contoso")
    assert goals(line) == [("create", "contact")]
