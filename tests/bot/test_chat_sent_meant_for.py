"""After an email was sent, "undo that, it was meant for X" cannot take it back: the same email is offered to X
(approved as usual); a bare "undo that" still says a sent email cannot be unsent."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _to(tmp_path: Path, address: str) -> list[dict]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, includeBody=True)))


def test_the_same_email_goes_to_the_person_it_was_meant_for(tmp_path: Path):
    chat(tmp_path, "email dana saying the venue for the offsite is booked", "a", "argh undo, that was for peter", "a")
    [sent] = _to(tmp_path, "peter.gibbons@initech.com")
    assert "venue for the offsite is booked" in sent["body"].lower()


def test_a_bare_undo_still_says_it_cannot_be_unsent(tmp_path: Path):
    output = chat(tmp_path, "email dana saying the venue for the offsite is booked", "a", "undo that")
    assert "cannot be unsent" in " ".join(output.split())
