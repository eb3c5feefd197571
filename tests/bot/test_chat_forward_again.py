""" "send that to X as well" after a forward forwards the email that was forwarded, not the forward itself: the note
written for its first recipient does not reach the new one, and the card says which email goes to whom (its subject
and sender), never a bare message id. Before: the card showed 'Message id msg-…' and a JSON list, and the new
recipient got the forward with the first recipient's note (user test H13)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def test_a_forward_sent_on_carries_the_original_without_the_first_note(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "fwd john's february sales report to priya - pls check the emea numbers before monday",
        "a",
        "forward it to sarah too",
        "a",
    )
    card = output.split("forward it to sarah too", 1)[1]
    assert "Message id" not in card
    assert "February sales report" in card and "John Smith" in card
    (to_sarah,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="sarah.lee", since=SINCE, includeBody=True))
    assert to_sarah["subject"] == "Fwd: February sales report"
    assert "emea" not in to_sarah["body"].lower()
    (to_priya,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya", since=SINCE, includeBody=True))
    assert "emea" in to_priya["body"].lower()
