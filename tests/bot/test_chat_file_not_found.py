"""A file asked for from someone's mail ("the price list maria sent over") that no mail of theirs with a file holds
is never replaced by another of their files: the search keeps the words that say what the file is, the user is told
none was found, and "skip" sends the email without a file (the card says so) instead of dropping it. Before: a
broader search by sender alone attached an unrelated file (Globex_contract_payment_terms.pdf) and a skip dropped
the email (user test H8)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def test_a_file_not_found_is_said_and_skipping_it_sends_the_email_without(tmp_path: Path) -> None:
    output = chat(tmp_path, "email tom the price list maria sent over", "skip", "list to follow", "a")
    assert "could not find an email" in output
    assert "goes without a file" in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes", since=SINCE, includeBody=True))
    assert sent["attachments"] == []
