"""After a plan changed a record picked among several (the two Johns), a follow-up that names the other one after a
word of change makes the same change to it; said with an undo ("revert park's and change smith instead"), the first
record is put back too, in one plan (issue 24: an undo of one record's change and the same change on another)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_an_undo_with_the_other_john_named_puts_one_back_and_changes_the_other(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "update john's phone to 917 555 0123",
        "the globex one",
        "a",
        "oops, wrong john. revert park's and change smith instead",
        "yes to both",
    )
    assert output.count("Finished") == 2
    [park] = records(tmp_path, "Contact", name="John Park")
    [smith] = records(tmp_path, "Contact", name="John Smith")
    assert "415 555 0142" in park["phone"]
    assert "917 555 0123" in smith["phone"]


def test_the_other_john_named_after_a_word_of_change_gets_the_same_change(tmp_path: Path) -> None:
    output = chat(tmp_path, "update john's phone to 917 555 0123", "the globex one", "a", "update smith too", "a")
    assert output.count("Finished") == 2
    [park] = records(tmp_path, "Contact", name="John Park")
    [smith] = records(tmp_path, "Contact", name="John Smith")
    assert "917 555 0123" in park["phone"]
    assert "917 555 0123" in smith["phone"]
