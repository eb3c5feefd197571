"""Call notes pasted as a CRM note's text are saved as the note, as pasted; nothing they mention is sent or booked.
A note asked for without its text is asked as the note's text."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_pasted_call_notes_are_one_note_and_nothing_is_asked_of_an_email(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "add a note to the globex account: call recap - spoke to kai, wants a demo tuesday, send the price sheet",
        "y",
    )
    flat = " ".join(output.split())
    assert "recipient" not in flat and "Send an email" not in flat
    assert "spoke to kai, wants a demo tuesday, send the price sheet" in flat


def test_a_note_without_its_text_asks_for_the_text_of_the_note(tmp_path: Path) -> None:
    flat = " ".join(chat(tmp_path, "add a note to the globex account").split())
    assert "text of the note" in flat and "text of the email" not in flat
