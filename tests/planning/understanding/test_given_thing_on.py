"""What a mail gives is said with what it is on ("send tom my notes on the pricing page: …"): the subject keeps it.
Before, "on" ended the thing and the subject was "Notes"; "on" before a time still ends it."""

from tests.planning.conftest import args, run


def test_what_the_thing_given_is_on_stays_in_the_subject():
    sent = args(run("send tom my notes on the pricing page: the table is cut off"), "send_email")
    assert sent["subject"] == "Notes on the pricing page"
    assert sent["body"] == "The table is cut off"
    assert args(run("email laura my feedback on the renewal draft: fine by me"), "send_email")["subject"] == (
        "Feedback on the renewal draft"
    )


def test_on_before_a_day_is_when_not_what():
    assert args(run("mail ana the notes on friday"), "send_email")["subject"] == "Notes"
