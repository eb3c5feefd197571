"""A title typed at the card is written as a title: first letter capitalised, the names of the people the plan found
as their records write them; the event is booked with that title."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_title_typed_in_lower_case_at_the_card_is_capitalised_with_the_found_names(tmp_path: Path) -> None:
    output = chat(
        tmp_path, "set up a call with priya and dana thursday 10am", "title: pricing prep w/ priya and dana", "y"
    )
    assert "“Pricing prep w/ Priya and Dana”" in " ".join(output.split())
    [booked] = events(tmp_path, query="pricing prep", **day("2026-03-05"))
    assert booked["title"] == "Pricing prep w/ Priya and Dana"
