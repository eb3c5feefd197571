"""A new task that names no record, with no earlier record to put it on, is made at once on its own: no question
which record (a task's ``about`` is optional, contract §3). A note still asks; a task after a change to a person is
still put on that person's record (tests/bot/test_chat_task_names_who.py)."""

from pathlib import Path

from integrations.base.arguments import FetchEntityArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _tasks(tmp_path: Path, subject: str) -> list[dict]:
    args = FetchEntityArgs.model_validate({"entityType": "Task", "filters": {"subject": subject}})
    return list(read(tmp_path, "fetch_entity", args))


def test_a_task_for_me_that_names_no_record_is_made_without_a_question(tmp_path: Path) -> None:
    out = chat(tmp_path, "add a task for me to send the contract to legal, due friday", "yes")
    assert "What record should I use" not in out
    [task] = _tasks(tmp_path, "contract to legal")
    assert task["dueDate"] == "2026-03-06" and task.get("about") is None


def test_a_note_that_names_no_record_still_asks_which(tmp_path: Path) -> None:
    out = chat(tmp_path, "add a note that the pricing call went well")
    assert "What record should I use" in out


def test_a_new_due_day_after_the_task_was_made_with_a_reason_naming_someone(tmp_path: Path) -> None:
    """ "…, dana is swamped": a reason beside the change, never the record it changes."""
    chat(
        tmp_path,
        "task for me: chase dana about the soc2 report, due thursday",
        "yes",
        "actually make it wed, dana is swamped",
        "yes",
    )
    [task] = _tasks(tmp_path, "soc2 report")
    assert task["dueDate"] == "2026-03-04"
