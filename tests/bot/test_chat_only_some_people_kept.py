"""At a card, some of the people it writes to or invites kept alone ("actually only laura") are who it goes to: the
others are taken off. Before, "just laura" at a card skipped the whole step (issue 24: a pick among those shown)."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def _received(tmp_path: Path, address: str) -> list[str]:
    found = read(
        tmp_path, "fetch_emails", FetchEmailsArgs(to=address, since="2026-03-02T00:00:00-05:00", includeBody=True)
    )
    return [str(m["subject"]) for m in found]


def test_one_of_the_recipients_kept_alone_is_the_only_one_it_goes_to(tmp_path: Path) -> None:
    output = chat(tmp_path, "forward tom's partner summit email to laura and dana", "hmm, just laura", "a")
    assert output.count("Finished") == 1
    assert _received(tmp_path, "laura.chen@acme.com") == ["Fwd: Partner summit"]
    assert _received(tmp_path, "dana.whitfield@acme.com") == []


def test_one_of_the_people_invited_kept_alone_is_the_only_one_invited(tmp_path: Path) -> None:
    output = chat(tmp_path, "book 30 min with priya and tom on thursday at 9 about hiring", "only priya please", "a")
    assert output.count("Finished") == 1
    [hiring] = [e for e in events(tmp_path, **day("2026-03-05")) if "hiring" in e["title"].lower()]
    assert hiring["attendees"] == ["priya.shah@example.com"]


def test_one_of_several_recipients_skipped_at_the_card_is_left_out_not_the_email(tmp_path: Path) -> None:
    output = chat(tmp_path, "forward tom's partner summit email to laura and dana", "skip dana, she was at it", "a")
    assert output.count("Finished") == 1
    assert _received(tmp_path, "laura.chen@acme.com") == ["Fwd: Partner summit"]
    assert _received(tmp_path, "dana.whitfield@acme.com") == []


def test_the_only_recipient_skipped_at_the_card_skips_the_email(tmp_path: Path) -> None:
    chat(tmp_path, "forward tom's partner summit email to laura", "skip laura", "a")
    assert _received(tmp_path, "laura.chen@acme.com") == []
