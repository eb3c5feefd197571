"""A reply that names no email, said right after reading one ("reply saying …"), answers that email, not the newest
in the mailbox (issue 24: the thing a follow-up means is the one just discussed)."""

from pathlib import Path

import pytest

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


@pytest.mark.parametrize(
    ("said", "words_sent"),
    [
        ("ok reply saying the new policy works for me, thanks", "the new policy works for me"),
        # user test s13 c12 (harmful with the pick of "yes"): "reply to her saying …" searched mail for the word
        # "her" and listed five emails none from her; a pronoun is whom the mail is from, never its words
        ("reply to her saying fine by me, i'll update the team", "fine by me"),
    ],
)
def test_a_reply_right_after_reading_an_email_answers_that_email(tmp_path: Path, said: str, words_sent: str):
    output = chat(tmp_path, "what did maria say about the expense policy?", said, "a")
    assert "from your last plan" in output
    sent = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="maria.garcia@example.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    assert [m["subject"] for m in sent] == ["Re: Updated expense policy"]
    assert words_sent in sent[0]["body"].lower()


def test_a_draft_reply_right_after_a_summary_answers_the_email_summarised(tmp_path: Path):
    """User test s13 c16: "draft a reply saying …" after "summarize it" drafted a reply to the newest mail in the
    mailbox (Laura's), not to the one just summarised."""
    output = chat(
        tmp_path,
        "what did maria say about the expense policy?",
        "summarize it",
        "draft a reply saying fine by me, i'll update the team",
        "a",
    )
    assert "Save a draft to Maria Garcia" in output


def test_a_reply_right_after_looking_someone_up_answers_their_newest_mail(tmp_path: Path):
    """User test s14 c57 (harmful, stopped before sending): after John Park's contact was shown, "reply …" answered
    the newest mail in the mailbox, Laura Chen's Acme redlines, with Globex pricing. It answers his newest mail."""
    output = chat(tmp_path, "look up john park", "reply saying premium support is in the price", "a")
    assert "Find the last email from John Park" in output
    sent = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    assert [(m["subject"], m["to"]) for m in sent] == [
        ("Re: Pricing question on the enterprise tier", ["john.park@globex.com"])
    ]


def test_what_someone_asked_is_read_from_their_mail(tmp_path: Path):
    """User test s14 c37: "what did john park ask about pricing" asked "your email or a contact?"; what someone asked
    or mentioned is in their mail, so it is read from there and a reply after it answers that mail."""
    said = "reply saying yes, premium support is included"
    output = chat(tmp_path, "what did john park ask about pricing", said, "a")
    assert "look up a contact" not in output
    assert "Reply to John Park: Pricing question on the enterprise tier" in output
