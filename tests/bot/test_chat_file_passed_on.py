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


def test_the_file_from_someone_goes_to_the_one_it_is_for_and_never_back_to_them(tmp_path: Path) -> None:
    """User test s14 c04 (harmful): "email sarah the acme redlines from laura and cc tom" wrote to Sarah AND Laura
    (the customer) with nothing attached. The one a thing came from is its source: her mail's file is attached."""
    output = chat(tmp_path, "email tom the signed nda from laura, cc sarah", "for the onboarding file", "a")
    assert "Acme_mutual_NDA_signed.pdf" in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="tom", includeBody=True))
    assert [a["name"] for a in sent["attachments"]] == ["Acme_mutual_NDA_signed.pdf"]
    assert sent["to"] == ["tom.reyes@example.com"] and sent["cc"] == ["sarah.lee@example.com"]


def test_someones_note_passed_on_is_their_mail_s_file_and_they_get_nothing(tmp_path: Path) -> None:
    """User test s14 c55 (harmful): "send john smith maria's note on …" wrote to John and Maria, nothing attached."""
    chat(tmp_path, "send priya john's note on the february sales report, she asked for it", "numbers inside", "a")
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya", includeBody=True))
    assert [a["name"] for a in sent["attachments"]] == ["February_sales_report.pdf"]
    assert sent["to"] == ["priya.shah@example.com"]


def test_from_or_s_before_a_thing_names_its_source_only_when_someone_else_gets_it() -> None:
    passed_on = attachment_source("email omar the price list from maria and cc tom", ("omar", "maria", "tom"))
    assert passed_on is not None and (passed_on.sender, passed_on.query) == ("maria", "price list")
    owned = attachment_source("send omar maria's note on the price list", ("omar", "maria"))
    assert owned is not None and (owned.sender, owned.query) == ("maria", "price list")
    assert attachment_source("email maria the notes from the offsite", ("maria",)) is None
    assert attachment_source("forward me maria's note on the price list", ("maria",)) is None
