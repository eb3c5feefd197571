"""A booking said by its place next to what was just shown, after a plan ended: "right after it then? need 30 min
with omar", "an hour with dana just before that", "ok, 20 min with kim then". The side comes from data/slot_sides.txt
followed by words that point back (data/beside_pointers.txt), or for the time just asked about, words of
data/beside_at.txt ending a clause. The reply must say something to book (a length or a person) and no time of its
own; what it books is read by the understanding, the time from what was shown (the engine's part)."""

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from planning.understanding import names
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._picks import hours_as_clock
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.book_beside import BookBeside, Side
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration

_CLAUSE_ENDS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})


def booked_beside(reply: Reply) -> BookBeside | None:
    """``BookBeside(side)``: "after", "before" or "at" what was shown; None for any other reply."""
    side = _side(reply)
    if side is None:
        return None
    text = reply.text.lower()
    if find_times(text, ANY_DAY):
        return None  # "right after that, at 3": a time of its own, read as a request
    if find_duration(text) is None and not names.people(reply.text):
        return None  # nothing said to book ("ok right after it then?")
    return BookBeside(side)


def _side(reply: Reply) -> Side | None:
    words = reply.words
    for index in range(len(words)):
        side = phrases("slot_sides").at(words, index)
        if side is not None and phrases("beside_pointers").at(words, index + side[0]) is not None:
            return "after" if side[1] == "after" else "before"
    for index in range(1, len(words)):
        at = phrases("beside_at").at(words, index)
        if at is not None and (index + at[0] >= len(words) or words[index + at[0]] in _CLAUSE_ENDS):
            return "at"
    return None


def booked_at_asked(reply: Reply, asked: tuple[Mapping[str, Any], ...]) -> BookBeside | None:
    """After a free/busy answer that the one time asked about is free, a booking that says that time again with
    something to book, after words that take it (data/book_verbs.txt: "ok grab 4:30 with tom for a hiring chat, 30 min
    is fine"): ``BookBeside("at")``; None when the reply asks, says another time, several, or nothing to book."""
    starts = [_moment(slot.get("start")) for slot in asked]
    if len(starts) != 1 or starts[0] is None:
        return None
    if phrases("book_verbs").at(reply.words, reply.after("leads", "polite", "answer_leads")) is None:
        return None  # "is priya free at 1pm for 90 min": asked, not booked
    text = reply.text.lower()
    length = find_duration(text)
    if length is None and not names.people(reply.text):
        return None
    timed = text if length is None else f"{text[: length.span[0]]} {text[length.span[1] :]}"
    found = [match for match in find_times(hours_as_clock(Reply.of(timed)).text, ANY_DAY) if match.has_clock_time]
    if len(found) != 1 or found[0].start.time() != starts[0].time():
        return None
    return BookBeside("at")


def _moment(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
