"""A yes at a card that found the record already there ("⚠ Deal “Initech deal” already exists · [a] Create another ·
[u] Use the existing one") says neither: nothing is created, and which is meant is asked; the approve key, "create
another" or "use the existing one" then decide (planbot chat --script on the local workspace, checked in it)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_checks import deals


def _initech_deals(tmp_path: Path) -> int:
    return len([d for d in deals(tmp_path, "Initech") if d["name"] == "Initech deal"])


def test_a_plain_yes_at_a_duplicate_card_creates_nothing_and_asks_which(tmp_path: Path):
    output = chat(tmp_path, "add a deal for initech", "sure, go ahead")
    assert "nothing was created yet" in output and "Reply “create another”" in output
    assert "Finished" not in output
    assert _initech_deals(tmp_path) == 1
    chat(tmp_path, "use the existing one")
    assert _initech_deals(tmp_path) == 1


def test_create_another_said_after_the_question_makes_the_second_one(tmp_path: Path):
    chat(tmp_path, "create a deal for Initech", "ok")
    assert _initech_deals(tmp_path) == 1
    chat(tmp_path, "create another")
    assert _initech_deals(tmp_path) == 2


def test_a_yes_that_says_the_cards_verb_at_a_duplicate_card_makes_another(tmp_path: Path):
    # "ok, save it" names the making itself: another is made, as "create another" would
    chat(tmp_path, "add a deal for initech", "ok, save it")
    assert _initech_deals(tmp_path) == 2
