"""Clearing a day except one meeting named by its title (contract §2.9 'except'): the title that names what is kept
is never the search for what is deleted (the chat grounds names in the workspace's titles)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_day_cleared_except_a_named_meeting_deletes_the_others_and_keeps_it(tmp_path: Path) -> None:
    output = chat(tmp_path, "home sick thursday - clear my calendar except the acme business review", "a")
    assert "Finished" in output
    assert [e["title"] for e in events(tmp_path, **day("2026-03-05"))] == ["Acme quarterly business review"]


def test_the_meeting_kept_may_be_named_by_its_initials(tmp_path: Path) -> None:
    output = chat(tmp_path, "cancel everything on thursday except the QBR pls", "a")
    assert "kept: it matches" in output.split("> a")[0]
    assert [e["title"] for e in events(tmp_path, **day("2026-03-05"))] == ["Acme quarterly business review"]


def test_a_card_whose_exception_matched_nothing_says_so_before_approval(tmp_path: Path) -> None:
    output = chat(tmp_path, "clear my thursday except the board dinner", "cancel")
    card = output.split("> cancel")[0]
    assert "Nothing here matches “board dinner”, so nothing is kept out" in card
    assert len(events(tmp_path, **day("2026-03-05"))) == 2  # cancelled: nothing deleted
