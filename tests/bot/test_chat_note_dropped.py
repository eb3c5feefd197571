"""'drop a note on <record>' makes a note on it, never a delete (a thing said with "a" is made), and a note "saying
the same" as the email asked for in the same message holds that email's text (issue 24: notes on records)."""

from pathlib import Path

from integrations.local.demo_crm import NOTES
from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_a_note_dropped_on_a_deal_is_made_with_what_it_says(tmp_path: Path) -> None:
    output = chat(tmp_path, "drop a quick note on the globex deal that legal signed off on the msa", "a")
    assert output.count("Finished") == 1
    [note] = records(tmp_path, "Note", body="legal signed off")
    assert note["about"]["entityType"] == "Deal"
    assert len(records(tmp_path, "Note")) == len(NOTES) + 1  # the notes there before are all still there


def test_a_note_saying_the_same_holds_the_text_of_the_email_beside_it(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "tell priya the launch moved to april, and drop a note on the acme account saying the same thing",
        "yes to both",
    )
    assert output.count("Finished") == 1
    [note] = records(tmp_path, "Note", body="launch moved to april")
    assert note["about"]["entityType"] == "Account"
