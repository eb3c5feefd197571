"""Right after a CRM record was made or changed, the words that would correct it at its card change it: the person it
is handed to owns it, looked up by name ("hand it off to priya"); a bare number after a verb of change is the amount
at the scale it has ("make it 95" after $90,000). Before, both were read as requests of their own."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_a_task_just_added_and_then_handed_to_someone_is_theirs(tmp_path: Path) -> None:
    chat(tmp_path, "add a task on the initech account to send the pilot summary", "a", "hmm hand it off to priya", "a")
    [task] = records(tmp_path, "Task", subject="pilot summary")  # changed, not a second task
    assert task["owner"] == "Priya Shah"


def test_a_bare_number_after_an_amount_was_set_is_the_amount_at_its_scale(tmp_path: Path) -> None:
    chat(tmp_path, "the acme deal in proposal is 50k now", "a", "oops make it 53, forgot the add-on", "a")
    [deal] = records(tmp_path, "Deal", name="Acme deal")
    assert deal["amount"] == 53000
