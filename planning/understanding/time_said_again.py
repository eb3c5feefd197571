"""A time said again in the same message replaces the one before it: "book a meeting with tom on 3/12 at 10, sorry i
mean 3/13" is on 13 March at 10; "lunch w maria fri at noon - no wait, 1pm" is Friday at 1pm.

Structure: the message ends with a word that takes back what was said (data/corrections_said.txt) followed by
nothing but a time; the request before it says a time. The later value wins for what it says: a day alone keeps the
earlier clock time, a clock time alone keeps the earlier day. The request is read with its time written once."""

from datetime import datetime

from planning.understanding.cues import Words
from planning.understanding.timeexpr import TimeMatch, read_times
from planning.understanding.timewords import find_duration
from planning.understanding.word_lists import listed
from planning.understanding.words import MONTHS, WEEKDAYS

_FILLERS = frozenset({"on", "at", "the", "for", "to", "it", "its", "it's", "is", ",", "-", "–", "—", ".", "!"})
_DAY_WORDS = frozenset({"today", "tomorrow", "tmrw", "tmr", "tonight"}) | WEEKDAYS | MONTHS


def time_said_last(text: str, now: datetime) -> str:
    """``text`` with a time taken back and said again written once (``text`` itself otherwise)."""
    words = Words.of(text)
    seq = words.words
    for index in range(1, len(seq)):  # the first marker: "sorry i mean" whole, not its "i mean"
        marker = listed("corrections_said").at(seq, index)
        if marker is None:
            continue
        if find_duration(text[words.char_start(index) :]) is not None:
            continue  # "…at 11. make it last 75 minutes": a length, not the time said again
        before, after = text[: words.char_start(index)], text[words.char_start(index + marker[0]) :]
        rewritten = _rewritten(before.rstrip(" ,;-–—"), after, now)
        if rewritten is not None:
            return rewritten
    return text


def _rewritten(before: str, after: str, now: datetime) -> str | None:
    later = read_times(after, now).times
    if len(later) != 1 or not _only_time(after, later[0]):
        return None
    earlier = read_times(before, now).times
    if not earlier:
        return None
    first, second = earlier[-1], later[0]
    day_said = any(_says_a_day(word) for word in Words.of(after).words)
    if day_said and second.has_clock_time:
        when = second.start
    elif day_said:
        when = second.start.replace(hour=first.start.hour, minute=first.start.minute)
    elif second.has_clock_time:
        when = first.start.replace(hour=second.start.hour, minute=second.start.minute)
    else:
        return None
    clock = first.has_clock_time or second.has_clock_time
    said = when.strftime("%B ") + str(when.day) + (" at " + when.strftime("%H:%M") if clock else "")
    start = min(span[0] for span in first.spans)
    end = max(span[1] for span in first.spans)
    return f"{before[:start]}{said}{before[end:]}"


def _says_a_day(word: str) -> bool:
    """ "friday", "tomorrow", "march", "3/13", "13th": a word that says a day, not only a clock time."""
    dated = word[:1].isdigit() and ("/" in word or word.endswith(("st", "nd", "rd", "th")))
    return word in _DAY_WORDS or dated


def _only_time(after: str, time: TimeMatch) -> bool:
    """Whether ``after`` says nothing but ``time`` (and small words around it)."""
    words = Words.of(after)
    for tok in words.toks:
        inside = any(start <= tok.start < end for start, end in time.spans)
        if not inside and tok.word not in _FILLERS:
            return False
    return True
