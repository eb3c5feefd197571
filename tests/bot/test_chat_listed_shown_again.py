"""After a plan listed several things, a request that only names one of them ("open the 2nd", "show me the
third one", "the last contact?") shows that one again: its place in the list is what it asks for, not a day."""

from pathlib import Path

from tests.bot.test_chat import chat


def _last_turn(output: str) -> str:
    return " ".join(output.split("> ")[-1].split())


def test_a_row_named_by_its_place_alone_is_shown_again(tmp_path: Path) -> None:
    output = chat(tmp_path, "list my contacts", "pull up the 3rd")
    shown = _last_turn(output)
    assert "didn't understand" not in shown
    assert "from your last plan" in shown and shown.count("Finished") == 1


def test_a_row_named_by_its_place_and_a_thing_is_shown_again(tmp_path: Path) -> None:
    second = _last_turn(chat(tmp_path, "what's on my calendar this week", "show me the second one"))
    assert "didn't understand" not in second and "1 event" in second
