"""A reply or forward whose email is described by what the last plan found (issue 24: a pick by description after
a list, and the mail in focus after a reply): that one, not the next a fresh search of the mailbox finds."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _sent_to(tmp_path: Path, address: str) -> list[dict[str, str]]:
    args = FetchEmailsArgs(to=address, since="2026-03-02T00:00:00-05:00", includeBody=True)
    return [
        {"subject": str(m["subject"]), "body": str(m.get("body") or "")} for m in read(tmp_path, "fetch_emails", args)
    ]


def test_a_mail_of_a_list_just_shown_is_answered_by_its_sender(tmp_path: Path):
    output = chat(
        tmp_path, "show me what tom sent me lately", "reply to the launch plan one saying looks good to me", "a"
    )
    assert "from your last plan" in output
    assert [m["subject"] for m in _sent_to(tmp_path, "tom.reyes@example.com")] == [
        "Re: Launch plan for the April release"
    ]


def test_a_mail_of_a_list_just_shown_is_passed_on_by_when_it_came(tmp_path: Path):
    chat(tmp_path, "emails from john smith", "forward the oldest one to dana", "a")
    assert [m["subject"] for m in _sent_to(tmp_path, "dana.whitfield@acme.com")] == ["Fwd: Globex negotiation status"]


def test_the_original_of_a_mail_just_answered_is_the_one_passed_on(tmp_path: Path):
    chat(
        tmp_path,
        "reply to maria's email about the payment terms saying thanks, we accept net 45",
        "a",
        "and forward her original message to sarah as well",
        "a",
    )
    assert [m["subject"] for m in _sent_to(tmp_path, "sarah.lee@example.com")] == [
        "Fwd: Globex contract: payment terms"
    ]


def test_a_mail_of_a_list_just_shown_is_passed_on_by_its_place_said_in_short(tmp_path: Path):
    output = chat(tmp_path, "which emails came from john smith?", "fwd the 3rd one to dana, she needs the numbers", "a")
    assert "from your last plan" in output
    assert [m["subject"] for m in _sent_to(tmp_path, "dana.whitfield@acme.com")] == ["Fwd: Globex negotiation status"]
