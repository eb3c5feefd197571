"""A mail to everyone on a meeting the requester is invited to goes to the other people on it, not back to the
requester (an attendee of every meeting they are invited to); an address the request typed is kept."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.engine.own_address import without_requester
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def subjects_to(tmp_path: Path, address: str) -> list[str]:
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE))
    return [mail["subject"] for mail in found]


def test_everyone_on_an_invitation_is_its_other_attendees(tmp_path: Path):
    output = chat(tmp_path, "email everyone in the launch review that the customer quote is approved", "a")
    assert "me@example.com" not in output
    assert subjects_to(tmp_path, "me@example.com") == []
    assert len(subjects_to(tmp_path, "priya.shah@example.com")) == 1


def test_an_address_typed_is_kept_and_one_found_is_left_out():
    planned = {"to": ["{{find.result.data[0].attendees}}"], "cc": ["me@example.com"]}
    filled = {"to": ["ana@x.io", "ME@example.com"], "cc": ["me@example.com"]}
    assert without_requester("send_email", planned, filled, "me@example.com") == {
        "to": ["ana@x.io"],
        "cc": ["me@example.com"],
    }
