"""An answer to an invitation said on its own after the events were shown ("maybe", "tell them i won't make it")
answers the one invitation among them; the card and the calendar say so. Words that answer nothing change nothing."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read

THURSDAY = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
FRIDAY = {"start": "2026-03-06T00:00:00-05:00", "end": "2026-03-07T00:00:00-05:00"}


def _answer(tmp_path: Path, day: dict[str, str], title: str) -> Any:
    [event] = [e for e in events(tmp_path, **day) if e["title"] == title]
    return event["myResponse"]


def test_maybe_after_friday_was_shown_answers_its_invitation_tentatively(tmp_path: Path) -> None:
    output = chat(tmp_path, "anything on friday?", "maybe", "yes")
    assert "Tentatively accept “Launch review”" in output
    assert _answer(tmp_path, FRIDAY, "Launch review") == "tentative"


def test_telling_them_you_wont_make_it_declines_the_one_invitation_listed(tmp_path: Path) -> None:
    chat(tmp_path, "show me thursday", "tell them i won't make it", "ok")
    assert _answer(tmp_path, THURSDAY, "Acme quarterly business review") == "declined"
    assert _answer(tmp_path, THURSDAY, "1:1 with Priya") == "accepted"  # my own meeting: nothing to answer
    sent = read(tmp_path, "fetch_emails", FetchEmailsArgs(to="laura.chen@acme.com", since="2026-03-02T09:00:00-05:00"))
    assert list(sent) == []


def test_thanks_after_the_list_answers_nothing(tmp_path: Path) -> None:
    chat(tmp_path, "show me thursday", "ok thanks")
    assert _answer(tmp_path, THURSDAY, "Acme quarterly business review") == "needsAction"
