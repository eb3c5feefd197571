"""An email asked in the same message as a change, with no text of its own ("move X to 2 and email sarah so she's
not surprised"): its text is what the change did, listed with that text on the card that approves the change (so one
approval sees both), sent once the change ran, never asked for."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_the_email_says_what_the_move_before_it_did(tmp_path: Path) -> None:
    output = chat(tmp_path, "reschedule the acme call to 2pm and email sarah so she's not surprised", "ok go")
    card = output.split("> ok go")[0]
    assert "What text" not in output
    assert "Email sarah, saying “Moved “Acme call” to Tue 3 Mar, 14:00–14:45 EST.”" in card
    [sent] = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to="sarah.lee@example.com", subject="moved", includeBody=True)
    )
    assert "Acme call" in sent["body"] and "14:00" in sent["body"]


def test_a_correction_at_the_card_changes_the_text_listed(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "push the globex pricing review to 4pm and email john smith so he knows", "make it 5pm", "y"
    )
    assert "saying “Moved “Globex pricing review” to Wed 4 Mar, 17:00–18:00 EST.”" in output.split("> y")[0]
    [sent] = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to="john.smith@example.com", subject="moved", includeBody=True)
    )
    assert "17:00" in sent["body"]
