"""A request taken back halfway and asked again in the same message: only the one asked after it (user test s12, c62:
"… nvm. move my 1:1 with priya 30 min earlier" also moved the event named before "nvm")."""

from planning.understanding.taken_back import after_taken_back
from tests.planning.conftest import goals, run


def test_the_request_after_words_that_take_back_is_the_one_asked() -> None:
    line = run("cancel the design crit tmrw, wait... never mind. push the budget review to 3pm")
    assert goals(line) == [("update", "event")]
    assert line["parse"]["goals"][0]["slots"]["topic"].lower() == "budget review"


def test_taking_back_with_nothing_asked_after_it_changes_nothing() -> None:
    assert after_taken_back("tell omar nvm, the room is fine") == "tell omar nvm, the room is fine"
    assert after_taken_back("book a room for friday, scratch that") == "book a room for friday, scratch that"
    assert after_taken_back("book a room for friday, scratch that, book one for monday") == "book one for monday"
