"""A card that takes off someone who is not invited, or adds someone already invited, says so (user test s14 c48:
"take sarah off the globex pricing review" showed "Remove − sarah@…" and then "Changed", though she was not on it)."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_taking_off_someone_not_invited_says_there_is_nothing_to_take_off(tmp_path: Path) -> None:
    output = chat(tmp_path, "remove tom from the acme call tomorrow", "c")
    assert "Not invited to “Acme call”: tom.reyes@example.com" in output


def test_adding_someone_already_invited_says_so(tmp_path: Path) -> None:
    output = chat(tmp_path, "add sarah to the acme call tomorrow", "c")
    assert "Already invited to “Acme call”: sarah.lee@example.com" in output
    assert "Not invited" not in output
