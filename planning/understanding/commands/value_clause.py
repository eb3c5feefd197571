"""The time a clause of a first message says as a value and nothing else, in any of the shapes a correction says
one ("can we do 1pm instead of 11", "not 11 but 2pm", "make that 2pm", "thursday works better"): the new value of
:func:`._replacing.replacing`, when its words are only values (:func:`.values_said.event_values`) or a bare hour.
The parser gives it to the booking or the move said in another clause of the message that says no time."""

from datetime import datetime

from planning.types import TimeRange
from planning.understanding.commands import _clauses, _followups
from planning.understanding.commands._replacing import replacing
from planning.understanding.commands._words import Reply
from planning.understanding.commands.values import bare_clock, parse_answer
from planning.understanding.commands.values_said import event_values
from planning.understanding.timeexpr import find_duration, read_times


def time_said(text: str, now: datetime) -> TimeRange | None:
    """The one time ``text`` says as a value alone (a clock time, or a day), the value it replaces left out, or the
    one its sentences and clauses say when the others say none ("priya can't make 10. not 10 but 3pm"); None when it
    says anything else, or no time."""
    whole = _said_alone(text, now)
    if whole is not None:
        return whole
    found = [when for part in _clauses.parts(Reply.of(text)) if (when := _said_alone(part.text, now)) is not None]
    return found[0] if len(found) == 1 else None


def _said_alone(text: str, now: datetime) -> TimeRange | None:
    said = replacing(Reply.of(text))
    if said is None:
        return None
    new = said.new
    bare = bare_clock(new) is not None and said.old is not None  # "1 instead of 11": an hour in the place of one
    change = None if bare else event_values(Reply.of(new))
    if not bare and (change is None or change.field != "startTime" or change.also):
        return None
    clock = parse_answer("startTime", new, now)
    if clock.ok:
        return TimeRange(start=datetime.fromisoformat(str(clock.value)).astimezone(now.tzinfo), has_clock_time=True)
    times = read_times(new, now).times
    if len(times) != 1:
        return None
    return TimeRange(start=times[0].start, end=times[0].end, has_clock_time=times[0].has_clock_time)


def length_said(text: str) -> int | None:
    """The length in minutes ``text`` says as a value alone ("give it 2 hours", "make it 45 min"), with a verb that
    sets it or none; None when it says anything else (a start too, a word asking for something)."""
    reply = Reply.of(text)
    change = event_values(reply) or _followups.length(reply)  # "2 hours", "give it 2 hours"
    if change is None or change.field != "durationMinutes" or change.also:
        return None
    length = find_duration(change.value.lower())
    return length.minutes if length is not None else None
