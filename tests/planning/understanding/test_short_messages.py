"""A short statement to pass on gives the email both its text and its subject, time words included (trial 4 item 9:
"let Maria know the invoice went out this morning" asked for both; "… saying I'll be 10 minutes late to lunch next
week" asked for a subject)."""

from planning.understanding.subjects import from_body
from tests.planning.conftest import args, run


def test_a_statement_with_a_past_verb_is_the_message_and_its_time_words_stay_in_it():
    email = args(run("let Priya know the contract went out yesterday afternoon"), "send_email")
    assert email["body"] == "The contract went out yesterday afternoon"
    assert email["subject"] == "Contract went out yesterday afternoon"


def test_a_longer_message_opening_with_a_contraction_gives_its_first_clause_as_subject():
    assert from_body("I'll be 10 minutes late to lunch next week") == "I'll be 10 minutes late"
