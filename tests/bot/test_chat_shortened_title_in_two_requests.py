"""An event named by the initials of its title ("the acme qbr" for "Acme quarterly business review") is found in a
message of two requests as it is alone: each clause takes the names of the user's records it says, when they are
the kind of thing it acts on, and what it asks stays as read. Before: "I found no event matching query 'Acme qbr'"
and a pick among every event (user test C5)."""

from pathlib import Path

from tests.bot.test_chat import chat


def test_initials_of_a_title_find_the_event_beside_another_request(tmp_path: Path) -> None:
    output = chat(tmp_path, "decline the acme qbr and let dana know theyre covering for me", "a")
    assert "found no event" not in output
    assert "Decline “Acme quarterly business review”" in output
