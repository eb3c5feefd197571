"""Weekday abbreviations are names of one day (contract §2.4 v3: "tues", "thurs"), never a repeat (trial-chat
conversation 3: "thurs morning" booked a weekly series, shown as a raw "FREQ=WEEKLY;BYDAY=TH"); a true plural or
"every" repeats, and the card says the repeat in words. In `planbot chat --script` on the local workspace."""

from pathlib import Path

import pytest

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


@pytest.mark.parametrize(("said", "date"), [("thurs", "2026-03-05"), ("tues", "2026-03-03")])
def test_an_abbreviated_weekday_books_one_event_on_that_day(tmp_path: Path, said: str, date: str):
    output = chat(tmp_path, f"book 30 min w/ priya {said} at 10am", "a")
    card = output.split("\n> a\n")[0]
    assert "Repeats" not in card and "FREQ" not in card
    [booked] = events(tmp_path, query="Meeting with priya", **day(date))
    assert booked["startTime"] == f"{date}T10:00:00-05:00" and not booked["recurrence"]
    next_week = date[:8] + str(int(date[8:]) + 7).zfill(2)
    assert events(tmp_path, query="Meeting with priya", **day(next_week)) == []


def test_a_plural_weekday_repeats_and_the_card_says_it_in_words(tmp_path: Path):
    output = chat(tmp_path, "book 30 min w/ priya on thursdays at 9:30", "c")
    assert "Repeats: every Thursday at 9:30" in output and "FREQ" not in output


def test_every_weekday_is_said_in_words_on_the_card(tmp_path: Path):
    output = chat(tmp_path, "book a 15 min standup every weekday at 9", "c")
    assert "Repeats: every weekday at 9:00" in output and "FREQ" not in output
