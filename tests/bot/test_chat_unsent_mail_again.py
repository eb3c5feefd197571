"""An email written and then called off at its card ("hold off, don't send") can be sent to someone else: "send that
same note to X" after the cancel takes its subject and text, looked up and approved as usual; the first person
gets nothing."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read

SINCE = "2026-03-02T00:00:00-05:00"


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since=SINCE, includeBody=True)))


def test_the_email_called_off_goes_to_someone_else(tmp_path: Path):
    chat(
        tmp_path,
        "email dana saying the march invoices are approved and paid out friday",
        "cancel",
        "but send this same email to peter, he owns the vendor budget",
        "a",
    )
    assert _sent_to(tmp_path, "dana.whitfield@acme.com") == []
    [sent] = _sent_to(tmp_path, "peter.gibbons@initech.com")
    assert "invoices are approved" in sent["body"]
