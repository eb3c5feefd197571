"""Notes asked for on a record show their words and when they were written, never the record's id as JSON; a
lead asked to be converted is answered plainly (no conversion in the contract), not with a listing."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_cards import plain


def test_notes_asked_for_show_their_words(tmp_path: Path):
    output = plain(
        chat(
            tmp_path,
            "add a note on globex: legal wants the liability cap at two times fees",
            "yes",
            "show notes on globex",
        )
    )
    shown = output.split("> show notes on globex", 1)[1]
    assert "Legal wants the liability cap at two times fees" in shown
    assert "Message" in shown and "Created at" in shown
    assert "Id" not in shown.split() and "account-" not in shown


def test_a_lead_conversion_says_what_cannot_be_done(tmp_path: Path):
    output = plain(chat(tmp_path, "convert the lead rosa diaz into a contact please"))
    assert "I can't convert a lead" in output
    assert "Find leads" not in output


def test_an_email_added_at_a_new_contacts_card_is_its_email(tmp_path: Path):
    output = plain(
        chat(tmp_path, "add a contact: ravi kumar, buyer at hooli", "oh add his email as well, ravi.k@hooli.com")
    )
    card = output.split("> oh add his email", 1)[1]
    assert "Email: ravi.k@hooli.com" in card
    assert "I did not understand" not in card
