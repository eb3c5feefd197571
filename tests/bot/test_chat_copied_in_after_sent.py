"""After an email went out, copying someone in ("hmm can you cc tom on it", "loop maria in on that too") forwards the
email sent to them: a mail sent cannot gain a cc. Sentences here are our own."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.commands import MailFollowUp, read_reply
from planning.understanding.commands.context import Context
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SENT = Context(left=frozenset({"email"}))


def test_copying_in_after_a_sent_email_is_a_forward_to_them() -> None:
    assert read_reply("loop maria in on that too", SENT) == (MailFollowUp("forward", "maria"),)
    assert read_reply("ah could you bcc dana on it", SENT) == (MailFollowUp("forward", "dana"),)


def test_copying_a_thing_is_no_forward() -> None:
    [said] = read_reply("copy the agenda into the launch doc", SENT)
    assert not isinstance(said, MailFollowUp)


def test_the_person_copied_in_gets_the_email_sent(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "email priya saying the launch copy is final",
        "send",
        "hmm can you cc tom on it",
        "yes",
    )
    [forwarded] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom.reyes@example.com", includeBody=True))
    assert "launch copy is final" in forwarded["body"]
