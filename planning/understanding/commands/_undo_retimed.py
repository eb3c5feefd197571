"""An undo said with the time the event goes to instead, in the same clause ("put it back on thursday at 3:30",
"move it back to wed at 10"): the undo, then that start (read by the engine on the day the undo puts the event back
on). An undo whose clause says no time right after its words ("undo that, she is out that day") is an undo alone."""

from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.event_change import EventChange
from planning.understanding.commands.undo import Undo
from planning.understanding.normalize import clean
from planning.understanding.timeexpr import find_times

_CLAUSE_MARKS = frozenset({",", ".", ";", "!", "?", "-", "–", "—"})


def undo_retimed(reply: Reply) -> tuple[Undo, EventChange] | None:
    """The undo and the start said right after its words in the clause that begins with them; None when no clause
    begins with an undo followed by a time."""
    words = reply.words
    starts = [0, *(i + 1 for i, word in enumerate(words) if word in _CLAUSE_MARKS)]
    for start in starts:
        begin = reply.after("leads", "polite", start=start)
        head = phrases("undo").at(words, begin)
        if head is None:
            continue
        after = begin + head[0]
        end = next((i for i in range(after, len(words)) if words[i] in _CLAUSE_MARKS), len(words))
        said = reply.rest(after, end)
        if said and _time_first(said):
            return Undo(), EventChange("startTime", said)
    return None


def _time_first(said: str) -> bool:
    """Whether ``said`` begins with a day or a time of day, after the words of data/undo_time_links.txt only ("on",
    "to", "but at")."""
    text = clean(said)
    found = find_times(text, ANY_DAY)
    if not found:
        return False
    lead = Reply.of(text[: found[0].spans[0][0]]).words
    links = phrases("undo_time_links")
    return not lead or links.value(lead) is not None
