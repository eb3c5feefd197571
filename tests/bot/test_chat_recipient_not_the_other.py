"""At an email's card, "no wait send it to sarah not maria" puts Sarah in Maria's place: the person after "not"
is the one replaced, never part of the new recipient's name (before: a contact named "sarah not maria" was looked
for, nobody was found, and the card still went to Maria)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def sent_to(tmp_path: Path, address: str) -> list[dict[str, object]]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T08:00:00-05:00", includeBody=True)
    return list(read(tmp_path, "fetch_emails", args))


def test_send_it_to_one_not_the_other_replaces_the_recipient(tmp_path: Path) -> None:
    chat(tmp_path, "email maria that the offsite budget is approved", "no wait send it to sarah not maria", "a")
    assert len(sent_to(tmp_path, "sarah.lee@example.com")) == 1
    assert sent_to(tmp_path, "maria.garcia@example.com") == []
