"""Words to send said after a colon, with no cue word before them (issue 23): the slot tagger's body span, begun at
the colon, fills the email's body, the reply's body and the comment sent with an answer to an invitation, instead of
a placeholder."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from tests.planning.conftest import args, run

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def test_a_list_after_a_colon_is_the_body_of_the_email():
    sent = args(run("email lena the plan for monday: intros, demo, q&a"), "send_email")
    assert sent["body"] == "Intros, demo, q&a"


def test_a_reply_on_a_thread_sends_the_words_after_the_colon():
    sent = args(run("reply all on the office move thread: friday works for us, keys are at the desk"), "reply_email")
    assert sent["body"] == "Friday works for us, keys are at the desk"


def test_a_declined_invitation_carries_its_comment():
    answer = args(run("decline the board prep on mon pls, comment: out sick, raj can take it"), "respond_to_event")
    assert answer["response"] == "declined" and "raj can take it" in answer["comment"].lower()


def test_no_comment_is_invented():
    assert "comment" not in args(run("accept the design review invite for thursday"), "respond_to_event")


def test_a_comment_led_by_its_field_name_goes_with_the_answer():
    answer = args(run("turn down the globex budget review tmrw, note: im out, dana can go"), "respond_to_event")
    assert answer["comment"] == "Im out, dana can go"


def test_a_topic_said_as_a_field_titles_the_new_event():
    made = args(run("set up time w omar mon at 10. topic: offsite logistics"), "create_calendar_event")
    assert made["title"] == "Offsite logistics"


@pytest.mark.parametrize(
    ("text", "sent"),
    [
        (
            "reply to omar's budget mail: fine by me, i'll ask kim to move the review",
            "Fine by me, i'll ask kim to move the review",
        ),
        (
            "respond to lena's offsite email: ok, we told the hotel to hold 12 rooms",
            "Ok, we told the hotel to hold 12 rooms",
        ),
    ],
)
def test_a_report_inside_the_words_after_a_colon_is_sent_as_given(text: str, sent: str):
    assert args(run(text), "reply_email")["body"] == sent


def test_asking_right_after_the_colon_is_still_asked_of_the_recipient():
    assert args(run("email tom: ask him to send the slides by friday"), "send_email")["body"] == (
        "Could you send the slides by friday?"
    )


def test_the_words_after_a_colon_run_on_past_where_the_tagger_stops():
    reply = args(run("reply to omar's invoice email: sounds fine, kim will set up the refund tomorrow"), "reply_email")
    assert reply["body"] == "Sounds fine, kim will set up the refund tomorrow"


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (
            "fwd the budget mail to kim w a quick note: numbers are final, no more edits",
            "Numbers are final, no more edits",
        ),
        ("fwd omar's deck to kim and raj w a note: thoughts by thurs?", "Thoughts by thurs?"),
    ],
)
def test_a_note_after_w_and_a_colon_goes_with_the_forward(text: str, note: str):
    forwarded = args(run(text), "forward_email")
    assert forwarded["body"].rstrip("?") == note.rstrip("?")


def test_a_day_in_the_note_does_not_date_the_mail_forwarded():
    found = args(
        run("fwd omar's deck to kim and raj w a note: pls look at the pricing page before fri"), "fetch_emails"
    )
    assert "since" not in found and "until" not in found
