"""A question that only reads, asked while a card waits ("anything on tomorrow?", "whats on thurs"): answered at once,
and the card waits on, approved by the next "yes"; a request that changes something is still only offered."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _sent_to(tmp_path: Path, address: str) -> list[object]:
    query = FetchEmailsArgs.model_validate({"to": address, "since": "2026-03-02T09:00:00-05:00"})
    return list(read(tmp_path, "fetch_emails", query))


def test_a_question_at_a_card_is_answered_and_the_card_still_waits(tmp_path: Path) -> None:
    output = chat(tmp_path, "email priya: the venue is booked", "whats on my calendar tmrw?", "yes")
    flat = " ".join(output.split())
    asked = flat.split("> whats on my calendar tmrw?")[1].split("> yes")[0]
    assert "did not understand" not in asked and "sounds like a new request" not in asked
    assert "Acme call" in asked and "Approve" in asked  # the day's events, then the card again
    assert len(_sent_to(tmp_path, "priya.shah@example.com")) == 1


def test_a_request_that_changes_something_at_a_card_is_still_offered(tmp_path: Path) -> None:
    output = chat(tmp_path, "email priya: the venue is booked", "book 15 min with tom friday at 11", "keep", "yes")
    assert "sounds like a new request" in " ".join(output.split())
