"""A new email at its card turned into a reply to an email described ("make it a reply to her redlines email"): the
reply goes in that email's thread with the same text; an email that cannot be found leaves the card as it was."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

NEW = "email laura: we're ok with the liability cap as redlined, talk tuesday"


def test_the_new_email_goes_as_a_reply_in_the_thread_described(tmp_path: Path) -> None:
    output = chat(tmp_path, NEW, "hmm make it a reply to her redlines email, she'll want it in that thread", "send")
    assert "Sending it as a reply to “Contract redlines from Acme legal” from Laura Chen" in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="laura.chen@acme.com", query="liability cap"))
    assert sent["subject"].startswith("Re: Contract redlines")


def test_an_email_not_found_leaves_the_new_email_as_shown(tmp_path: Path) -> None:
    output = chat(tmp_path, NEW, "send it as a reply to the unicorn memo email instead", "send")
    assert "I found no email for “the unicorn memo email”" in output
    [sent] = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="laura.chen@acme.com", query="liability cap"))
    assert sent["subject"] == "We're ok with the liability cap as redlined"
