""" "for me" after a verb that acts for someone ("tom will fill in for me") is what the mail says, not a polite tail:
the body keeps it. Before, "tell laura sarah will cover for me" sent "Sarah will cover"."""

from tests.planning.conftest import args, run


def test_whom_a_stand_in_acts_for_stays_in_the_mail():
    assert args(run("tell priya tom will fill in for me"), "send_email")["body"] == "Tom will fill in for me"
    assert args(run("let dana know john can step in for me"), "send_email")["body"].endswith("step in for me")


def test_a_polite_for_me_is_still_dropped():
    assert args(run("email tom the q3 deck for me"), "send_email")["subject"] == "Q3 deck"
