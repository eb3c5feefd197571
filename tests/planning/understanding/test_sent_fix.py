"""Replies after an email was sent: a correction of its words, and the ask to take it back (issue 24)."""

import pytest

from planning.understanding.commands import Context, Decide, MailFollowUp, NewRequest, Undo, read_reply

SENT = Context(left=frozenset({"email", "changes"}))


@pytest.mark.parametrize(
    ("text", "right", "wrong"),
    [
        ("oh no, i meant the 14th not the 12th", "the 14th", "the 12th"),
        ("sorry: 4pm, not 3pm", "4pm", "3pm"),
        ("it should be room 2 instead of room 5 - my bad", "room 2", "room 5"),
    ],
)
def test_the_right_words_then_the_wrong_ones_are_a_correction(text: str, right: str, wrong: str):
    assert read_reply(text, SENT) == (MailFollowUp("correct", right, replaces=wrong),)


@pytest.mark.parametrize("text", ["could u recall it?", "hmm, unsend that message pls", "please retract it"])
def test_asking_to_take_it_back_is_an_undo(text: str):
    assert read_reply(text, SENT) == (Undo(),)


def test_a_correction_means_nothing_after_a_plan_that_sent_no_email():
    [command] = read_reply("i meant the 14th not the 12th", Context(left=frozenset({"event", "changes"})))
    assert not (isinstance(command, MailFollowUp) and command.action == "correct")


def test_a_request_after_a_send_stays_a_request():
    assert read_reply("email maria about the invoice", SENT) == (NewRequest("email maria about the invoice"),)


MARKED = Context(left=frozenset({"mail_marks", "changes"}))


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("the contract one from laura as well", "the contract one from laura"),
        ("oh and also the ones from peter", "the ones from peter"),
    ],
)
def test_mail_described_after_a_mail_change_is_the_same_change_again(text: str, described: str):
    assert read_reply(text, MARKED) == (MailFollowUp("same_change", described),)


def test_thanks_after_a_mail_change_is_no_mail():
    [command] = read_reply("thanks too", MARKED)
    assert not isinstance(command, MailFollowUp)


@pytest.mark.parametrize("text", ["yes do that", "ok, do this"])
def test_do_that_at_a_card_approves_what_it_shows(text: str):
    [command] = read_reply(text, Context(question="approval", open_plan=True, doing="send_email"))
    assert isinstance(command, Decide) and command.action == "approve"
