"""CRM values as people read them in `planbot chat` (local workspace): a stage code in words ("Closed won"), an
amount in dollars ("$48,000"), a close date as a day; on lists and on approval cards."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_cards import plain


def test_a_list_of_deals_shows_stage_amount_and_close_date_in_words(tmp_path: Path):
    output = plain(chat(tmp_path, "show me the acme deal"))
    assert "$48,000" in output and "Closed won" in output and "Mon 30 Mar 2026" in output
    assert "48000.0" not in output and "closed_won" not in output


def test_a_stage_change_card_says_the_stage_in_words(tmp_path: Path):
    output = plain(chat(tmp_path, "mark the globex deal closed won", "c"))
    assert "Stage: Negotiation → Closed won" in output and "closed_won" not in output
