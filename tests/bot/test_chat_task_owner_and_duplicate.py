"""A new task owned by someone ("a task for tom to …") is owned by the person as the CRM knows them (the contact's
full name, as a CRM takes an owner), and an open task with the same subject is offered instead of a second one, as
for deals and accounts. An owner who is not found and is skipped leaves the task without an owner; it is still made.
Before (user test H16): the owner was saved as typed ('tom'), and an identical open task was made again silently."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _tasks(tmp_path: Path) -> list[dict[str, object]]:
    found = read(tmp_path, "fetch_entity", FetchEntityArgs(entityType="Task", filters={}))
    return list(found)


def test_the_owner_is_the_contact_found_and_a_second_identical_task_is_offered_the_first(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "make a task on the globex account for tom to book the venue for the offsite by thursday",
        "a",
        "add a task for tom to book the venue for the offsite by thursday, on the globex account",
        "u",
    )
    venue = [t for t in _tasks(tmp_path) if t.get("subject") == "Book the venue for the offsite"]
    assert [t.get("owner") for t in venue] == ["Tom Reyes"]
    second = output.split("add a task for tom to book", 1)[1]
    assert "already exists" in second


def test_an_owner_left_out_leaves_the_task_without_one(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "add a task for Zoltan to renew the parking permits by friday, on the acme account", "skip", "a"
    )
    assert "without an owner" in output
    (task,) = [t for t in _tasks(tmp_path) if t.get("subject") == "Renew the parking permits"]
    assert not task.get("owner")
