"""CRM over several turns in `planbot chat --script` (issue 24): a follow-up changes the record the last plan found
or made, with the field told by the value's form; checked in the local workspace."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _one(tmp_path: Path, entity: str, name: str) -> dict[str, object]:
    [record] = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType=entity, filters={"name": name}))
    return dict(record)


def test_a_new_number_after_a_contact_was_looked_up_updates_that_contact(tmp_path: Path):
    output = chat(
        tmp_path, "what's tom reyes's phone number", "he switched carriers, (646) 555-0177 now. update it", "a"
    )
    assert "Finished" in output
    assert _one(tmp_path, "Contact", "Tom Reyes")["phone"] == "+1 646 555 0177"
    assert _one(tmp_path, "Contact", "Priya Shah")["phone"] != "+1 646 555 0177"


def test_an_address_said_to_be_the_right_one_updates_the_email_of_the_contact_just_added(tmp_path: Path):
    chat(
        tmp_path,
        "add nora quist as a contact, nora@quist.example, cfo at quist",
        "a",
        "oh wait, her email is actually n.quist@quist.example",
        "a",
    )
    assert _one(tmp_path, "Contact", "Nora Quist")["email"] == "n.quist@quist.example"


def test_a_lead_found_then_marked_with_a_status_gets_that_status(tmp_path: Path):
    chat(tmp_path, "show me the lead samir", "mark him unqualified, he went quiet", "a")
    assert _one(tmp_path, "Lead", "Samir")["status"] == "unqualified"


def test_an_address_and_a_status_said_at_the_card_of_a_new_lead_are_on_the_lead_made(tmp_path: Path):
    chat(
        tmp_path,
        "new lead: gina tork at vandelay industries",
        "her email's gina@vandelay.example and put her as contacted, met her at the expo",
        "a",
    )
    lead = _one(tmp_path, "Lead", "Gina Tork")
    assert (lead["email"], lead["status"], lead["company"]) == (
        "gina@vandelay.example",
        "contacted",
        "vandelay industries",
    )


def test_a_due_date_pushed_out_by_a_week_after_a_task_was_added_moves_from_its_own_date(tmp_path: Path):
    chat(
        tmp_path, "add a task on the globex account to send the security docs by friday", "a", "push it out a week", "a"
    )
    tasks = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={"subject": "security docs"}))
    assert [task["dueDate"] for task in tasks] == ["2026-03-13"]
