"""A change of what the last plan made, read from the values a message says, by their kind, when the message says
nothing else: a day or a time of day is the start, a length the length, a time said after a word of the end
(data/time_ends.txt: "end at 11", "till 4") the end ("can we do friday same time instead": the start on Friday at
the time it had; "start it at 10:30, still end at 11": the start at 10:30 and the length to 11; "an hour instead?":
the length). What is not said is kept: the engine moves the start on the event's own values (a day said keeps its
time of day).

The values are found by the time and length readers of the understanding (:func:`~planning.understanding.timeexpr.
find_times`, :func:`~planning.understanding.timewords.find_duration`); every other word must be one that asks for
nothing of its own (data/change_only.txt, words of hesitation, politeness, glue), so that "book lunch with maria
friday" stays a request of its own."""

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import cast

from planning.understanding.commands import grounded
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._quiet import MARKS, asks_nothing
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.context import Context
from planning.understanding.commands.correct import Correct
from planning.understanding.commands.event_change import EventChange, EventField
from planning.understanding.commands.record_change import RECORD_FIELDS, RecordChange, RecordField
from planning.understanding.commands.values import value_type
from planning.understanding.timeexpr import TimeMatch, find_times
from planning.understanding.timewords import find_duration

_DAYS = (datetime(2026, 1, 5, tzinfo=UTC), datetime(2026, 1, 7, tzinfo=UTC))  # a time of day alone is on each
_DAY_MINUTES = 24 * 60
_HALF_DAY = 12 * 60


@dataclass(frozen=True, slots=True)
class _Time:
    """A time said: its words as typed, what it reads as, and which end of the event it is ("start", "end", or
    "" when no word says)."""

    said: str
    match: TimeMatch
    end: str


def event_values(reply: Reply, shown_start: str | None = None) -> EventChange | None:
    """The change of the event the message's values say, or None when it says no value, says a word that asks for
    something else, or says values that do not make one change (two starts, an end before the start). ``shown_start``:
    the start of the event as it is (ISO), for an end said alone ("make it end at 4")."""
    text = reply.text.lower()
    times = find_times(text, ANY_DAY, hours=True)  # said of an event: "make it 10 to 12" is hours
    length = find_duration(text)
    spans = [span for match in times for span in match.spans] + ([length.span] if length is not None else [])
    if not spans or not _only_values(reply, spans):
        return None
    said = [_Time(_words_of(reply.text, match), match, _end_of(reply, match)) for match in times]
    said = [time for time in said if time.end != "replaced"]  # "the wed of that week, not thurs": not the old one
    starts = [time for time in said if time.end != "end"]
    ends = [time for time in said if time.end == "end"]
    if len(starts) > 1 or len(ends) > 1 or (ends and length is not None):
        return None
    changes: list[tuple[EventField, str]] = []
    start = starts[0] if starts else None
    if start is not None:
        changes.append(("startTime", _start_of(start)))
    minutes = length.minutes if length is not None else _length(start, ends[0] if ends else None, shown_start)
    if ends and minutes is None:
        return None
    if minutes is not None:
        changes.append(("durationMinutes", f"{minutes} minutes"))
    if not changes:
        return None
    (field, value), *also = changes
    return EventChange(field, value, also=tuple(also))


def after_event(reply: Reply, context: Context) -> EventChange | None:
    """After a plan made an event: the change the values said make, against the start it has when it made one."""
    starts = [value for field, value in context.shown if field == "startTime"]
    return event_values(reply, starts[0] if len(starts) == 1 else None) or _start_replaced(reply, context)


def _start_replaced(reply: Reply, context: Context) -> EventChange | None:
    """ "can we do 1 instead of 11?" after a plan made an event at 11: a value said in the place of the start it has
    (:func:`.grounded.replaced`, which reads a bare hour against the one shown), the start changed."""
    said = grounded.replaced(reply, context)
    return EventChange("startTime", said.value) if said is not None and said.field == "startTime" else None


def at_event_card(reply: Reply, context: Context) -> EventChange | None:
    """At the card of a step on an event, values said by their kind that a correction of one value cannot say: a
    start and an end ("start it at 10:30, still end at 11"), or a day where the card shows a move by an amount ("the
    wed of that week" after "next week, same time": the Wednesday of the week shown)."""
    if context.question != "approval":
        return None
    shown = {field for field, _ in context.shown}
    change = after_event(reply, context)
    if change is None:
        return None
    moved_by_amount = "shiftMinutes" in shown and "startTime" not in shown
    return change if change.also or (moved_by_amount and change.field == "startTime") else None


def after_record(reply: Reply, context: Context) -> RecordChange | None:
    """After a plan wrote a CRM record: a value said in the place of one it wrote ("0198 not 0199" after the phone was
    saved as 312 555 0199, "friday not thursday" after a due date, "change 'chase' to 'nudge'" after a task's subject),
    grounded in the fields written, as fields of the record (:func:`.grounded.replaced`): that field, changed again."""
    written = replace(context, record_fields=tuple(dict.fromkeys(field for field, _ in context.shown)))
    said = grounded.replaced(reply, written) or grounded.amount_at_scale(reply, written)  # "make it 55": $55,000
    if said is None or said.field not in RECORD_FIELDS or said.people:
        return None
    scaled = said.replaces is not None and value_type(said.field) == "number"  # "85 not 80" where it is $80,000
    return None if scaled else RecordChange(cast(RecordField, said.field), said.value)


def time_instead(reply: Reply, context: Context) -> Correct | None:
    """Where a person or a text is asked, or who a lookup found nobody for, and the plan has a time: a reply that says
    only a time, in words that ask for nothing else ("10:30 actually", "make it 11 instead"), is a correction of the
    plan's time — never someone to look up, nor an email's text."""
    asks_no_time = context.question == "recover" or (context.question == "value" and context.value_kind in _NOT_TIMES)
    if not asks_no_time or "datetime" not in context.correctable:  # "recover": someone a lookup found nobody for
        return None
    change = event_values(reply)
    if change is None or change.field != "startTime" or change.also:
        return None
    return Correct(change.value, field="startTime")


_NOT_TIMES = ("text", "emails", "email")  # kinds asked whose answer is never a time alone


def _only_values(reply: Reply, spans: list[tuple[int, int]]) -> bool:
    """Whether every word outside the values is one that asks for nothing of its own."""
    outside = tuple(t for t in reply.toks if not any(s <= t.start and t.end <= e for s, e in spans))
    return asks_nothing(tuple(t.word for t in outside))


def _start_of(said: _Time) -> str:
    """The start a time says, as the engine reads a start: its words, or for a range of the day with no day in it
    ("3:30-4:15"), its first clock time (the day is the event's)."""
    match = said.match
    if match.end is None or not match.has_clock_time or _names_a_day(said.said):
        return said.said
    return f"{match.start.hour}:{match.start.minute:02d}"


def _names_a_day(said: str) -> bool:
    """Whether a time said names its day: read on two days, it is not on each day it is read on."""
    for anchor in _DAYS:
        found = find_times(said.lower(), anchor, hours=True)
        if len(found) != 1 or found[0].start.date() != anchor.date():
            return True
    return False


def _words_of(text: str, match: TimeMatch) -> str:
    """The words a time was read from, as typed."""
    start, end = min(s for s, _ in match.spans), max(e for _, e in match.spans)
    return text[start:end].strip()


def _end_of(reply: Reply, match: TimeMatch) -> str:
    """Which end of the event a word before the time says it is: the nearest word of data/time_ends.txt before it in
    its clause, over glue ("end at 11", "start it at 10:30"); "replaced" after a word that says the time is the one
    replaced ("not thurs", data/replaces.txt); "" when none."""
    first = min(s for s, _ in match.spans)
    before = tuple(t.word for t in reply.toks if t.end <= first)
    for index in range(len(before) - 1, -1, -1):
        if before[index] in MARKS:
            return ""
        for name, role in (("time_ends", None), ("replaces", "replaced")):
            found = phrases(name).at(before, index)
            if found is not None and index + found[0] >= len(before) - 1:  # ends right before the time, or at "at"
                return role or found[1]
            if found is not None and name == "time_ends":
                return found[1]
    return ""


def _length(start: _Time | None, end: _Time | None, shown_start: str | None) -> int | None:
    """The minutes from the start (said, or shown) to the end said; a range said as one ("10:30-11") gives its
    own. None when there is no end, or the end does not come after the start on the same day."""
    if end is None:
        match = start.match if start is not None else None
        if match is None or match.end is None or not match.has_clock_time:
            return None
        return _minutes_between(match.start, match.end)
    if start is not None and start.match.has_clock_time:
        begin = start.match.start
    elif shown_start is not None:
        try:
            begin = datetime.fromisoformat(shown_start)
        except ValueError:
            return None
    else:
        return None
    return _minutes_between(begin, end.match.start) if end.match.has_clock_time else None


def _minutes_between(begin: datetime, end: datetime) -> int | None:
    """The minutes from one clock time to another later on the same day (a bare hour read twelve hours off, "1:30
    to 2" as 13:30 and 02:00, is taken at the nearer)."""
    minutes = (end.hour * 60 + end.minute) - (begin.hour * 60 + begin.minute)
    if minutes <= 0 and minutes + _HALF_DAY > 0:
        minutes += _HALF_DAY
    return minutes if 0 < minutes < _DAY_MINUTES else None
