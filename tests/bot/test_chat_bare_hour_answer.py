"""A bare hour answering "What start time …?" is a time in working hours (contract §2.4: 7–11 a.m., 12 noon, 1–6
p.m.), on the day the question names (trial-chat conversation 7: "11" got "Sorry, I could not read a date and time").
In `planbot chat --script` on the local workspace, checked in the workspace."""

from pathlib import Path

import pytest

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


@pytest.mark.parametrize(("said", "start"), [("11", "11:00"), ("2", "14:00")])
def test_a_bare_hour_answers_the_start_time_question(tmp_path: Path, said: str, start: str):
    output = chat(tmp_path, "set up a call w/ tom thursday", said, "a")
    assert "What start time on Thu 5 Mar" in output and "could not read" not in output
    [call] = [e for e in events(tmp_path, **day("2026-03-05")) if "tom.reyes@example.com" in e["attendees"]]
    assert call["startTime"] == f"2026-03-05T{start}:00-05:00"
