"""A question about who owns a record is answered with its owner, not a table of names (issue 24)."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_who_owns_an_account_is_answered_with_its_owner(tmp_path: Path):
    output = chat(tmp_path, "who manages the globex account?")
    assert "Globex's owner is John Smith." in output
