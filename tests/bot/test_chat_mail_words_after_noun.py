"""The words to send that a mail's noun leads into with a verb's -ing form ("drop her a line reminding her …", "a
short note confirming …") are the mail's text, said to the recipient; a word naming what the mail holds ("a note
regarding …") is none. While the text is asked, keeping some of the mail's people alone ("only tom, priya is on
leave") changes who it goes to, and is no request of its own. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import Correct, read_reply
from planning.understanding.commands.context import Context
from planning.understanding.said_body import participle_body
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

TEXT_ASKED = Context(
    question="value",
    open_plan=True,
    name="body",
    value_kind="text",
    doing="send_email",
    people=("tom", "priya", "tom.reyes@example.com", "priya.shah@example.com"),
)


def test_the_words_after_a_mail_noun_and_an_ing_verb_are_the_text() -> None:
    assert participle_body("ping sarah a message letting her see the draft") is not None
    assert participle_body("send john a short note explaining the delay") == "Explaining the delay"
    assert participle_body("email john a note regarding the renewal") is None
    assert participle_body("send tom the meeting notes") is None


def test_people_kept_alone_while_the_text_is_asked() -> None:
    [kept] = read_reply("hmm only tom, priya is on leave this week", TEXT_ASKED)
    assert kept == Correct("tom", people=True)
    [text] = read_reply("only tom and priya know the numbers are final", TEXT_ASKED)
    assert not isinstance(text, Correct)


def test_the_note_sent_says_the_words_to_the_recipient(tmp_path: Path) -> None:
    chat(tmp_path, "drop maria a quick line reminding her the budget sheet is due thursday", "approve")
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia@example.com", includeBody=True))
    [mine] = [mail for mail in sent if "budget sheet" in mail["body"]]
    assert mine["body"].startswith("Reminding you the budget sheet is due thursday")


def test_a_mail_to_two_goes_to_the_one_kept_at_the_text_question(tmp_path: Path) -> None:
    chat(tmp_path, "email tom and priya about the offsite", "actually only tom, priya is on leave", "it's booked", "a")
    assert read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah@example.com", query="offsite")) == []
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", query="offsite"))
    assert sent["subject"] == "Offsite"
