"""After a booking, "undo that, … delete it and let him know …" deletes the event once (the delete said after the undo
is what the undo does) and keeps the rest for after; "yes to both" at the undo's card stands for the email that
follows too: it is shown approved and sent."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read

THURSDAY = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}


def _to_tom(tmp_path: Path) -> list[dict[str, Any]]:
    args = FetchEmailsArgs(to="tom.reyes@example.com", since="2026-03-02T09:00:00-05:00", includeBody=True)
    return list(read(tmp_path, "fetch_emails", args))


def test_undo_then_delete_it_deletes_once_and_both_sends_the_email(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book 30 min with tom on thursday at 3 about the renewal",
        "yes",
        "hm undo that, he's swamped. delete it and let him know we'll find another week",
        "yes to both",
    )
    assert [e for e in events(tmp_path, **THURSDAY) if e["title"] == "Renewal"] == []
    assert "again" not in output  # no card to put the deleted event back
    [sent] = _to_tom(tmp_path)
    assert "another week" in sent["body"]
    assert "Approved with your “yes to both”" in output
