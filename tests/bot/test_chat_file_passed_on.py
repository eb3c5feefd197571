"""A person typed in lower case before "sent", in a request that passes the thing on to someone else ("send priya
the signed nda laura sent"), is who sent the file: her mail with the file is found and its file attached, and she
is no recipient. Before, 'laura' became a second recipient, the subject was "Signed nda laura sent" and nothing was
attached. Said alone at a card ("the launch plan tom sent saturday") such words still name the mail itself."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.existing import attachment_source
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_the_file_a_lower_case_sender_sent_is_attached_and_she_is_no_recipient(tmp_path: Path) -> None:
    output = chat(tmp_path, "send priya the signed nda laura sent", "countersigned copy for your files", "a")
    assert "Find laura's contact record" not in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya", includeBody=True))
    assert [a["name"] for a in sent["attachments"]] == ["Acme_mutual_NDA_signed.pdf"]
    assert all("laura" not in address for address in sent["to"])


def test_sent_after_a_lower_case_name_is_a_file_only_when_someone_else_gets_it() -> None:
    passed_on = attachment_source("email omar the price list maria sent over", ("omar", "maria"))
    assert passed_on is not None and (passed_on.sender, passed_on.query) == ("maria", "price list")
    assert attachment_source("the launch plan tom sent saturday", ("tom",)) is None
