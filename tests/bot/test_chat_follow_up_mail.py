"""What a person is told may be a sentence with a verb of seeming ("tell maria the budget sheet looks right to me"):
those words are the email's text. After an email was sent, a mail said to be a follow-up that names no one ("ok,
send a followup saying …") goes to the people the last one went to. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_told_sentence_with_a_verb_of_seeming_is_the_text(tmp_path: Path) -> None:
    chat(tmp_path, "tell maria the budget sheet looks right to me", "approve")
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia@example.com", includeBody=True))
    assert sent["body"].startswith("The budget sheet looks right to me")


def test_a_follow_up_naming_no_one_goes_to_the_last_mails_people(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email tom saying the booth is confirmed",
        "send",
        "argh can you take that back, the booth isn't final",
        "ok then send a followup saying ignore my last note, booth is still pending",
        "send",
    )
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    assert len(sent) == 2
    assert any("booth is still pending" in mail["body"] for mail in sent)
