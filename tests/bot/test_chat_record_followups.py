"""Follow-ups on the CRM record the last plan made or changed, in `planbot chat --script`, checked in the workspace:
a field named with its new value ("set the amount to …", "move the due date to …", "his mobile is …"), a date alone
for the record's one date, and an undo said with some hesitation and a reason (issue 24)."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def records(tmp_path: Path, entity: str, **filters: Any) -> list[dict[str, Any]]:
    return list(read(tmp_path, "fetch_entity", FetchEntityArgs(entityType=entity, filters=filters)))


def test_a_due_date_said_after_a_task_was_added_moves_that_task(tmp_path: Path):
    output = chat(
        tmp_path,
        "add a task on the acme account to chase the signed order form, due tuesday",
        "a",
        "move the due date to wed",
        "a",
    )
    assert output.count("Finished") == 2
    [task] = records(tmp_path, "Task", subject="signed order form")  # changed, not a second task
    assert task["dueDate"] == "2026-03-04"


def test_a_date_alone_after_a_task_goes_to_its_due_date(tmp_path: Path):
    chat(
        tmp_path,
        "add a task on the acme account to chase the signed order form, due tuesday",
        "a",
        "hmm, change it to thursday",
        "a",
    )
    [task] = records(tmp_path, "Task", subject="signed order form")
    assert task["dueDate"] == "2026-03-05"


def test_the_close_date_named_after_a_deal_update_changes_that_deal_and_undo_puts_it_back(tmp_path: Path):
    chat(tmp_path, "change the acme deal amount to 50k", "a", "also set its close date to may 4", "a")
    [deal] = records(tmp_path, "Deal", name="Acme deal")
    assert (deal["amount"], deal["closeDate"]) == (50000, "2026-05-04")
    chat(tmp_path, "hang on - no, revert that, the date was right", "a")
    [deal] = records(tmp_path, "Deal", name="Acme deal")
    assert (deal["amount"], deal["closeDate"]) == (50000, "2026-03-30")


def test_a_phone_said_after_a_contact_was_added_goes_on_that_contact(tmp_path: Path):
    chat(tmp_path, "add a contact: omar haddad, omar.haddad@contoso.com", "a", "and his mobile is +1 646 555 0123", "a")
    [contact] = records(tmp_path, "Contact", email="omar.haddad@contoso.com")
    assert contact["phone"] == "+1 646 555 0123"


def test_a_field_of_another_record_named_is_a_request_of_its_own(tmp_path: Path):
    output = chat(
        tmp_path, "change the acme deal amount to 50k", "a", "set the close date of the globex deal to may 4", "a"
    )
    [acme] = records(tmp_path, "Deal", name="Acme deal")
    assert acme["closeDate"] == "2026-03-30"
    assert "Globex deal" in output.split("set the close date of the globex deal")[-1]


def test_two_values_said_after_a_deal_was_changed_both_go_on_that_deal(tmp_path: Path):
    output = chat(
        tmp_path,
        "update the initech deal to proposal",
        "a",
        "the buyer is slow, lower it to 16k and close date is now may 22",
        "a",
    )
    assert output.count("Finished") == 2
    [deal] = records(tmp_path, "Deal", name="Initech deal")
    assert (deal["stage"], deal["amount"], deal["closeDate"]) == ("proposal", 16000, "2026-05-22")


def test_one_of_the_deals_listed_named_by_its_company_is_changed(tmp_path: Path):
    output = chat(
        tmp_path,
        "which deals are still open?",
        "initech is dragging, move its close date to the end of next month",
        "a",
        "and cut it to 15k",
        "a",
    )
    assert output.count("Finished") == 3
    [deal] = records(tmp_path, "Deal", name="Initech deal")
    assert (deal["closeDate"], deal["amount"]) == ("2026-04-30", 15000)
    [globex] = records(tmp_path, "Deal", name="Globex deal")
    assert (globex["closeDate"], globex["amount"]) == ("2026-03-16", 125000)


def test_a_phone_is_stored_with_its_country_code_and_the_card_shows_it_so(tmp_path: Path):
    """The card shows the number as it will be stored, not as typed (issue 24: the card said one number and
    another was stored)."""
    output = chat(tmp_path, "add a contact: nina brandt, nina@ferro.example, cell (718) 555-0163", "a")
    assert "Phone: +1 718 555 0163" in output
    [contact] = records(tmp_path, "Contact", email="nina@ferro.example")
    assert contact["phone"] == "+1 718 555 0163"


def test_a_phone_that_cannot_be_dialled_is_asked_for_again(tmp_path: Path):
    output = chat(
        tmp_path,
        "add a contact: nina brandt, nina@ferro.example",
        "a",
        "and her mobile is 555 0163",
        "718 555 0163",
        "a",
    )
    assert "What phone should I use" in output
    [contact] = records(tmp_path, "Contact", email="nina@ferro.example")
    assert contact["phone"] == "+1 718 555 0163"


def test_an_undo_of_one_field_puts_back_that_field_and_keeps_the_other(tmp_path: Path):
    chat(
        tmp_path,
        "what's the status on marcus bell?",
        "move him to qualified, and his email is mbell@bellworks.example now",
        "a",
        "hmm, revert the email change, the old one was fine",
        "a",
    )
    [lead] = records(tmp_path, "Lead", name="Marcus Bell")
    assert (lead["status"], lead["email"]) == ("qualified", "marcus.bell@acme.com")


def test_a_deal_named_by_its_company_and_another_named_next_are_each_changed(tmp_path: Path):
    output = chat(tmp_path, "raise acme to 51k", "a", "move initech into negotiation", "a")
    assert output.count("Finished") == 2
    [acme] = records(tmp_path, "Deal", name="Acme deal")
    assert (acme["amount"], acme["stage"]) == (51000, "proposal")  # the second request was not a follow-up on it
    [initech] = records(tmp_path, "Deal", name="Initech deal")
    assert initech["stage"] == "negotiation"


def test_details_said_at_the_card_of_a_new_lead_go_on_it(tmp_path: Path):
    output = chat(
        tmp_path,
        "new lead: nora vance, nora@quillco.example",
        "she's with quillco. we emailed her already so put contacted",
        "a",
    )
    assert output.count("Finished") == 1
    [lead] = records(tmp_path, "Lead", email="nora@quillco.example")
    assert (lead["company"], lead["status"]) == ("quillco", "contacted")


def test_a_note_on_the_deal_just_changed_is_on_that_deal_whoever_its_text_names(tmp_path: Path):
    chat(
        tmp_path,
        "move the initech deal to proposal",
        "a",
        "and put a note on it: pilot extended, peter gibbons signs off friday",
        "a",
    )
    [note] = records(tmp_path, "Note", body="pilot extended")
    assert note["about"]["entityType"] == "Deal"
