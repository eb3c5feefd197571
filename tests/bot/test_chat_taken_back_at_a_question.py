"""Where the bot asks for a value (an email's text, a start), a reply whose first clause takes back what is under way
("gah hang on, scrap that - wrong person") is that command: its words are never the email's text, and nothing is
sent (planning.understanding.commands._control_first)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def sent_to(tmp_path: Path, address: str) -> list[dict[str, object]]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T08:00:00-05:00", includeBody=True)
    return list(read(tmp_path, "fetch_emails", args))


def test_a_cancel_said_first_where_the_text_is_asked_is_not_the_text(tmp_path: Path) -> None:
    output = chat(tmp_path, "email dana", "gah hang on, scrap that - wrong person", "a")
    assert "Subject: Gah hang on" not in output
    assert sent_to(tmp_path, "dana.whitfield@acme.com") == []


def test_an_undo_said_first_where_the_text_is_asked_is_not_sent_as_the_text(tmp_path: Path) -> None:
    output = chat(tmp_path, "email tom", "dang, undo that, i still need his numbers", "a")
    assert "Subject: Dang, undo that" not in output
    assert sent_to(tmp_path, "tom.reyes@example.com") == []
