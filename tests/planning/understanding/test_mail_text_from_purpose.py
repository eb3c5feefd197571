"""A mail whose text the request says without quoting it (issue 24): what it asks of its people after "to" ("email
him to bring the deck" → "Could you bring the deck?"), the words after a mail's noun and a dash or colon ("send her
a short note - running late"), and the words after the way the news goes ("let him know by email - just say …").
Asked for only when the request says none."""

import pytest

from tests.planning.conftest import args, goals, run


def _sent(text: str) -> dict[str, object]:
    line = run(text)
    assert goals(line) == [("send", "email")]
    return args(line, "send_email")


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "message sarah to send over the signed contract by friday",
            "Could you send over the signed contract by friday?",
        ),
        ("ping dana and tom to share their slides before the review", "Could you share your slides before the review?"),
        ("shoot him a quick email to bring his laptop", "Could you bring your laptop?"),
        (
            "email her to book the big room for thursday, she knows the code",
            "Could you book the big room for thursday?",
        ),
    ],
)
def test_what_a_mail_asks_of_its_people_is_its_text(text: str, body: str):
    assert _sent(text)["body"] == body


@pytest.mark.parametrize(
    "text",
    ["email tom to say thanks", "ping laura to confirm tuesday", "email the deck to priya", "email dana to follow up"],
)
def test_a_purpose_that_is_the_senders_own_doing_makes_no_text(text: str):
    assert "PLACEHOLDER_body" in str(_sent(text)["body"])


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("send priya a short note - the numbers look good, ship it", "The numbers look good, ship it"),
        ("email tom a quick note: stuck in traffic, start without me", "Stuck in traffic, start without me"),
    ],
)
def test_the_words_after_a_mails_noun_and_a_mark_are_its_text(text: str, body: str):
    assert _sent(text)["body"] == body


def test_a_field_named_before_a_colon_is_still_a_field():
    assert _sent("email tom re: the budget")["subject"] == "Budget"


@pytest.mark.parametrize(
    ("text", "body"),
    [
        ("let priya know via email - just say the venue changed, details soon", "The venue changed, details soon"),
        ("tell sarah by email that the invoice went out", "The invoice went out"),
    ],
)
def test_the_way_the_news_goes_is_no_part_of_it(text: str, body: str):
    assert _sent(text)["body"] == body


def test_a_way_the_news_goes_with_no_news_asks_for_the_text():
    assert "PLACEHOLDER_body" in str(_sent("let maria know by email")["body"])


@pytest.mark.parametrize(
    ("text", "who", "query"),
    [
        ("fwd tom the launch plan from priya", "tom", "launch plan"),
        ("forward sarah the signed nda from laura, she needs it today", "sarah", "signed nda"),
    ],
)
def test_a_person_right_after_forward_is_whom_it_goes_to(text: str, who: str, query: str):
    line = run(text)
    assert args(line, "fetch_emails")["query"] == query
    assert args(line, "fetch_entity")["filters"]["name"] == who


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "email priya and tom that the offsite moved to friday, book your travel for thursday night",
            "The offsite moved to friday, book your travel for thursday night",
        ),
        (
            "tell sarah the review is off, send your notes to john instead",
            "The review is off, send your notes to john instead",
        ),
    ],
)
def test_words_said_to_the_recipients_after_a_comma_go_on_with_the_text(text: str, body: str):
    assert _sent(text)["body"] == body


def test_what_a_forward_asks_is_no_part_of_the_mail_searched():
    line = run("forward her priya's partner summit email and ask if she can cover the booth")
    assert args(line, "fetch_emails")["query"] == "partner summit"
    assert args(line, "forward_email")["body"] == "Can you cover the booth?"
