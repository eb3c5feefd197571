"""After a plan that found one record of a person (an email to a lead looked up), "set his lead to qualified" changes
that record: a kind of record said after a word that makes it someone's ("his lead", "her lead") is the record the
conversation holds, not another one to look for (issue 24: a record implied by the conversation)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_his_lead_after_an_email_to_him_is_the_lead_found(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "email marcus bell that the pilot kit shipped today",
        "a",
        "and set his lead to qualified, he signed the nda",
        "a",
    )
    assert output.count("Finished") == 2
    [marcus] = records(tmp_path, "Lead", name="Marcus Bell")
    assert marcus["status"] == "qualified"
