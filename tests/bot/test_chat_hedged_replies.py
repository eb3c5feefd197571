"""Replies wrapped in other words at an approval card, through the chat front end: the reason or the hedge around a
correction is left out (the learned reading of the reply's clauses) and the correction is made; an approval in words
the phrase lists do not hold approves."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def test_a_hedged_correction_at_a_card_moves_the_event_it_books(tmp_path: Path) -> None:
    """Failed before: "I did not understand … as a change or a decision", and the approval booked Tuesday at 10."""
    chat(
        tmp_path,
        "book 30 min with priya on tuesday at 10 to go over the budget",
        "oh wait, tuesday morning is the all-hands. wednesday at 3 instead?",
        "a",
    )
    assert events(tmp_path, query="budget", **day("2026-03-03")) == []
    [booked] = events(tmp_path, query="budget", **day("2026-03-04"))
    assert (booked["startTime"], booked["endTime"]) == ("2026-03-04T15:00:00-05:00", "2026-03-04T15:30:00-05:00")


def test_an_approval_in_words_of_its_own_sends_the_email(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the venue deposit is paid", "yeah alright, send away")
    query = FetchEmailsArgs.model_validate({"to": "sarah.lee@example.com", "since": "2026-03-02T09:00:00-05:00"})
    assert len(list(read(tmp_path, "fetch_emails", query))) == 1
