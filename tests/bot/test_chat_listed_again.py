"""One more of the records just listed, said without their kind (session 14 user test c40: "any notes on initech?"
then "add one: …" made an event "Meeting with peter"): a record of that kind, on what the list was about; checked in
the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_record_followups import records


def test_one_more_after_notes_listed_is_a_note_on_their_record(tmp_path: Path) -> None:
    output = chat(tmp_path, "show me the notes on acme", "log another - laura says legal signs off by the 20th", "a")
    assert "start time" not in output and "Finished" in output.split("> log another")[1]
    [account] = records(tmp_path, "Account", name="Acme")
    notes = records(tmp_path, "Note", about={"entityType": "Account", "id": account["id"]})
    assert any("legal signs off" in str(note.get("body")).lower() for note in notes)


def test_one_more_after_a_booking_is_no_record_of_the_people_it_looked_up(tmp_path: Path) -> None:
    output = chat(tmp_path, "book lunch with maria tomorrow at noon", "a", "add another one for friday at noon")
    assert "New contact" not in output and "Add a contact" not in output
