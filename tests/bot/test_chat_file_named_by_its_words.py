"""`planbot chat --script`: a file from mail named by words that only its file name holds ("the signed msa", the mail
being "Contract: Acme master services agreement (signed)" with Acme_MSA_signed.pdf) is found by each word, in any
order, among the sender's mails with files; a reason said after it ("…, she needs it for onboarding") is no text to
send, and does not hide who sent the file."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_file_named_by_words_of_its_file_name_is_attached(tmp_path: Path):
    output = chat(tmp_path, "send priya the signed msa john sent, she's onboarding acme", "Here you go.", "a")
    assert "Acme_MSA_signed.pdf" in output and "Finished" in output
    found = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya.shah", includeBody=True))
    (sent,) = [mail for mail in found if mail["body"].strip() == "Here you go."]
    assert [a["name"] for a in sent["attachments"]] == ["Acme_MSA_signed.pdf"]


def test_words_no_mail_with_a_file_holds_find_nothing(tmp_path: Path):
    output = chat(tmp_path, "send priya the signed budget john sent", "cancel")
    assert "Acme_MSA_signed.pdf" not in output


def test_a_mail_to_forward_named_by_initials_of_its_subject_is_found_without_a_sender(tmp_path: Path):
    """User test s13 c29: "forward the signed acme msa to sarah …" found no mail: the mail search by each word needed
    a sender, and "msa" is the initials of "master services agreement"."""
    output = chat(tmp_path, "fwd the signed acme msa to priya, she's onboarding them", "a")
    assert "Contract: Acme master services agreement (signed)" in output and "Finished" in output
    other = tmp_path / "other"
    other.mkdir()
    output = chat(other, "fwd the signed initech sow to priya", "cancel")
    assert "Acme master services agreement" not in output
