"""A question reported after "ask" with a question word ("ask when …", "asking where …") is asked of the recipient,
turned round where it surely can be ("When can we expect the refund?"), else asked as "Could you let me know who
…?"; with a forward it is the note sent along."""

from tests.planning.conftest import args, run


def test_a_question_word_question_is_asked_of_the_recipient():
    mail = args(run("email ingrid and ask when we can expect the refund"), "send_email")
    assert mail["body"] == "When can we expect the refund?"
    assert args(run("message kofi asking where the badge printer is"), "send_email")["body"] == (
        "Where is the badge printer?"
    )


def test_one_that_cannot_be_turned_round_is_asked_plainly():
    mail = args(run("email ingrid asking who signs off on travel"), "send_email")
    assert mail["body"] == "Could you let me know who signs off on travel?"
    assert mail["subject"].startswith("Who signs off")


def test_a_forward_carries_the_question_as_its_note():
    sent = args(run("forward the shipping email to kofi, ask when the pallets arrive"), "forward_email")
    assert sent["body"] == "When do the pallets arrive?" or sent["body"].startswith("Could you let me know when")
