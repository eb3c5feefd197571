"""A person who says what an email should say gets a subject made from those words (their first part, or the
clause a polite request wraps), shown on the card and correctable there, never the question "What subject…?";
the subject is still asked when nothing says what the email is about."""

from planning.understanding.subjects import from_body
from tests.planning.conftest import args, run


def _email(text: str) -> dict:
    return args(run(text), "send_email")


def test_the_first_part_of_a_long_message_is_its_subject():
    made = from_body("The new hire paperwork looks complete and payroll can start her on the first of april")
    assert made == "New hire paperwork looks complete"


def test_a_polite_request_gives_the_clause_it_wraps():
    assert from_body("Would you tell me whether the new laptop order for the design team went through?") == (
        "New laptop order for the design team"
    )
    assert from_body("I just wanted you to know that the parking garage on fifth street closes early all week") == (
        "Parking garage on fifth street closes early"
    )


def test_a_long_first_part_is_cut_before_a_word_that_leads_on():
    made = from_body("honestly the entire vendor onboarding process keeps dragging on forever and nobody owns it")
    assert made is not None and len(made.split()) <= 8 and made.split()[-1].lower() not in ("on", "the", "to")


def test_an_email_with_its_text_said_is_not_asked_a_subject():
    mail = _email("email nadia and tell her the warehouse inventory count came in lower than what we expected")
    assert "PLACEHOLDER" not in mail["subject"] and "warehouse inventory count" in mail["subject"].lower()
    assert "lower than" in mail["body"]


def test_an_email_with_nothing_said_still_asks_what_it_is_about():
    assert "PLACEHOLDER_subject" in _email("drop omar an email")["subject"]
