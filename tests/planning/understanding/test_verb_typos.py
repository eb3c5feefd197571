"""Action words typed with one slip are read as the word meant ("sned", "cancle", "fowrard"); words of their own and
names one letter off are left as typed."""

from planning.understanding.verb_typos import respelled_verbs
from tests.planning.conftest import goals, run


def test_one_slip_in_an_action_word_is_read_as_the_word():
    assert respelled_verbs("sned maria the deck") == "send maria the deck"
    assert respelled_verbs("Cancle my 3pm, fowrard the invite to tom") == "Cancel my 3pm, forward the invite to tom"
    assert respelled_verbs("emai priya re the budget") == "email priya re the budget"


def test_words_and_names_one_letter_off_are_left_as_typed():
    for text in ("sean said the invitee list is final", "it was rescheduled, check my gmail", "sent it, rewind it"):
        assert respelled_verbs(text) == text


def test_a_mistyped_email_verb_sends_an_email():
    assert goals(run("emial priya that the budget is approved")) == [("send", "email")]
    assert goals(run("sned tom a note saying the room is booked")) == [("send", "email")]
