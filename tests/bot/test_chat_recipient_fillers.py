"""People an email goes to, said with words that are no part of a name ("to tom only thanks"): only they are kept,
and the words around them are not looked up as a name."""

from datetime import datetime
from pathlib import Path

from planning.understanding.commands.values import parse_answer
from tests.bot.test_chat import chat


def test_words_around_a_name_are_not_looked_up_as_part_of_it() -> None:
    now = datetime.now().astimezone()
    assert parse_answer("to", "ana only plz", now).names == ("ana",)
    assert parse_answer("to", "just lee then, thx", now).names == ("lee",)
    assert parse_answer("to", "Tom Reyes and ana", now).names == ("Tom Reyes", "ana")


def test_a_card_to_two_people_restricted_to_one_sends_to_that_one_only(tmp_path: Path) -> None:
    output = chat(tmp_path, "email sarah and tom that the budget review slipped a week", "to tom only thanks")
    after = output.split("> to tom only thanks")[1]
    assert "found no contact" not in after
    assert "tom.reyes@example.com" in after

    assert "sarah.lee@example.com" not in after
