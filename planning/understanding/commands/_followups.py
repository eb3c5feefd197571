"""Follow-ups after a plan ended: undo it, change what it made (its start, its length, who is invited), forward the
email it sent, thanks."""

from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.change import Change
from planning.understanding.commands.thanks import Thanks
from planning.understanding.commands.undo import Undo
from planning.understanding.timewords import find_duration


def undo(reply: Reply) -> Undo | None:
    """ "undo that", "please revert it", "go back to how it was", "put it back the way it was"."""
    words = reply.words
    start = 0
    polite = phrases("polite").at(words)
    if polite is not None and polite[0] < len(words):
        start = polite[0]
    rest = words[start:]
    if phrases("undo").value(rest) is not None:
        return Undo()
    head = phrases("undo").at(rest)
    if head is not None and phrases("objects").value(rest[head[0] :]) is not None:
        return Undo()
    return None


def thanks(reply: Reply) -> Thanks | None:
    words = tuple(w for w in reply.words if w not in (",", "!"))
    return Thanks() if words and phrases("thanks").value(words) is not None else None


def length(reply: Reply) -> Change | None:
    """ "make it an hour", "make it 45 minutes long", "extend it to 90 minutes": the length of what was booked."""
    words = reply.words
    verb = phrases("length_verbs").at(words, _lead(words))
    if verb is None:
        return None
    start = _lead(words) + verb[0]
    value = reply.rest(start, reply.end_before(start, "instead"))
    if find_duration(value.lower()) is None:
        return None
    return Change("durationMinutes", value)


def retime(reply: Reply) -> Change | None:
    """ "make it 4pm instead", "move it to Friday", "actually change it to 3": the start of what was booked."""
    words = reply.words
    verb = phrases("retime_verbs").at(words)
    if verb is None or verb[0] >= len(words):
        return None
    value = reply.rest(verb[0], reply.end_before(verb[0], "instead"))
    return Change("startTime", value) if value else None


def invite(reply: Reply) -> Change | None:
    """ "also invite Priya", "add Tom to it", "invite Sarah as well"."""
    words = reply.words
    verb = phrases("invite_verbs").at(words)
    if verb is None or verb[0] >= len(words):
        return None
    body = words[verb[0] :]
    tail = phrases("invite_tails").ending(body)
    alone = verb[1] in ("invite", "add", "include", "loop in", "bring in")  # "add Tom" needs "to it" after it
    if alone and tail is None:
        return None
    end = len(words) - (tail[0] if tail is not None and tail[0] < len(body) else 0)
    who = reply.rest(verb[0], end)
    return Change("addAttendees", who) if who else None


def forward(reply: Reply) -> Change | None:
    """ "forward that to Maria as well", "and send it to Tom too"."""
    words = reply.words
    verb = phrases("forward_verbs").at(words)
    if verb is None or verb[0] >= len(words):
        return None
    body = words[verb[0] :]
    tail = phrases("invite_tails").ending(body)
    end = len(words) - (tail[0] if tail is not None and tail[0] < len(body) else 0)
    who = reply.rest(verb[0], end)
    return Change("forward", who) if who else None


def names_a_day(text: str, words: str = "day_words") -> bool:
    """Whether ``text`` names a day, a week or a month ("friday", "next week", "3/5"), not only a time of day (with
    ``words`` "own_day_words": a day of its own, not a weekday read in a week said before)."""
    for word in Reply.of(text).words:
        if phrases(words).value((word,)) is not None:
            return True
        if any(mark in word for mark in "/-") and any(c.isdigit() for c in word) and word[0].isdigit():
            return True
    return False


def _lead(words: tuple[str, ...]) -> int:
    found = phrases("leads").at(words)
    index = found[0] if found is not None and found[0] < len(words) else 0
    while index < len(words) and words[index] == ",":
        index += 1
    return index
