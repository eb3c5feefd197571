"""An email looked for by words that match none as said, whose broader search finds several: the one whose subject
and sender hold clearly the most of the words asked (initials too: "prd" for "press release draft") is taken without
asking; where no mail stands out, the user is asked which (issue 24: a reply or forward finds the mail meant)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _forwarded_to_maria(tmp_path: Path) -> list[str]:
    found = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="maria.garcia@example.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    return [str(m["subject"]) for m in found]


def test_the_mail_holding_the_initials_and_words_said_is_forwarded_without_a_question(tmp_path: Path) -> None:
    output = chat(tmp_path, "fwd tom's prd for the launch to maria", "a")
    assert "Which one" not in output
    assert _forwarded_to_maria(tmp_path) == ["Fwd: Launch press release draft"]


def test_mails_holding_the_words_alike_are_asked_about(tmp_path: Path) -> None:
    output = chat(tmp_path, "fwd tom's launch email to maria")
    assert "Which one" in output
    assert _forwarded_to_maria(tmp_path) == []
