"""How often an event repeats, said alone at the card of the event being made: the rule changes, keeping the days of
the rule shown when the new one names none; a rule said with more than words that ask nothing is not taken alone."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_calendar_followups import _events


def test_a_rule_said_alone_at_a_recurring_cards_keeps_its_day_and_changes_how_often(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "put a weekly check-in with maria on thursdays at 4 starting next week",
        "fortnightly would be better",
        "y",
    )
    assert "every 2 weeks on Thursday" in output
    assert [e["title"] for e in _events(tmp_path, "2026-03-12", query="check-in")] == ["Check-in with Maria"]
    assert _events(tmp_path, "2026-03-19", query="check-in") == []
    assert [e["title"] for e in _events(tmp_path, "2026-03-26", query="check-in")] == ["Check-in with Maria"]


def test_a_rule_said_at_a_one_off_bookings_card_makes_it_repeat(tmp_path: Path) -> None:
    chat(tmp_path, "book 30 min with tom next tuesday at 9 about the roadmap", "let's make it monthly", "y")
    assert len(_events(tmp_path, "2026-03-10", query="roadmap")) == 1
    assert len(_events(tmp_path, "2026-04-10", query="roadmap")) == 1
