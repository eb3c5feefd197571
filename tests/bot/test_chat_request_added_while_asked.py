"""A request added while the plan asks something ("oh and also email tom …"): kept beside the plan, never in its
place, and started once the plan ends — done or cancelled; the question (or the card) is asked again meanwhile."""

from pathlib import Path

from integrations.base.arguments import FetchEmailsArgs
from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events, read


def _sent_to(tmp_path: Path, address: str) -> list[object]:
    query = FetchEmailsArgs.model_validate({"to": address, "since": "2026-03-02T09:00:00-05:00"})
    return list(read(tmp_path, "fetch_emails", query))


def test_a_request_added_where_a_time_is_asked_waits_and_starts_after_the_booking(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "set up 30 min w priya on thu", "oh and also email tom the venue is booked", "3pm", "yes", "yes"
    )
    flat = " ".join(output.split())
    assert "sounds like a new request" not in flat
    [booked] = events(tmp_path, start="2026-03-05T15:00:00-05:00", end="2026-03-05T15:30:00-05:00")
    assert booked["attendees"] == ["priya.shah@example.com"]
    [sent] = _sent_to(tmp_path, "tom.reyes@example.com")
    assert "venue" in str(sent).lower()


def test_a_request_added_at_a_card_keeps_the_card_and_starts_after_it(tmp_path: Path) -> None:
    chat(tmp_path, "email sarah: the deposit is paid", "plus book 15 min with tom friday at 11", "yes", "yes")
    assert len(_sent_to(tmp_path, "sarah.lee@example.com")) == 1
    [booked] = events(tmp_path, start="2026-03-06T11:00:00-05:00", end="2026-03-06T11:15:00-05:00")
    assert booked["attendees"] == ["tom.reyes@example.com"]


def test_the_added_request_still_starts_when_the_plan_is_cancelled(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "book 30 min with maria wednesday", "oh and email tom that the quote went out", "cancel", "yes"
    )
    assert events(tmp_path, query="maria", **day("2026-03-04")) == []
    assert len(_sent_to(tmp_path, "tom.reyes@example.com")) == 1
    assert "quote went out" in " ".join(output.split())


def test_a_request_said_without_adding_words_is_still_offered_in_place(tmp_path: Path) -> None:
    output = chat(tmp_path, "email sarah: the deposit is paid", "book 15 min with tom friday at 11", "keep", "yes")
    assert "sounds like a new request" in " ".join(output.split())
    assert events(tmp_path, start="2026-03-06T11:00:00-05:00", end="2026-03-06T11:15:00-05:00") == []
