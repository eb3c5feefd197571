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


def test_a_maybe_said_as_what_to_put_me_down_as_is_an_answer_not_a_new_event(tmp_path: Path) -> None:
    # "put"/"mark" read alone is a creation; "me down as a maybe" is my side of an event that exists
    chat(tmp_path, "can you have me down as a maybe on the launch review", "a")
    [review] = events(tmp_path, query="launch review", **day("2026-03-06"))
    assert review["myResponse"] == "tentative"
