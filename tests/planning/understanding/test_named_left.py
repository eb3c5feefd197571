"""A follow-up naming what the last plan made by the words of its title reads as a change of it; other words, or
another event's name, do not."""

from planning.understanding.commands._named_left import as_it
from planning.understanding.commands._words import Reply
from planning.understanding.commands.context import Context
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.new_request import NewRequest
from planning.understanding.commands.reader import read_reply

MADE = Context(left=frozenset({"event", "changes"}), shown=(("title", "Vendor kickoff"),))


def test_the_title_of_the_event_made_is_read_as_it() -> None:
    said = as_it(Reply.of("move the vendor kickoff to friday"), ("Vendor kickoff",))
    assert said is not None and said.text == "move it to friday"
    assert as_it(Reply.of("move the budget review to friday"), ("Vendor kickoff",)) is None


def test_a_change_said_with_the_title_changes_the_event_made() -> None:
    [change] = read_reply("oh wait, push the kickoff to 4:15 - traffic", MADE)
    assert isinstance(change, EventChange) and change.field == "startTime" and change.value.startswith("4:15")
    [length] = read_reply("make the kickoff 45 minutes", MADE)
    assert isinstance(length, EventChange) and length.field == "durationMinutes"


def test_another_events_name_stays_a_request_of_its_own() -> None:
    [other] = read_reply("move the budget review to friday", MADE)
    assert isinstance(other, NewRequest)
    [unknown] = read_reply("move the kickoff to friday", Context(left=frozenset({"event", "changes"})))
    assert isinstance(unknown, NewRequest)
