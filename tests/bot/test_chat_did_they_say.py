"""A yes-or-no question of what someone wrote ("did peter say anything about extending the pilot?") is answered with
their words, not a row of a table (user test s14 c27); the note of a wider search names no reading option."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_did_someone_say_anything_is_answered_with_their_words(tmp_path: Path) -> None:
    flat = " ".join(chat(tmp_path, "did peter mention anything about the reporting module?").split())
    assert "reporting module slow" in flat
    assert "includeBody" not in flat


def test_did_someone_ask_is_answered_with_their_words(tmp_path: Path) -> None:
    flat = " ".join(chat(tmp_path, "has maria written anything about the invoice").split())
    assert "12,400" in flat  # the words of her invoice mail, not only its subject
