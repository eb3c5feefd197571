"""Undo, a reason, and what to have instead (after a plan made an event): the undo and the new values, read past the
reason (commands/accounted.py), the event named by its title's words and a word for the thing ("the focus block"
after “Focus time”, commands/_named_left.py); a weekday with hours written as a date keeps the hours
(weekday_said.in_week_of)."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import Context, EventChange, NewRequest, Undo, read_reply
from planning.understanding.weekday_said import in_week_of

NY = ZoneInfo("America/New_York")
AFTER_EVENT = Context(
    left=frozenset({"event", "changes"}),
    shown=(("title", "Deep work"), ("startTime", "2026-03-06T14:00:00-05:00")),
)


def test_the_event_named_by_its_title_and_a_word_for_it_is_the_event_made():
    [change] = read_reply("move the deep work slot to wednesday 1-3", AFTER_EVENT)
    assert isinstance(change, EventChange) and change.field == "startTime"
    assert change.value == "wednesday 1-3"


def test_undo_a_reason_and_the_values_instead_keep_the_values_not_the_reason():
    read = read_reply(
        "argh undo that. forgot i told dana i'd review her slides friday. put the deep work block on monday"
        " 10-12 instead",
        AFTER_EVENT,
    )
    assert read[0] == Undo()
    assert read[1:] == (NewRequest("put the deep work block on monday 10-12 instead"),)


def test_a_weekday_with_hours_is_written_as_a_date_that_keeps_the_hours():
    now = datetime(2026, 3, 2, 9, 0, tzinfo=NY)
    moved = datetime(2026, 3, 6, 14, 0, tzinfo=NY)
    assert in_week_of("thu 9-11", moved, now) == "March 5 at 9-11"
    assert in_week_of("thu at 9", moved, now) == "March 5 at 9"
    assert in_week_of("thu", moved, now) == "March 5"
