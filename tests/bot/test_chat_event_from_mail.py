"""An event put on the calendar from a mail takes the mail's place with its time (session 12, user test c58c); words
that say where the details are ("in tom's email") are no place."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_an_event_from_a_mail_takes_its_place_too_and_never_a_mail_for_a_place(tmp_path: Path) -> None:
    asked = "put the partner summit on my calendar, the details are in tom's email"
    output = " ".join(chat(tmp_path, asked, "c").split())
    card = output.split("Approve:")[1].split("[a]pprove")[0]
    assert "Location: Hilton Midtown, Gramercy room" in card
    assert "tom's email" not in card
