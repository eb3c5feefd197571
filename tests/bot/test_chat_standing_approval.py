"""An approval said for every card of the plan ("fine, send both") at its first card stands for the later ones:
each later card is still shown, marked approved with those words, and runs without a second question. A plain
"yes" does the same since the first card lists the later changes it approves (one request, one approval); "just
this one" approves the card shown only; a later card that warns of something (a busy time) still waits."""

from pathlib import Path
from typing import Any

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events, read

TWO_EMAILS = "email john smith that the renewal is signed and tell maria the offsite moved to the 20th"


def _to(tmp_path: Path, address: str) -> list[dict[str, Any]]:
    return list(read(tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since="2026-03-02T09:00:00-05:00")))


def test_an_approval_of_both_sends_both_and_shows_the_second_as_approved(tmp_path: Path) -> None:
    output = chat(tmp_path, TWO_EMAILS, "fine, send both")
    assert len(_to(tmp_path, "john.smith@example.com")) == 1
    assert len(_to(tmp_path, "maria.garcia@example.com")) == 1
    assert "Approved with your “fine, send both”" in output


def test_a_plain_yes_sends_what_the_card_lists_and_just_this_one_only_the_card_shown(tmp_path: Path) -> None:
    chat(tmp_path, TWO_EMAILS, "yes")
    assert len(_to(tmp_path, "john.smith@example.com")) == 1
    assert len(_to(tmp_path, "maria.garcia@example.com")) == 1
    (tmp_path / "alone").mkdir()
    chat(tmp_path / "alone", TWO_EMAILS, "just this one for now")
    assert len(_to(tmp_path / "alone", "john.smith@example.com")) == 1
    assert _to(tmp_path / "alone", "maria.garcia@example.com") == []


def test_a_later_card_with_a_busy_time_waits_for_its_own_approval(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "email tom that the contract is signed and book 30 min with priya on monday at 9:30",
        "great, do them all",
    )
    assert len(_to(tmp_path, "tom.reyes@example.com")) == 1
    assert "This one waits for you" in output
    day = {"start": "2026-03-09T00:00:00-04:00", "end": "2026-03-10T00:00:00-04:00"}
    assert [e["title"] for e in events(tmp_path, **day)] == ["Weekly standup"]  # the meeting was not booked
