"""A question about a person's field with the possessive typed without an apostrophe ("whats lauras phone") is
answered with that person's value: the name less its "s" is grounded in the contacts."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_a_possessive_without_apostrophe_is_answered_for_the_person_it_names(tmp_path: Path) -> None:
    output = " ".join(chat(tmp_path, "whats lauras phone", "whats peters title").split())
    assert "Laura Chen's phone number is +1 312 555 0117." in output
    assert "Peter Gibbons's title is Project Manager." in output
    assert "can't tell whose" not in output
