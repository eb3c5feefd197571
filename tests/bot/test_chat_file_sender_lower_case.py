"""A person typed in lower case in a clause describing a file ("the signed contract john attached last week") is
who sent the file: the mail is found by that sender with an attachment and its file attached, and that person is no
recipient. Before, the name was read only with a capital: 'john' became a second recipient and nothing was attached."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_a_lower_case_name_describing_a_file_is_its_sender_not_a_recipient(tmp_path: Path) -> None:
    output = chat(tmp_path, "send maria the signed contract john attached last week", "for your records", "a")
    assert "Find john's contact record" not in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="maria.garcia", includeBody=True))
    assert [a["name"] for a in sent["attachments"]] == ["Acme_MSA_signed.pdf"]
    assert all("john" not in address for address in sent["to"])
