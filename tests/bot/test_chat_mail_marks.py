"""Mail marked read or unread in the chat (issue 24): all of one person's mail at once, then more mail described in a
follow-up ("… too") gets the same change; nothing is deleted, and mail not described keeps its state."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def mails(tmp_path: Path, **filters: Any) -> list[dict[str, Any]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs.model_validate(filters)))


def test_all_of_a_persons_mail_is_marked_unread_and_none_is_deleted(tmp_path: Path):
    chat(tmp_path, "please mark every one of tom's mails as unread", "a")
    assert len(mails(tmp_path, sender="tom.reyes@example.com", unreadOnly=True)) == 3
    assert len(mails(tmp_path, sender="tom.reyes@example.com")) == 3


def test_mail_described_with_too_after_a_change_gets_the_same_change(tmp_path: Path):
    chat(tmp_path, "mark all of tom's emails as read", "a", "the pricing question one from john park too", "a")
    assert mails(tmp_path, sender="tom.reyes@example.com", unreadOnly=True) == []
    assert mails(tmp_path, sender="john.park@globex.com", unreadOnly=True) == []
    assert [m["subject"] for m in mails(tmp_path, sender="maria.garcia@example.com", unreadOnly=True)] == [
        "Invoice #4821 overdue (Globex)"
    ]
    assert len(mails(tmp_path, sender="tom.reyes@example.com")) >= 3
