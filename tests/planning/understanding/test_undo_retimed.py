"""An undo said with the time the event takes instead (issue 24, session 14): the undo, then that start; an undo with
a reason after it stays an undo alone. Sentences here are our own."""

import pytest

from planning.understanding.commands import Context, EventChange, Undo, read_reply

_AFTER_MOVE = Context(
    left=frozenset({"event", "changes"}),
    shown=(("title", "Budget review"), ("startTime", "2026-03-06T11:00:00-05:00")),
)


@pytest.mark.parametrize(
    ("typed", "start"),
    [
        ("put it back on tuesday at 9:15", "on tuesday at 9:15"),
        ("ugh the room fell through. revert it to wed at 4", "to wed at 4"),
        ("switch it back but at noon", "but at noon"),
    ],
)
def test_an_undo_with_a_time_in_its_clause_is_the_undo_then_that_start(typed: str, start: str) -> None:
    assert read_reply(typed, _AFTER_MOVE) == (Undo(), EventChange("startTime", start))


@pytest.mark.parametrize("typed", ["undo that, she is off tomorrow", "put it back the way it was", "revert it"])
def test_an_undo_with_no_time_after_its_words_is_an_undo_alone(typed: str) -> None:
    assert read_reply(typed, _AFTER_MOVE) == (Undo(),)
