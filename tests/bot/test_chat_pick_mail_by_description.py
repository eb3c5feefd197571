"""Which of several emails found is meant, said by what it is: its sender, its place in its thread, when it came
(issue 24: a pick by description, for emails as for people)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import read


def _forwarded_to_sarah(tmp_path: Path) -> list[str]:
    found = read(
        tmp_path,
        "fetch_emails",
        FetchEmailsArgs(to="sarah.lee@example.com", since="2026-03-02T00:00:00-05:00", includeBody=True),
    )
    return [str(m["subject"]) for m in found]


def test_the_mail_meant_is_picked_by_when_it_came(tmp_path: Path):
    output = chat(tmp_path, "forward the summit email to sarah", "the earlier one please", "a")
    assert "sounds like a new request" not in output
    assert _forwarded_to_sarah(tmp_path) == ["Fwd: Partner summit"]  # Tom's, two days before Priya's answer


def test_the_mail_meant_is_picked_by_its_sender_and_its_place_in_the_thread(tmp_path: Path):
    output = chat(tmp_path, "forward the summit email to sarah", "priya's reply", "a")
    assert "sounds like a new request" not in output
    assert _forwarded_to_sarah(tmp_path) == ["Fwd: Re: Partner summit"]
