"""An invitation's answer changed at its card, then approved with a yes that names the new answer ("sure, accept"):
the yes approves what the card now shows (it was read as the same change again, and the card came back)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_yes_naming_the_answer_the_card_was_changed_to_approves_it(tmp_path: Path) -> None:
    lines = ("decline the acme quarterly business review", "hmm no, accept it instead", "sure, accept")
    output = " ".join(chat(tmp_path, *lines).split())
    assert "Accepted" in output or "accepted" in output.split("> sure, accept")[1]
    [event] = events(tmp_path, query="quarterly business review", **day("2026-03-05"))
    assert event["myResponse"] == "accepted"
