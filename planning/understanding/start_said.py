"""A request for free time that already says the clock time it starts at asks for that time, not for a search:
"get me 30 min w dana thursday, 2pm" books Thursday 2pm (a search of a window from 2:00 to 2:30 would only say
whether it is free, and book nothing). A question ("am i free thursday at 2?", "is dana available at 2") stays a
question about free time (so is "can you check if dana is free at 2"), and so does a window ("between 2 and 4",
"thursday afternoon"): there is a time to find."""

from planning.types import Slots
from planning.understanding.conditions import asks_whether
from planning.understanding.interpret import Reading
from planning.understanding.lexicon import evidence_in


def booked_at_start(text: str, reading: Reading, slots: Slots) -> Reading:
    """``reading`` as a booking when it searches free time from an instant said with its clock time, in a request
    that asks no question; else ``reading``."""
    if (reading.intent, reading.entity) != ("find", "availability"):
        return reading
    when = slots.when
    if when is None or not when.has_clock_time or when.end is not None:
        return reading
    if text.rstrip().endswith("?") or any(e.kind == "question" for e in evidence_in(text)) or asks_whether(text):
        return reading
    why = f"{reading.explanation}; it says when it starts, so there is no time to find: a booking"
    return Reading("create", "event", reading.confidence, ("find", "availability"), why)
