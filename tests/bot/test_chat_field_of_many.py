"""A question about one field ("whose phone?") that several records match is answered with each one's, by name,
and the question which was meant — never with the first record's as if it were the one asked about."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_a_field_asked_of_a_name_not_read_lists_each_match_instead_of_answering_with_the_first(
    tmp_path: Path,
) -> None:
    output = " ".join(chat(tmp_path, "whats kims phone number").split())
    assert "Priya Shah's phone number is" not in output
    assert "I can't tell whose phone number you mean" in output
    assert "Priya Shah: phone +1 212 555 0101." in output
