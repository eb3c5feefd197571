"""A typed approval right after a reply at the card that was not understood is asked once more: the person may think
their change was made. The next approval approves the card as shown; a reply understood in between clears it."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_yes_after_a_change_not_understood_books_nothing_yet(tmp_path: Path) -> None:
    out = chat(
        tmp_path,
        "book 30 min with tom on wednesday at 11 about the launch",
        "hmm can the invite tell everyone to bring laptops",
        "yes",
    )
    assert events(tmp_path, query="launch", **day("2026-03-04")) == []
    assert "Approve it as it is?" in out


def test_the_second_yes_approves_the_card_as_shown(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book 30 min with tom on wednesday at 11 about the launch",
        "hmm can the invite tell everyone to bring laptops",
        "yes",
        "yes",
    )
    [booked] = events(tmp_path, query="launch", **day("2026-03-04"))
    assert booked["startTime"] == "2026-03-04T11:00:00-05:00"


def test_a_yes_after_an_understood_change_approves_at_once(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "book 30 min with tom on wednesday at 11 about the launch",
        "hmm can the invite tell everyone to bring laptops",
        "make it 45 min",
        "yes",
    )
    [booked] = events(tmp_path, query="launch", **day("2026-03-04"))
    assert booked["endTime"] == "2026-03-04T11:45:00-05:00"
