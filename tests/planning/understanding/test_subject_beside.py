"""A mail of a few words sent beside an event with the same person ("… and email him saying see you then") is about
that event: its subject names the event and its day, not the few words ("See you then")."""

from tests.planning.conftest import run


def _subjects(text: str) -> list[object]:
    return [g["slots"].get("subject") for g in run(text)["parse"]["goals"] if g["intent"] == "send"]


def test_a_thin_mail_beside_an_event_is_about_the_event():
    assert _subjects("set up a call with tom thursday at 3 and email him saying see you then") == ["Call on Thursday"]
    assert _subjects("cancel my 1:1 w priya tomorrow and tell her sorry") == ["1:1 on Tuesday"]


def test_a_mail_that_says_enough_or_goes_to_someone_else_keeps_its_own_subject():
    assert _subjects("book 30 min w priya wed at 2 and email tom saying ok") == ["Ok"]
    text = "book a sync with dana fri at 10 and send her a note that i will bring the q3 numbers and the pricing deck"
    assert _subjects(text) == ["I will bring the q3 numbers"]
