"""A question of an event's agenda is answered with its description, and a second question that names no event asks
it of the event just asked about (user test s14 s10: "who's on the acme qbr invite and what's the agenda" listed
title and time, then every event ahead)."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_the_agenda_asked_is_the_events_description(tmp_path: Path) -> None:
    flat = " ".join(chat(tmp_path, "what's on the agenda for friday's launch review?").split())
    assert "press release, webinar, customer quote" in flat


def test_a_second_question_without_an_event_asks_of_the_one_before(tmp_path: Path) -> None:
    flat = " ".join(chat(tmp_path, "who is on the launch review invite, and what's the agenda?").split())
    assert "press release, webinar, customer quote" in flat
    assert "tom.reyes@example.com" in flat or "priya.shah@example.com" in flat
    assert "Weekly standup" not in flat  # not every event ahead
