"""Reported speech in an email request is said to the recipient (user trial 2, item 9), and a subject made from
the body is a phrase that means something, or is left for the user — never cut mid-clause."""

from planning.understanding import subjects
from tests.planning.conftest import args, run


def _email(text: str) -> dict:
    return args(run(text), "send_email")


def test_a_reported_question_is_asked_of_the_recipient():
    mail = _email("email Sarah asking if she can present the Initech roadmap at the offsite on Friday")
    assert mail["body"] == "Can you present the Initech roadmap at the offsite on Friday?"
    assert mail["subject"] == "Initech roadmap"  # what the question is about, not its first words
    assert _email("email Tom to ask whether the venue has parking")["body"] == "Does the venue have parking?"
    assert _email("email Tom asking if they approved the quote")["body"] == "Did they approve the quote?"
    assert _email("email Priya asking whether she's booked the room")["body"] == "Have you booked the room?"
    assert _email("let Priya know she's invited to the board dinner")["body"] == "You're invited to the board dinner"


def test_a_question_that_cannot_be_turned_round_surely_asks_to_be_told():
    mail = _email("email Tom asking if the team credited the refund")
    assert mail["body"] == "Could you let me know if the team credited the refund?"


def test_a_reported_request_or_statement_is_said_to_the_recipient():
    assert _email("email John asking him to share his notes from the call")["body"] == (
        "Could you share your notes from the call?"
    )
    assert _email("email Maria telling her she's on the interview panel")["body"] == "You're on the interview panel"
    assert _email("email Tom to let him know he has the room until noon")["body"] == "You have the room until noon"
    assert _email("email Tom and Priya asking if they can join the call")["body"] == "Can you join the call?"


def test_words_after_the_message_starts_are_no_topic():
    mail = _email("email Maria saying I will be about 20 minutes late to the standup because of traffic")
    assert mail["subject"] == "I will be about 20 minutes late"


def test_a_subject_from_a_long_body_is_a_whole_phrase_never_cut_mid_word():
    assert subjects.from_body("My salary review notes are in the shared folder on the drive") == "Salary review notes"
    assert subjects.from_body("The deck is ready") == "Deck is ready"
    # the clause a report wraps: what it is about, not "You've been told that we are going"
    made = subjects.from_body("You've been told that we are going to need a bigger room for it")
    assert made == "We are going to need a bigger room"
    mail = _email("email Tom asking if the team credited the refund to Globex's account last week")
    assert "PLACEHOLDER_subject" not in mail["subject"] and mail["subject"].startswith("Team credited the refund")


def test_a_short_question_that_cannot_be_turned_round_is_the_subject():
    """Contract §2.3: the subject is a placeholder only when the request gives no topic; a question said in a few
    words ("whether the vendor contract got signed") is one, even when it is asked as "Could you let me know …"."""
    mail = _email("email omar and ask whether the vendor contract got signed")
    assert mail["body"] == "Could you let me know whether the vendor contract got signed?"
    assert mail["subject"] == "Vendor contract got signed"
    mail = _email("write to keiko asking if umbrella plans to renew the license")
    assert "PLACEHOLDER" not in mail["subject"] and "renew the license" in mail["subject"]


def test_them_and_their_of_one_recipient_named_are_said_to_them():
    assert _email("email Peter asking if the two week pilot still works for them")["body"].endswith("works for you?")
    assert _email("email Dana asking whether their team can start monday")["body"] == "Can your team start monday?"
    assert _email("email Tom asking if he has sent them the contract")["body"] == "Have you sent them the contract?"
