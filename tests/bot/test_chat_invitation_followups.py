"""Answers to invitations in follow-ups: "decline it" after an answer changes that invitation's answer, whatever
person a reason said with it names; "decline the second one" after a day's list answers the second one listed, even
when the reply keeps another by its own words ("keep the priya one")."""

from pathlib import Path
from typing import Any

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events

THURSDAY = {"start": "2026-03-05T00:00:00-05:00", "end": "2026-03-06T00:00:00-05:00"}
FRIDAY = {"start": "2026-03-06T00:00:00-05:00", "end": "2026-03-07T00:00:00-05:00"}


def _answer(tmp_path: Path, day: dict[str, str], title: str) -> Any:
    [event] = [e for e in events(tmp_path, **day) if e["title"] == title]
    return event["myResponse"]


def test_decline_it_after_an_acceptance_declines_that_invitation(tmp_path: Path) -> None:
    chat(tmp_path, "accept the launch review", "yes", "on second thought decline it, sarah can fill in for me", "ok")
    assert _answer(tmp_path, FRIDAY, "Launch review") == "declined"


def test_the_second_one_listed_is_declined_and_the_one_kept_is_not(tmp_path: Path) -> None:
    chat(tmp_path, "what do i have thursday", "decline the second one, i'll be in denver. keep the priya one", "yes")
    assert _answer(tmp_path, THURSDAY, "Acme quarterly business review") == "declined"
    assert _answer(tmp_path, THURSDAY, "1:1 with Priya") != "declined"
