"""At a question which of several, a reply that names one by a word only that one holds (a surname, a company, a
title) picks it, whatever chatter or reason comes with it; it is never offered as "a new request" (issue 24: a pick by
description)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def _invited(tmp_path: Path, title_word: str, date: str) -> list[str]:
    [event] = [e for e in events(tmp_path, **day(date)) if title_word in e["title"].lower()]
    return [str(a) for a in event.get("attendees") or []]


def test_a_surname_with_a_sigh_before_it_picks_that_person(tmp_path: Path) -> None:
    output = chat(tmp_path, "book 20 min with john on thursday at 11 about renewals", "argh. park obviously", "a")
    assert "sounds like a new request" not in output
    assert "john.park@globex.com" in _invited(tmp_path, "renewals", "2026-03-05")


def test_a_title_word_and_a_reason_pick_that_person(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book 20 min with john on thursday at 11 about renewals",
        "hmm the sales one i think, he runs the numbers",
        "a",
    )
    assert "sounds like a new request" not in output
    assert "john.smith@example.com" in _invited(tmp_path, "renewals", "2026-03-05")


def test_a_name_turned_down_of_two_picks_the_other(tmp_path: Path) -> None:
    output = chat(tmp_path, "book 20 min with john on thursday at 11 about renewals", "ugh not smith", "a")
    assert "sounds like a new request" not in output
    invited = _invited(tmp_path, "renewals", "2026-03-05")
    assert "john.park@globex.com" in invited
    assert "john.smith@example.com" not in invited


def test_the_other_person_named_at_the_card_takes_the_place_of_the_one_picked(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book 20 min with john and maria on thursday at 11 about renewals",
        "smith",
        "hmm no, park - it's his account",
        "a",
    )
    assert "Changed the attendees" in output
    invited = _invited(tmp_path, "renewals", "2026-03-05")
    assert "john.park@globex.com" in invited and "maria.garcia@example.com" in invited
    assert "john.smith@example.com" not in invited


def test_a_pick_with_a_change_and_a_reason_makes_the_change_and_leaves_the_reason(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book 20 min with john on thursday at 11 about renewals",
        "park - and make it 45 min, he has a lot of questions",
        "a",
    )
    assert "I did not understand" not in output
    [renewals] = [e for e in events(tmp_path, **day("2026-03-05")) if "renewals" in e["title"].lower()]
    assert renewals["attendees"] == ["john.park@globex.com"]
    assert renewals["endTime"].startswith("2026-03-05T11:45")
