"""A day or a time inside a message's text changed by a correction ("… back to you by thursday" + "make that
wednesday" → "… back to you by wednesday"): the one day (or the one clock time) the text says, read by the
understanding's time reader, replaced by the words of the correction."""

from datetime import datetime

from planning.understanding.commands._days import names_a_day
from planning.understanding.commands.restate import clock_only, only_time
from planning.understanding.timeexpr import find_times


def says_a_time(value: str) -> bool:
    """Whether ``value`` is a day or a time said alone, as a correction of one is ("wednesday", "the 14th")."""
    return only_time(value)


def with_time_replaced(text: str, value: str, now: datetime) -> str | None:
    """``text`` with the one day or time of the kind ``value`` says (a day, or a clock time) replaced by ``value``;
    None when ``value`` says no time, or the text has none of that kind, or several (which one is not known)."""
    said = find_times(value, now)
    if not said:
        return None
    clock = said[0].has_clock_time
    times = [match for match in find_times(text, now) if match.spans]
    found = [match for match in times if match.has_clock_time == clock]
    if not found and clock and names_a_day(value):  # "tues eod" for the text's "wed": a day said, with its time
        found = [match for match in times if names_a_day(_words(text, match.spans))]
    if len(found) != 1:
        return None
    start = min(span[0] for span in found[0].spans)
    end = max(span[1] for span in found[0].spans)
    if clock_only(value) and names_a_day(text[start:end]):
        return None  # "4:30pm" for "3pm on friday": the day would be lost with the words
    return f"{text[:start]}{value.strip()}{text[end:]}"


def _words(text: str, spans: tuple[tuple[int, int], ...]) -> str:
    return text[min(span[0] for span in spans) : max(span[1] for span in spans)]
