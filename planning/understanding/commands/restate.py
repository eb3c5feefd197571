"""A time alone after a plan that changed nothing ("and tomorrow?", "what about Friday?", "ok then try 11 on
thursday"): the earlier request said again at the new time."""

from datetime import datetime, timedelta

from planning.understanding.commands._days import names_a_day
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.values import bare_clock
from planning.understanding.timeexpr import TimeMatch, find_times


def asked_time(text: str) -> str | None:
    """The time a reply asks about, without the words around it ("and tomorrow?" → "tomorrow"); None when the reply
    is more than a time."""
    reply = Reply.of(text)
    words = reply.words
    start = 0
    found = _lead_at(words, start)
    while found is not None and start + found < len(words):
        start += found
        while start < len(words) and words[start] in _BETWEEN:
            start += 1
        found = _lead_at(words, start)
    end = len(words)
    while end > start and (words[end - 1] in (",", "?") or phrases("restate_tails").value((words[end - 1],))):
        end -= 1
    asked = reply.rest(start, end)
    return asked or None


_BETWEEN = frozenset({",", ".", "!", "-"})  # "ugh. what about 2": the marks after a lead before the time


def _lead_at(words: tuple[str, ...], start: int) -> int | None:
    """How many words a lead of data/restate_leads.txt, or a word of hesitation (data/leads.txt: "hmm", "ugh"),
    takes at ``start``; None when none starts there."""
    found = phrases("restate_leads").at(words, start) or phrases("leads").at(words, start)
    return found[0] if found is not None else None


def restated(
    old_text: str, old_at: datetime, text: str, now: datetime, *, writes: bool, hours: bool = False
) -> str | None:
    """``old_text`` (asked at ``old_at``) said again at the time ``text`` names; None when ``text`` is more than a
    time. ``writes``: the earlier plan had writes (then a request without a time of its own is not said again).
    ``hours``: the earlier request was about times of day (free time), so a number alone is an hour ("what about
    2?"), as it is after a request that gave a time of day."""
    asked = asked_time(text)
    if asked is None:
        return None
    old = find_times(old_text, old_at.astimezone(now.tzinfo))
    old_clock = old[0].has_clock_time if old else False
    if (old_clock or hours) and "at" not in Reply.of(asked).words:  # "try 11": an hour, as the earlier request gave
        asked = " ".join(f"at {w}" if _bare_hour(w) else w for w in asked.split())
    found = find_times(asked, now)
    if not found or not _only_time(asked, found):
        return None
    new = found[0]
    if (old_clock or hours) and old and not names_a_day(asked):  # a time alone: on the earlier request's day
        day = old[0].start.replace(hour=0, minute=0, second=0, microsecond=0)
        new = find_times(asked, day - timedelta(microseconds=1))[0]
    if new.has_clock_time:
        phrase = _at(new.start)
    elif old_clock and old:
        phrase = _at(new.start.replace(hour=old[0].start.hour, minute=old[0].start.minute))
    else:
        phrase = asked
    if not old:
        if writes:
            return None
        stripped = old_text.rstrip(" ?.!")
        return f"{stripped} {phrase}{old_text[len(stripped) :]}"
    spans = sorted(old[0].spans)
    out, last = [], 0
    for number, (start, end) in enumerate(spans):
        out += [old_text[last:start], phrase if number == 0 else ""]
        last = end
    out.append(old_text[last:])
    return " ".join("".join(out).split())


def only_time(text: str) -> bool:
    """Whether ``text`` is a time and nothing else ("tomorrow", "friday at 11")."""
    now = datetime.now().astimezone()
    for said in (text, " ".join(f"at {w}" if _bare_hour(w) else w for w in text.split())):  # "try 11 on thursday"
        found = find_times(said, now)
        if found and _only_time(said, found):
            return True
    return False


def _bare_hour(word: str) -> bool:
    return word.isdigit() and len(word) <= 2 and int(word) <= 23


def _only_time(text: str, found: list[TimeMatch]) -> bool:
    """Whether ``text`` is nothing but its time expressions (and words like "on", "at")."""
    covered = [False] * len(text)
    for match in found:
        for start, end in match.spans:
            covered[start:end] = [True] * (end - start)
    rest = "".join(" " if covered[i] else ch for i, ch in enumerate(text))
    return all(w == "," or phrases("glue").value((w,)) is not None for w in Reply.of(rest).words)


def _at(moment: datetime) -> str:
    return f"{moment:%A} {moment.day} {moment:%B} at {moment:%H:%M}"


def clock_only(text: str) -> bool:
    """Whether ``text`` is a time of day alone ("4pm", "at 10:30", "noon", a number alone: "11"), with no day."""
    text = bare_clock(text) or text
    found = find_times(text, datetime.now().astimezone())
    return len(found) == 1 and found[0].has_clock_time and _only_time(text, found) and not names_a_day(text)


def clock_without_day(text: str) -> bool:
    """Whether ``text`` says one time of day and no day, whatever words are around it ("prob 3:30 actually, she has
    a thing", "4pm"): a correction that keeps the day of the value it corrects."""
    text = bare_clock(text) or text
    found = find_times(text, datetime.now().astimezone())
    if len(found) != 1 or not found[0].has_clock_time or names_a_day(text):
        return False
    return clock_only(" ".join(text[start:end] for start, end in found[0].spans))


def one_clock_no_day(text: str) -> bool:
    """Whether ``text`` says one time, and it is a time of day whose own words name no day, whatever else the words
    say ("book 45 min with lena at 3 then, next steps"): a request whose day is left to what the thread asked about."""
    found = find_times(bare_clock(text) or text, datetime.now().astimezone())
    return len(found) == 1 and found[0].has_clock_time and clock_only(" ".join(text[s:e] for s, e in found[0].spans))
