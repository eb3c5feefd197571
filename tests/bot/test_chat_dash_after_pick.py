"""A reply to a mail picked from a list by a word ("the invoice one", read as "the invoice 1") with its words after a
dash ("- paid it this morning, thanks") sends those words: a number before the dash makes no range unless a bound
follows it too ("mon - wed", "2 - 4pm"). Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.said_body import dash_body
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_number_before_a_dash_alone_makes_no_range() -> None:
    assert dash_body("answer the invoice 1 - paid it this morning") == "Paid it this morning"
    assert dash_body("anything free thu - fri") is None
    assert dash_body("hold 9 - 11am for focus") is None


def test_the_reply_to_the_one_described_says_the_words_after_the_dash(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "what did maria send me last week?",
        "reply to the invoice one - paid it this morning, thanks for chasing",
        "go ahead",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia@example.com", includeBody=True))
    assert "Invoice #4821" in sent["subject"]
    assert sent["body"].startswith("Paid it this morning")
