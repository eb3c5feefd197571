"""A cancel at a card that names one step of several leaves that step out and keeps the others: "cancel the meeting,
the email is enough" at the email's card books nothing and sends the email once approved; "don't send this one, …"
skips the email shown and the meeting is asked next. A plan with nothing else left is cancelled."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read

PLAN = "email tom that the contract is signed and book 30 min with priya on tuesday at 11"
TUESDAY = {"start": "2026-03-03T00:00:00-05:00", "end": "2026-03-04T00:00:00-05:00"}


def _to_tom(tmp_path: Path) -> list[dict[str, Any]]:
    args = FetchEmailsArgs(to="tom.reyes@example.com", since="2026-03-02T09:00:00-05:00")
    return list(read(tmp_path, "fetch_emails", args))


def _booked(tmp_path: Path) -> list[str]:
    return [e["title"] for e in events(tmp_path, **TUESDAY) if "priya.shah@example.com" in e.get("attendees", [])]


def test_cancelling_the_meeting_at_the_email_keeps_the_email(tmp_path: Path) -> None:
    output = chat(tmp_path, PLAN, "cancel the meeting, the email is enough", "yes")
    assert "Skipped “Create the event" in output
    assert len(_to_tom(tmp_path)) == 1
    assert _booked(tmp_path) == []


def test_not_sending_the_email_shown_keeps_the_meeting(tmp_path: Path) -> None:
    output = chat(tmp_path, PLAN, "don't send this one, he already heard", "yes")
    assert "Cancelled the plan" not in output
    assert _to_tom(tmp_path) == []
    assert _booked(tmp_path) == ["Meeting with priya"]


def test_cancelling_the_only_step_cancels_the_plan(tmp_path: Path) -> None:
    output = chat(tmp_path, "email tom that the contract is signed", "cancel the email")
    assert "Cancelled the plan" in output
    assert _to_tom(tmp_path) == []
