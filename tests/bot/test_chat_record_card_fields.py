"""At a CRM record's card, a change of one of its fields: the person a task is given to ("hand it off to priya")
becomes its owner by the name the CRM has for them, "put it on me" takes the owner off, a name that matches no one
changes nothing and says so; a due date named with no verb; a part of an address typed again. Before, such replies
were not understood and the card stayed as it was."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_the_person_a_task_is_handed_to_at_its_card_owns_it(tmp_path: Path) -> None:
    chat(
        tmp_path, "add a task to send initech the pilot summary, due thursday", "hmm hand it off to priya instead", "a"
    )
    [task] = records(tmp_path, "Task", subject="pilot summary")
    assert task["owner"] == "Priya Shah"
    assert task["dueDate"] == "2026-03-05"


def test_a_task_put_back_on_the_requester_has_no_owner_set(tmp_path: Path) -> None:
    chat(tmp_path, "add a task for priya to send initech the pilot summary", "no wait, put it on me", "a")
    [task] = records(tmp_path, "Task", subject="pilot summary")
    assert task.get("owner") is None  # the requester's own: no owner set


def test_an_owner_that_matches_no_contact_changes_nothing(tmp_path: Path) -> None:
    output = chat(tmp_path, "add a task to send initech the pilot summary", "assign it to Dwight Schrute", "a")
    assert "owner is unchanged" in output
    [task] = records(tmp_path, "Task", subject="pilot summary")
    assert task.get("owner") is None  # as the request left it


def test_a_due_date_named_without_a_verb_at_a_task_card_without_one_is_set(tmp_path: Path) -> None:
    chat(tmp_path, "add a task on the globex account to review the order form", "due friday pls", "a")
    [task] = records(tmp_path, "Task", subject="order form")
    assert task["dueDate"] == "2026-03-06"


def test_a_part_of_a_new_contacts_address_typed_again_fixes_it(tmp_path: Path) -> None:
    chat(tmp_path, "add mei tanaka as a contact at hooli, mei.tanaka@hooli.co", "argh it's hooli.com not .co", "a")
    [contact] = records(tmp_path, "Contact", name="Mei Tanaka")
    assert contact["email"] == "mei.tanaka@hooli.com"


def test_words_quoted_as_replaced_in_a_notes_text_at_its_card_are_replaced(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "add a note on the initech account: peter wants the pilot extended by two weeks",
        "change 'two weeks' to 'a month'",
        "a",
    )
    [note] = records(tmp_path, "Note", body="pilot extended")
    assert "by a month" in note["body"]
    assert "two weeks" not in note["body"]
