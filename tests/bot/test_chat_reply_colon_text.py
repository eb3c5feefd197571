"""A reply whose words follow a colon ("reply: …", "respond to her: …") sends everything after the colon, whatever
its verbs and joins: "… and we can discuss them on thursday" is part of the text, not a second request, and a person
named in the text is not the one answered."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read
from tests.planning.conftest import args, goals, run


def test_the_whole_text_after_the_colon_is_the_reply():
    line = run("reply: great news, i'll share it with the board tomorrow and send you the signed copy")
    assert goals(line) == [("send", "email")]
    assert (
        args(line, "reply_email")["body"]
        == "Great news, i'll share it with the board tomorrow and send you the signed copy"
    )


def test_a_reply_to_someone_keeps_its_whole_text():
    line = run("respond to omar: works for me, let's book the big room and invite the vendor")
    assert goals(line) == [("send", "email")]
    assert args(line, "reply_email")["body"] == "Works for me, let's book the big room and invite the vendor"


def test_a_person_named_in_the_text_is_not_the_one_answered():
    line = run("respond: fine by me. let's also loop in dana and book the big room")
    assert goals(line) == [("send", "email")]
    assert "dana" not in str(args(line, "fetch_emails")).lower()
    assert args(line, "reply_email")["body"] == "Fine by me. let's also loop in dana and book the big room"


def test_a_reply_after_reading_a_mail_sends_every_sentence(tmp_path: Path):
    chat(
        tmp_path,
        "anything from laura this week?",
        "reply: thanks laura, i'll read the redlines tonight and we can go over them with legal on thursday",
        "a",
    )
    sent = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="laura.chen@acme.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    assert len(sent) == 1
    assert sent[0]["body"].lower().endswith("we can go over them with legal on thursday")
