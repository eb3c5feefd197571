"""`planbot chat --script`: a file a step attaches is shown on the approval card by its name, type and size, not by
its reference (contract §2.7); a request to attach a file that is nowhere at hand asks for it, and the chat (which
has no files) can go on without it."""

import re
from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_an_attachment_from_mail_is_shown_by_name_type_and_size(tmp_path: Path):
    output = chat(tmp_path, "send Sarah the contract John attached last week", "Here is the contract.", "a")
    assert re.search(r"Attachments\s+📎 Acme_MSA_signed\.pdf \(PDF, \d+ bytes\)", output), output
    assert "email:msg-" not in output and "Finished" in output
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="sarah.lee", includeBody=True))
    (sent,) = [mail for mail in found if mail["body"].strip() == "Here is the contract."]
    assert [a["name"] for a in sent["attachments"]] == ["Acme_MSA_signed.pdf"]


def test_a_file_to_attach_is_asked_for_as_a_shared_file_and_words_do_not_answer(tmp_path: Path):
    output = chat(tmp_path, "email Priya saying here it is, and attach the deck", "the deck", "skip", "a")
    assert "Please share the file for “Email Priya: Here it is” in this thread" in output
    assert "that is not a file" in output and "Finished" in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah"))
    assert sent["subject"] == "Here it is" and sent["attachments"] == []
