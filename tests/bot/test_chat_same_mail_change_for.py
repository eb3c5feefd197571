"""After mail was marked (read, unread), "same for X's" / "do the same with X's" makes the same change to X's mail:
each of it when the first change was to each one."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _from(tmp_path: Path, sender: str) -> list[dict]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(sender=sender)))


def test_the_same_change_for_another_senders_mail(tmp_path: Path):
    chat(tmp_path, "mark all of tom's emails as unread", "a", "do the same with laura chen's", "a")
    laura = _from(tmp_path, "laura.chen@acme.com")
    assert len(laura) >= 2 and all(mail["unread"] for mail in laura)
