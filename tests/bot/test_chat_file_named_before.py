""" "the one laura sent" stands for the file named before it in the message ("she wants a copy of the signed nda -
can you send her the one laura sent"): her mail with that file is found and attached. Before, the words from the
file's name to "the one" (across the dash) were the search, nothing was found and the plan was stuck."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from planning.understanding.existing import attachment_source
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def test_the_one_someone_sent_is_the_file_named_before_it() -> None:
    found = attachment_source(
        "omar wants a copy of the price list - can you send him the one maria sent", ("omar", "maria")
    )
    assert found is not None and (found.sender, found.query) == ("maria", "price list")
    found = attachment_source("send omar the price list, the one Maria attached", ())
    assert found is not None and (found.sender, found.query) == ("Maria", "price list")
    assert attachment_source("send omar the one Maria attached", ()).query is None  # type: ignore[union-attr]


def test_the_file_named_before_the_one_laura_sent_is_attached(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "priya wants a copy of the signed nda - could you email her the one laura sent us? say attached as asked",
        "a",
    )
    assert "could not find" not in output
    (sent,) = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="priya", includeBody=True))
    assert [a["name"] for a in sent["attachments"]] == ["Acme_mutual_NDA_signed.pdf"]
