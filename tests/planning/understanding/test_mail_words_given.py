"""Values a mail request says are used as said (user test s14, groups G5-G7): the thing named before a colon is the
subject and what follows the text ("send X the Y status: Z"); a clause said right after the recipient is the text
("email tom the launch dates work for me"); a weekend asked of mail on a Monday is the one just past."""

import pytest

from tests.planning.conftest import args, run


@pytest.mark.parametrize(
    ("text", "subject", "body"),
    [
        ("email tom the launch update: we ship on the 14th, docs are late", "Launch update", "We ship on the 14th"),
        ("send dana the questionnaire status; legal signed off", "Questionnaire status", None),
    ],
)
def test_the_thing_before_a_colon_is_the_subject(text: str, subject: str, body: str | None):
    sent = args(run(text), "send_email")
    assert sent["subject"] == subject
    if body is not None:
        assert str(sent["body"]).startswith(body)


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("email priya the numbers look fine to me", "The numbers look fine to me"),
        ("send sarah the new dates work, see you thursday", "The new dates work, see you thursday"),
        ("email tom and priya the offsite is moved to friday", "The offsite is moved to friday"),
    ],
)
def test_a_clause_after_the_recipient_is_the_text(text: str, body: str):
    assert args(run(text), "send_email")["body"] == body


@pytest.mark.parametrize("text", ["email tom the launch plan", "send dana the slides from the offsite"])
def test_a_thing_after_the_recipient_is_no_text(text: str):
    assert "PLACEHOLDER_body" in str(args(run(text), "send_email")["body"])


@pytest.mark.parametrize("text", ["summarize my inbox from this weekend", "show mail from the weekend"])
def test_a_weekend_of_mail_asked_on_a_monday_is_the_last(text: str):
    fetched = args(run(text), "fetch_emails")
    assert fetched["since"] == "2026-02-28T00:00:00-05:00"
    assert fetched["until"] == "2026-03-02T00:00:00-05:00"


def test_a_weekend_of_events_is_still_ahead():
    assert args(run("what's on this weekend"), "fetch_calendar_events")["start"] == "2026-03-07T00:00:00-05:00"
