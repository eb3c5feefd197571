"""The text of an email given as "that …" is what follows "that"; a subject corrected to "just 'X'" is X."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_reported_text_and_a_corrected_subject_keep_only_their_words(tmp_path: Path):
    chat(
        tmp_path,
        "write peter an email",
        "that the venue deposit went through this morning, receipt to follow",
        "change the subject to just 'venue deposit'",
        "a",
    )
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="peter.gibbons@initech.com", includeBody=True))
    assert sent["subject"] == "Venue deposit"  # a subject typed at the card is written as a title (cf61edd)
    assert sent["body"].startswith("The venue deposit went through")
