"""At an email's card, "leave X off, just Y": X is taken off and Y stays — the names after "just"/"only" are who
it still goes to, never more people taken off."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _to(tmp_path: Path, address: str) -> list[dict]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since="2026-03-02T09:00:00-05:00")))


def test_one_left_off_and_the_other_kept(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "send maria and john smith a note that the invoice run is done for this month",
        "actually leave maria off, just john",
        "send",
    )
    assert len(_to(tmp_path, "john.smith@example.com")) == 1
    assert _to(tmp_path, "maria.garcia@example.com") == []
