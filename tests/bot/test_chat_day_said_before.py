"""A day said once and pointed at later in the message ("away thursday, delete my meetings that day"), and an item
kept out of the card's list with a reason and the approval of the others in the same reply ("keep the 1:1, priya
needs it. the rest go ahead"). Checked in the workspace."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_that_day_is_the_day_said_before_and_a_kept_item_with_the_rest_approved_is_all_that_stays(
    tmp_path: Path,
) -> None:
    output = chat(
        tmp_path,
        "i'm away thursday for a family thing, please delete my meetings that day",
        "keep the 1:1, priya needs it. the rest go ahead",
    )
    card = output.split("> keep the 1:1")[0]
    assert "1:1 with Priya" in card and "Acme quarterly business review" in card
    assert "Finished" in output.split("> keep the 1:1")[1]
    assert [e["title"] for e in events(tmp_path, **day("2026-03-05"))] == ["1:1 with Priya"]
