"""At the card of an action on an event a search found, a day said as the occurrence meant in the place of the one
found is the request again on that day; at a move, a day alone stays where the event moves."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.commands import Context, RequestAgain, read_reply

_NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))  # a Monday


def _card(doing: str) -> Context:
    return Context(question="approval", open_plan=True, doing=doing, now=_NOW, correctable=("text",))


@pytest.mark.parametrize(
    ("reply", "day"),
    [
        ("the one on the 11th", "Wednesday 11 March"),
        ("not this week's, next wednesday's", "Wednesday 11 March"),
        ("hmm no, not that one - thursday the 12th's. i'm out that day", "Thursday 12 March"),
        ("following week's one instead", None),
    ],
)
def test_another_day_at_a_delete_card_is_the_request_on_that_day(reply: str, day: str | None) -> None:
    [command] = read_reply(reply, _card("delete_calendar_event"))
    assert isinstance(command, RequestAgain) and (day is None or command.text == day)


def test_a_possessive_day_at_a_move_card_is_which_occurrence() -> None:
    assert read_reply("not today's, wednesday's", _card("update_calendar_event")) == (
        RequestAgain("Wednesday 4 March"),
    )


@pytest.mark.parametrize(
    ("reply", "doing"),
    [
        ("wednesday", "update_calendar_event"),  # where it moves
        ("wednesday at 3", "delete_calendar_event"),  # a time of day: not a day's occurrence
        ("book lunch wednesday", "delete_calendar_event"),  # a request of its own
        ("the one on the 11th", "create_calendar_event"),  # nothing found: nothing to say again
    ],
)
def test_other_words_are_no_other_occurrence(reply: str, doing: str) -> None:
    assert not any(isinstance(command, RequestAgain) for command in read_reply(reply, _card(doing)))
