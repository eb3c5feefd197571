"""At an approval card: a yes with thanks approves; a request of its own is offered as a new request while the card
waits (table row approval × new_request), never refused as "not understood" and never taken without a word."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def _sent_to(tmp_path: Path, address: str) -> list[object]:
    query = FetchEmailsArgs.model_validate({"to": address, "since": "2026-03-02T09:00:00-05:00"})
    return list(read(tmp_path, "fetch_emails", query))


def test_a_yes_with_thanks_approves(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the venue deposit is paid", "great, thx")
    assert len(_sent_to(tmp_path, "sarah.lee@example.com")) == 1


def test_thanks_alone_at_a_card_approves_nothing(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the venue deposit is paid", "thanks")
    assert _sent_to(tmp_path, "sarah.lee@example.com") == []


def test_a_new_request_at_a_card_is_offered_and_the_card_waits(tmp_path: Path) -> None:
    card = "email sarah: the venue deposit is paid"
    output = chat(tmp_path, card, "set up 15 min w tom thursday 11am", "keep", "yes")
    flat = " ".join(output.split())
    assert "sounds like a new request" in flat and "not understood" not in flat
    assert len(_sent_to(tmp_path, "sarah.lee@example.com")) == 1  # kept, then approved
    assert events(tmp_path, query="tom", **day("2026-03-05")) == []


def test_new_drops_the_card_and_starts_the_request(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the venue deposit is paid", "set up 15 min with tom on thursday at 11", "new", "yes")
    assert _sent_to(tmp_path, "sarah.lee@example.com") == []
    [booked] = events(tmp_path, start="2026-03-05T11:00:00-05:00", end="2026-03-05T11:15:00-05:00")
    assert booked["attendees"] == ["tom.reyes@example.com"]


def test_an_approving_emoji_approves_as_typed_or_as_slack_writes_it(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the venue deposit is paid", "👍 go")
    assert len(_sent_to(tmp_path, "sarah.lee@example.com")) == 1
    (tmp_path / "slack").mkdir()
    chat(tmp_path / "slack", "email sarah: the caterer is booked", ":+1:")
    assert len(_sent_to(tmp_path / "slack", "sarah.lee@example.com")) == 1
