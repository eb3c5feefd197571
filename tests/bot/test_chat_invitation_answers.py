"""Invitations answered in people's own words, in the chat (issue 23/24): an answer said otherwise than "accept" or
"decline" is sent, and another answer said at the card is the one sent."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_an_answer_in_other_words_is_sent_after_approval(tmp_path: Path) -> None:
    chat(tmp_path, "pls put me down as maybe for the launch review", "a")
    [review] = events(tmp_path, query="launch review", **day("2026-03-06"))
    assert review["myResponse"] == "tentative"


def test_an_answer_changed_at_the_card_is_the_one_sent(tmp_path: Path) -> None:
    chat(tmp_path, "turn down the launch review", "ok wait, make it a maybe instead", "a")
    [review] = events(tmp_path, query="launch review", **day("2026-03-06"))
    assert review["myResponse"] == "tentative"


def test_a_yes_with_the_answer_corrected_to_approves_it(tmp_path: Path) -> None:
    chat(tmp_path, "say maybe to the launch review", "hmm no, accept it instead", "ok, accept")
    [review] = events(tmp_path, query="launch review", **day("2026-03-06"))
    assert review["myResponse"] == "accepted"
