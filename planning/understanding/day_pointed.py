"""A day pointed at with words that stand for the day said earlier in the message: "i'm out wed for a family thing,
cancel my meetings that day" cancels Wednesday's meetings. The words (data/cues/day_pointers.txt) are replaced by
the date of the time said last before them, with the part of the day they name ("that afternoon" → "wed afternoon").
Words after a colon are what is to be said or noted ("decline it, comment: at a conference that day") and stay as
typed."""

from datetime import datetime

from planning.understanding.cues import Words, cues
from planning.understanding.timeexpr import find_times


def day_pointed(text: str, now: datetime) -> str:
    """``text`` with its words pointing at a day said before them replaced by that day; ``text`` otherwise."""
    words = Words.of(text)
    pointers = list(cues("day_pointers").find_all(words))
    if not pointers:
        return text
    days = [t for t in find_times(text, now) if t.spans]
    quoted = text.find(": ")  # "…, comment: at a conference that day": words to pass on, kept as typed
    out, last = [], 0
    for found in pointers:
        start, end = words.char_start(found.start), words.char_end(found.end - 1)
        if 0 <= quoted < start:
            break
        said = [t for t in days if t.spans[-1][1] <= start]
        if not said:
            continue
        moment = said[-1].start
        day = f"{moment:%A} {moment.day} {moment:%B}"  # the date, however it was said ("wed", "thursday at 2")
        out.append(text[last:start] + (f"on {day}" if found.value == "day" else f"{day} {found.value}"))
        last = end
    return "".join(out) + text[last:] if out else text
