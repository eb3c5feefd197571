"""A value said, matched against a value a step shows, by the kind of the field that shows it (``values.ValueType``):
a time against the start ("4" is the start shown at 16:00), a day against a date ("the 10th"), a length against the
length, a number against the amount at the scale it is shown in ("130" is $130,000), a choice against the stage, a
name against the people, words against a text; and whether words said can be a value of a field's kind."""

import unicodedata
from datetime import UTC, date, datetime, timedelta

from planning.understanding import names
from planning.understanding.commands._any_day import ANY_DAY
from planning.understanding.commands._days import names_a_day
from planning.understanding.commands._people_swaps import among
from planning.understanding.commands._words import Reply, phrases
from planning.understanding.commands.period_end import period_of_end
from planning.understanding.commands.restate import only_time
from planning.understanding.commands.values import bare_clock, parse_answer, value_type
from planning.understanding.normalize import clean
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration

_SCALES = (1, 1_000, 1_000_000)  # an amount said in thousands or millions ("130" for $130,000)
_TEXT_WORDS = 6  # words of a text value said in the place of another ("Initech", "room 4b")


def names_shown(said: str, field: str, shown: tuple[str, ...]) -> bool:
    """Whether ``said`` names the value (or, for people, one of the values) ``field`` shows."""
    kind = value_type(field)
    if kind == "emails" or kind == "email":
        return among(said, shown) or said.strip().lower() in (value.lower() for value in shown)
    return any(_names_one(said, field, value) for value in shown)


def _names_one(said: str, field: str, shown: str) -> bool:
    kind = value_type(field)
    if kind == "datetime":
        return _same_time(said, shown)
    if kind == "date":
        return _same_day(said, shown)
    if kind in ("duration", "number", "choice", "phone"):
        old, now = parse_answer(field, said, ANY_DAY), parse_answer(field, shown, ANY_DAY)
        if not old.ok or not now.ok:
            return False
        if kind == "number":
            return any(old.value * scale == now.value for scale in _SCALES)
        return bool(old.value == now.value)
    return _words_in(said, shown)


def fits(said: str, field: str) -> bool:
    """Whether ``said`` is a value of ``field``'s kind and nothing else ("4:30" for a start, "45" for a length)."""
    kind = value_type(field)
    if kind == "datetime":
        return only_time(bare_clock(said) or said)
    if kind == "date":
        return (only_time(said) or _period_end_alone(said)) and parse_answer(field, said, ANY_DAY).ok
    if kind == "duration":
        return _only_length(said) or parse_answer(field, said, ANY_DAY).ok
    if kind == "emails":
        listed = names.listed(said)
        return bool(listed) and len(Reply.of(said).words) <= len(listed) * 3
    if kind in ("number", "choice", "email", "phone"):
        return parse_answer(field, said, ANY_DAY).ok
    words = Reply.of(said).words
    return 0 < len(words) <= _TEXT_WORDS and phrases("request_starts").at(words) is None


def fits_alone(said: str, field: str) -> bool:
    """Whether ``said``, with no value named as replaced, is a value of ``field``'s kind only ("4:30", "an hour",
    "95k", "the 12th", "proposal"): never a bare number that could be an hour or a count, never a name or a text."""
    kind = value_type(field)
    words = Reply.of(said).words
    if kind == "duration" and len(words) == 1 and _minutes_not_an_hour(words[0]):
        return True  # "make it 45" where a length is shown: no clock reads 45 as an hour, a length does as minutes
    if not words or (len(words) == 1 and words[0].isdigit()):
        return False
    if kind == "datetime":
        return only_time(bare_clock(said) or said)
    if kind == "date":
        return names_a_day(said) and fits(said, field)
    if kind == "duration":
        return _only_length(said)
    if kind == "number":
        return parse_answer(field, said, ANY_DAY).ok
    if kind == "choice":
        parsed = parse_answer(field, said, ANY_DAY)
        return parsed.ok and said.strip().lower().replace(" ", "_") == parsed.value
    return False


_CLOCK_HOURS = 12  # a bare number up to this may be the hour of a start ("make it 2": 2 o'clock)
_MOST_MINUTES = 24 * 60


def _minutes_not_an_hour(word: str) -> bool:
    """Whether a bare number can only be a count of minutes: more than any hour of a 12-hour clock, at most a day."""
    return word.isdigit() and _CLOCK_HOURS < int(word) <= _MOST_MINUTES


def _same_time(said: str, shown: str) -> bool:
    """Whether the time ``said`` is the one ``shown`` (ISO): the same clock time ("4" for 16:00), the same day
    ("wednesday"), or both."""
    start = _moment(shown)
    if start is None:
        return False
    anchor = start.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(microseconds=1)
    found = find_times(clean(bare_clock(said) or said), anchor)
    if len(found) != 1 or not only_time(bare_clock(said) or said):
        return False
    when = found[0].start.astimezone(start.tzinfo)
    same_day = when.date() == start.date()
    if not found[0].has_clock_time:
        return same_day
    same_clock = (when.hour, when.minute) == (start.hour, start.minute)
    bare_hour = said.strip().isdigit() and (when.hour % 12, when.minute) == (start.hour % 12, start.minute)
    return (same_clock or bare_hour) and (same_day or not names_a_day(said))


def _same_day(said: str, shown: str) -> bool:
    try:
        day = date.fromisoformat(shown[:10])
    except ValueError:
        return False
    anchor = datetime(day.year, day.month, day.day, tzinfo=UTC) - timedelta(microseconds=1)
    found = find_times(clean(said), anchor)
    return len(found) == 1 and only_time(said) and found[0].start.date() == day


def _moment(shown: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(shown)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _period_end_alone(said: str) -> bool:
    """Whether ``said`` is the end of a period and nothing else ("end of april", "by the end of next week", "eom"):
    a day for a record's date as a day said alone is; not "the launch at the end of april"."""
    words = Reply.of(said).words
    found = phrases("period_ends").at(words, 0)
    period = period_of_end(said)
    if found is None or period is None:
        return False
    rest = words[found[0] :]
    return not rest or phrases("bare_periods").value(rest) is not None or only_time(period)


def _only_length(said: str) -> bool:
    """ "45 minutes", "an hour", "for 1.5 hrs": a length and words that only hold it."""
    text = said.lower()
    length = find_duration(text)
    if length is None:
        return False
    rest = text[: length.span[0]] + text[length.span[1] :]
    return all(phrases("glue").value((word,)) is not None for word in Reply.of(rest).words)


def _words_in(said: str, shown: str) -> bool:
    """Whether the words ``said`` (not only words that name nothing) are words of ``shown``, in that order."""
    wanted = [_plain(w) for w in Reply.of(said).words if w.isalnum() or "." in w or "@" in w]
    if not wanted or all(phrases("stop_words").value((w,)) is not None for w in wanted):
        return False
    while phrases("stop_words").value((wanted[0],)) is not None:  # "the office" names "Office"
        wanted = wanted[1:]
    words = tuple(_plain(word) for word in Reply.of(shown).words)
    return any(words[i : i + len(wanted)] == tuple(wanted) for i in range(len(words) - len(wanted) + 1))


def _plain(word: str) -> str:
    """The word without its accents ("café" is typed "cafe")."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
