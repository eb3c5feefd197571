"""After an event was made or moved, a place said in the place of the one it has ("<new> instead of <old>") changes
its place, the old one matched as typed (without its accents, without "the"), a reason beside it left out."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import day, events


def test_a_place_said_instead_of_the_one_booked_changes_it(tmp_path: Path) -> None:
    output = chat(
        tmp_path,
        "book lunch with laura on friday at 1 at the harbor grill",
        "a",
        "oh and we're doing pho saigon instead of the harbor grill, she's vegetarian",
        "a",
    )
    assert "Location the harbor grill → pho saigon" in output
    [lunch] = [e for e in events(tmp_path, **day("2026-03-06")) if "laura" in e["title"].lower()]
    assert lunch["location"] == "pho saigon"


def test_a_place_typed_without_its_accent_is_the_one_it_has(tmp_path: Path) -> None:
    chat(
        tmp_path,
        "move my lunch with maria on the 10th to wednesday the 11th, same time",
        "a",
        "actually let's go to noodle bar instead of cafe roma",
        "a",
    )
    [lunch] = [e for e in events(tmp_path, **day("2026-03-11")) if "maria" in e["title"].lower()]
    assert lunch["location"] == "noodle bar"
