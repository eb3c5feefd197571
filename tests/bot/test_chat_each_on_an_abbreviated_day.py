""" "all my <day> meetings" with the day abbreviated finds that day's meetings, like the day's whole name (trial-chat
conversation 8: "cancel all my fri meetings" said "nothing was found", "friday" found the Launch review). In
`planbot chat --script` on the local workspace."""

from pathlib import Path

import pytest

from tests.bot.test_chat import chat


@pytest.mark.parametrize("said", ["fri", "friday"])
def test_cancel_all_my_meetings_on_an_abbreviated_day_lists_that_days_meetings(tmp_path: Path, said: str):
    output = chat(tmp_path, f"cancel all my {said} meetings", "c")
    card = output.split("\n> c\n")[0]
    assert "nothing was found" not in card
    assert "1 item" in card and "Launch review · Fri 6 Mar, 10:00 EST" in card


def test_cancel_all_my_thurs_meetings_lists_thursdays_meetings(tmp_path: Path):
    output = chat(tmp_path, "cancel all my thurs meetings", "c")
    card = output.split("\n> c\n")[0]
    assert "2 items" in card and "1:1 with Priya" in card
