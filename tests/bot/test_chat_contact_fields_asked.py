"""A question about several fields of a person ("what's laura's phone and title") is answered with each of them,
not with the first field said alone (session 10, "mail")."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_each_field_asked_of_one_person_is_answered(tmp_path: Path) -> None:
    output = " ".join(chat(tmp_path, "whats laura's phone number and title").split())
    assert "Laura Chen: phone +1" in output and "; title " in output


def test_one_field_asked_is_still_answered_alone(tmp_path: Path) -> None:
    output = " ".join(chat(tmp_path, "whats laura's phone number").split())
    assert "Laura Chen's phone number is" in output
