"""The tagger's dates and times fed to the grammar (contract §2.4): a date or time span the grammar did not read in
the sentence is read alone, and a bare period ("for the month", "my week") as the current one ("this month"), so a
time the tagger sees still becomes an instant. The grammar (``timeexpr``) stays the one that makes instants."""

from datetime import datetime

from planning.understanding.commands._words import tokens
from planning.understanding.learned.tagger_lazy import tagged
from planning.understanding.timeexpr import Prefer, TimeMatch, TimeReading, read_times
from planning.understanding.word_lists import words

SURE = 0.5  # the tagger's least marginal probability for a date or time span read on its own
_KINDS = frozenset({"date", "time", "timeofday"})


def with_tagged(text: str, read: TimeReading, now: datetime, prefer: Prefer) -> TimeReading:
    """``read`` (the grammar's reading of ``text``) with the tagger's date and time spans it missed, in text
    order."""
    covered = [span for t in read.times for span in t.spans] + [n.span for n in read.impossible]
    extra: list[TimeMatch] = []
    for span in tagged(text):
        if span.kind not in _KINDS or span.probability < SURE:
            continue
        if any(start < span.end and span.start < end for start, end in covered):
            continue
        found = _alone(span.text, now, prefer)
        if found is not None:
            extra.append(TimeMatch(found.start, found.end, found.has_clock_time, ((span.start, span.end),)))
            continue
        day = _day_for(read) if span.kind == "time" else None
        on_day = _on_day(span.text, text, day, now, prefer) if day is not None else None
        if day is not None and on_day is not None:  # "9-11 every fri": the clock times on the day of the repeat
            read = TimeReading([t for t in read.times if t is not day], read.impossible)
            extra.append(TimeMatch(on_day.start, on_day.end, True, ((span.start, span.end), *day.spans)))
    if not extra:
        return read
    return TimeReading(sorted([*read.times, *extra], key=lambda t: t.spans[0]), read.impossible)


def _day_for(read: TimeReading) -> TimeMatch | None:
    """The one whole day the grammar read (no clock time), which a clock time the tagger sees apart from it falls
    on ("block 9-11 every fri")."""
    days = [t for t in read.times if not t.has_clock_time and t.end is not None and t.spans]
    whole = [t for t in days if t.end is not None and (t.end - t.start).days == 1]
    return whole[0] if len(whole) == 1 and len(read.times) == 1 else None


def _on_day(said: str, text: str, day: TimeMatch, now: datetime, prefer: Prefer) -> TimeMatch | None:
    """The clock time ``said`` read on ``day`` (as written in ``text``), when that reading has a clock time."""
    start, end = day.spans[0]
    times = read_times(f"{said} on {text[start:end]}", now, prefer).times
    return times[0] if times and times[0].has_clock_time else None


def _alone(said: str, now: datetime, prefer: Prefer) -> TimeMatch | None:
    times = read_times(said, now, prefer).times
    if times:
        return times[0]
    toks = tokens(said)
    rest = [t for t in toks if t.word not in words("period_articles")]
    if len(rest) != 1 or rest[0].word not in words("periods"):  # "the month", "my week": the current one
        return None
    times = read_times(f"this {rest[0].word}", now, prefer).times
    return times[0] if times else None
