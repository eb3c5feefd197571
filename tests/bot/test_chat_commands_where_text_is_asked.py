"""Where the bot asks for an email's text, a reply that approves every card ("approve all") or starts a request of
its own after "also"/"and" ("and also put 30 min w tom on thurs at 3") is never sent as the email's text."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def bodies_to(tmp_path: Path, address: str) -> list[str]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T08:00:00-05:00", includeBody=True)
    return [str(mail.get("body")) for mail in read(tmp_path, "fetch_emails", args)]


def test_approve_all_where_the_text_is_asked_is_not_the_text(tmp_path: Path) -> None:
    output = chat(tmp_path, "email maria about the offsite", "approve all", "a")
    assert "Message: approve all" not in output
    assert not [body for body in bodies_to(tmp_path, "maria.garcia@example.com") if "approve" in body.lower()]


def test_a_request_joined_with_also_where_the_text_is_asked_is_not_the_text(tmp_path: Path) -> None:
    output = chat(tmp_path, "email maria about the offsite", "and also put 30 min w tom on thurs at 3", "a")
    assert "Message: and also put 30 min" not in output
    assert not [body for body in bodies_to(tmp_path, "maria.garcia@example.com") if "30 min" in body]
