"""After a plan that deleted, moved or booked an event, "everyone who was on it", "the attendees", "all of them"
are that event's attendees: the email goes to them, not to a recipient asked for."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True)))


def test_an_email_to_everybody_of_the_event_just_deleted_goes_to_its_attendees(tmp_path: Path):
    output = chat(
        tmp_path,
        "cancel the globex pricing review",
        "a",
        "now write to everybody who was invited: the pricing review is off until the quote is final",
        "a",
    )
    assert "What recipient" not in output
    for address in ("john.park@globex.com", "john.smith@example.com"):
        [sent] = _sent_to(tmp_path, address)
        assert "quote is final" in sent["body"]


def test_the_attendees_of_the_event_just_moved_get_the_email(tmp_path: Path):
    output = chat(
        tmp_path,
        "move the acme call to 1pm",
        "a",
        "email the attendees saying we start at one now, same zoom link",
        "a",
    )
    assert "What recipient" not in output
    for address in ("laura.chen@acme.com", "sarah.lee@example.com"):
        [sent] = _sent_to(tmp_path, address)
        assert "start at one" in sent["body"].lower()
