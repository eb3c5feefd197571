"""Reading an answer to a question about a missing value, by the value's type (the understanding's span readers
for times and lengths; formats for addresses and numbers). The words around a number (units of minutes, scales such
as "k", currencies) and between names are data: ``data/minute_units.txt``, ``data/name_joins.txt`` here and the cue
lists ``amount_scales`` and ``currency_words``."""

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal

from planning.understanding import phones
from planning.understanding.commands._words import Reply, Token, phrases, tokens
from planning.understanding.commands.period_end import period_of_end
from planning.understanding.commands.rough_clock import with_clock_clause
from planning.understanding.cues import cues
from planning.understanding.names import EMAIL_ADDRESS
from planning.understanding.normalize import clean
from planning.understanding.scanner import scan
from planning.understanding.timeexpr import TimeReading, find_duration, read_times
from planning.understanding.timewords import WEEKDAYS

ValueType = Literal["emails", "email", "datetime", "date", "duration", "number", "choice", "phone", "text"]

# placeholder name → what kind of value it holds
VALUE_TYPES: dict[str, ValueType] = {
    "to": "emails",
    "cc": "emails",
    "attendees": "emails",
    "email": "email",
    "startTime": "datetime",
    "windowStart": "datetime",
    "windowEnd": "datetime",
    "since": "datetime",
    "until": "datetime",
    "start": "datetime",
    "end": "datetime",
    "durationMinutes": "duration",
    "closeDate": "date",
    "dueDate": "date",
    "amount": "number",
    "limit": "number",
    "stage": "choice",
    "status": "choice",
    "phone": "phone",
}
CHOICES: dict[str, tuple[str, ...]] = {
    "stage": ("prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"),
    "status": ("new", "contacted", "qualified", "unqualified"),
}
EXAMPLES: dict[ValueType, str] = {
    "emails": "priya.shah@example.com, or a name like “Priya”",
    "email": "priya.shah@example.com",
    "datetime": "“Thursday at 2pm” or “March 10 at 9:30am”",
    "date": "“April 30” or “2026-04-30”",
    "duration": "“30 minutes” or “1 hour”",
    "number": "“50000” or “50k”",
    "choice": "",
    "phone": "“512 555 0190” or “+44 20 7946 0958”",
    "text": "",
}
_HOURS = frozenset({*map(str, range(1, 13)), *(f"0{hour}" for hour in range(1, 10))})  # a bare hour: "11", "09"
OPTIONAL = frozenset({"cc", "location", "description", "attendees", "attachments"})


@dataclass(frozen=True, slots=True)
class Parsed:
    value: Any = None
    problem: str | None = None
    names: tuple[str, ...] = ()  # people named instead of addresses: to be looked up

    @property
    def ok(self) -> bool:
        return self.problem is None


def value_type(name: str) -> ValueType:
    return VALUE_TYPES.get(name, "text")


def example_for(name: str) -> str:
    kind = value_type(name)
    if kind == "choice":
        return " / ".join(CHOICES.get(name, ()))
    return EXAMPLES[kind]


def parse_answer(name: str, text: str, now: datetime) -> Parsed:
    kind = value_type(name)
    text = text.strip()
    if not text:
        return Parsed(problem="the answer is empty")
    reader = _READERS[kind]
    return reader(name, text, now)


def _without_fillers(name: str) -> str:
    """A name said without the words around it that are no part of it ("priya only pls" → "priya")."""
    words = name.split()
    fillers = phrases("name_fillers")
    kept = [w for w in words if fillers.value((w.strip(".!?").lower(),)) is None]
    return " ".join(kept).strip()


def _emails(name: str, text: str, now: datetime) -> Parsed:
    found = EMAIL_ADDRESS.findall(text)
    rest = EMAIL_ADDRESS.sub(" ", text)
    names = tuple(name for part in _name_parts(rest) if (name := _without_fillers(part)) and _has_latin_letter(name))
    if not found and not names:
        return Parsed(problem="that is not an email address or a name")
    if any("@" in n for n in names):
        return Parsed(problem=f"“{next(n for n in names if '@' in n)}” is not a valid email address")
    return Parsed(value=found, names=names)


def _name_parts(text: str) -> list[str]:
    """``text`` cut at the words and marks of data/name_joins.txt ("priya, ana and tom" → "priya", " ana", " tom")."""
    parts, begin = [], 0
    for token in tokens(text):
        if phrases("name_joins").value((token.word,)) is not None:
            parts.append(text[begin : token.start])
            begin = token.end
    return [*parts, text[begin:]]


def _has_latin_letter(text: str) -> bool:
    return any(char.isascii() and char.isalpha() for char in text)


def _email(name: str, text: str, now: datetime) -> Parsed:
    found = EMAIL_ADDRESS.fullmatch(text.strip(" <>"))
    return Parsed(value=found.group(0)) if found else Parsed(problem=f"“{text}” is not an email address")


def _is_bare_clock(text: str) -> bool:
    """Whether ``text`` is a clock time written as a number alone: "11", "2:30", "11.30" (a format)."""
    hour, mark, minutes = text.partition(":" if ":" in text else ".")
    return 1 <= len(hour) <= 2 and hour.isdecimal() and (not mark or (len(minutes) == 2 and minutes.isdecimal()))


def bare_clock(text: str) -> str | None:
    """A clock time given as a number alone ("11", "2:30", "11.30"), as the time of day it says ("at 11:30");
    None for anything else. A number alone answering for a time is a time of day, read as "at 11" is."""
    said = text.strip().rstrip(".!")
    head, _, zone = said.partition(" ")
    if zone and _is_bare_clock(head):  # "2 chicago time": the hour in the zone said after it
        return _in_zone(head, zone)
    if not _is_bare_clock(said):
        return None
    hour = int(said.replace(".", ":").split(":")[0])
    return f"at {said.replace('.', ':')}" if 0 < hour < 24 else None


def _in_zone(clock: str, zone: str) -> str | None:
    """ "at 2 chicago time" when the words after the number are all the zone a time is read in; else None."""
    said = f"at {clock.replace('.', ':')} {zone}"
    found = read_times(said, datetime(2026, 1, 5, 8, tzinfo=UTC)).times
    whole = len(found) == 1 and found[0].has_clock_time and found[0].spans[-1][1] == len(said)
    return said if whole and found[0].spans[0][0] <= 3 else None


def _datetime(name: str, text: str, now: datetime) -> Parsed:
    """A day and time, read from the words before a reason said with it when they hold one ("tuesday around 3 since
    the board call ends at noon"), else from the whole answer, else from its first sentence ("thursday morning, like
    11? she's out later that afternoon"): the time asked, not the one of the reason."""
    said = Reply.of(clean(text))
    reason = _before_reason_word(said)
    first = _datetime_said(reason, now) if reason is not None else None
    if first is not None and first.ok:
        return first
    whole = _datetime_said(text, now)
    sentence = said.first_sentence() if not whole.ok else None
    found = _datetime_said(sentence.text, now) if sentence is not None else None
    return found if found is not None and found.ok else whole


def _before_reason_word(said: Reply) -> str | None:
    """The words before the first word that begins a reason (data/reason_marks.txt; marks such as a comma cut
    no value off its day); None when no such word follows the first."""
    marks, words = phrases("reason_marks"), said.words
    cut = next((i for i in range(1, len(words)) if words[i][:1].isalpha() and marks.at(words, i) is not None), None)
    return said.rest(0, cut) if cut is not None else None


def _datetime_said(text: str, now: datetime) -> Parsed:
    """A time already past is read as given: a write that would book it asks first (``timing``). A number alone
    ("11", "2:30", "11.30") is a time of day: a bare hour in working hours (contract §2.4)."""
    said = clean(text)
    if _is_bare_hour(said):  # "11" answering a time question: a bare hour, in working hours (contract §2.4)
        said = f"at {said}"
    read = read_times(clean(bare_clock(said) or said), now)
    clock = with_clock_clause(said) if not any(t.has_clock_time for t in read.times[:1]) else None
    if clock is not None:  # "thurs morning, 10ish": the time of day in a clause of its own, said roughly
        read = read_times(clean(clock), now)
    hour = hour_beside_day(clean(said), read) if read.times and not read.times[0].has_clock_time else None
    if hour is not None:  # "thurs 11 works": the number beside the day is its hour
        read = read_times(hour, now)
    if read.impossible:
        return Parsed(problem=f"there is no {read.impossible[0].date}")
    if not read.times:
        return Parsed(problem=f"I could not read a date and time in “{text}”")
    first = read.times[0]
    if not first.has_clock_time:
        return Parsed(problem="that gives a day but no time of day (say e.g. “at 2pm”)")
    return Parsed(value=first.start.isoformat())


def hour_beside_day(text: str, read: TimeReading) -> str | None:
    """``text`` with the one number said next to the day it names (or with only "on", "at", … between) written as
    the hour of that day ("thurs 11 works" → "thurs at 11 works", "3 on friday is good" → "at 3 on friday is good");
    None when no number, or several, stand beside the day. Answering for a time, a number beside a day is its hour."""
    day = read.times[0]
    begin, end = min(s for s, _ in day.spans), max(e for _, e in day.spans)
    toks = tokens(text)
    glue = phrases("glue")
    after = [t for t in toks if t.start >= end]
    before = [t for t in toks if t.end <= begin][::-1]
    beside: list[Token] = []
    for side in (after, before):
        while side and glue.value((side[0].word.lower(),)) is not None:
            side = side[1:]
        if side and bare_clock(side[0].word) is not None:
            beside.append(side[0])
    if len(beside) != 1:
        return None
    number = beside[0]
    return f"{text[: number.start]}at {number.word.replace('.', ':')}{text[number.end :]}"


def _is_bare_hour(text: str) -> bool:
    """Whether ``text`` is an hour alone, perhaps asked ("11", "9?"), a format."""
    said = text.lstrip()
    return (said[:-1] if said.endswith("?") else said).rstrip() in _HOURS


def _date(name: str, text: str, now: datetime) -> Parsed:
    """A day as an ISO date (a record's close or due date): "April 30", "next Friday", "2026-04-30"."""
    if _is_iso_date(text):
        try:
            return Parsed(value=date.fromisoformat(text).isoformat())
        except ValueError:
            return Parsed(problem=f"“{text}” is not a date")
    said = clean(text)
    alone = said.strip(" .!?").lower()
    if alone in WEEKDAYS:  # a day's short name alone is that day, even one that is also a word ("wed", "sat")
        said = f"on {alone}"
    period = period_of_end(said)  # "end of month": the last day of this month
    read = read_times(period or said, now)
    if read.impossible:
        return Parsed(problem=f"there is no {read.impossible[0].date}")
    if not read.times:
        return Parsed(problem=f"I could not read a date in “{text}”")
    first = read.times[0]
    if period is not None and first.end is not None and first.end - first.start > timedelta(days=1):
        return Parsed(value=(first.end - timedelta(days=1)).date().isoformat())
    return Parsed(value=first.start.date().isoformat())


def _is_iso_date(text: str) -> bool:
    """Whether ``text`` is written as an ISO date, "2026-04-30" (a format)."""
    parts = text.split("-")
    return [len(part) for part in parts] == [4, 2, 2] and all(part.isdecimal() for part in parts)


def _minutes_said(text: str, *, signed: bool = False, most_digits: int = 4) -> int | None:
    """A whole number of minutes said as a number alone, with a unit of data/minute_units.txt or none ("45",
    "45 min", "30m"; "-15" when ``signed``)."""
    said = text.strip()
    sign = said[:1] if signed and said[:1] in "+-" else ""
    digits = _leading_digits(said[len(sign) :])
    unit = tuple(token.word for token in tokens(said[len(sign) + len(digits) :]))
    if not 1 <= len(digits) <= most_digits or (unit and phrases("minute_units").value(unit) is None):
        return None
    return int(sign + digits)


def _leading_digits(text: str) -> str:
    end = 0
    while end < len(text) and text[end].isdecimal():
        end += 1
    return text[:end]


def _duration(name: str, text: str, now: datetime) -> Parsed:
    found = find_duration(clean(text))
    if found is not None:
        return Parsed(value=found.minutes)
    minutes = _minutes_said(text)
    if minutes is not None and 0 < minutes <= 24 * 60:
        return Parsed(value=minutes)
    return Parsed(problem=f"I could not read a length of time in “{text}”")


def _number(name: str, text: str, now: datetime) -> Parsed:
    """A number alone, with a scale (data/cues/amount_scales.txt: "50k", "2 million") and a currency before or
    after it (data/cues/currency_words.txt: "$50k", "500 dollars")."""
    said = text.strip()
    begin = next((at for at, char in enumerate(said) if char.isdecimal()), len(said))
    end = begin
    while end < len(said) and (said[end].isdecimal() or (said[end] in ".," and said[end + 1 : end + 2].isdecimal())):
        end += 1
    scale = _scale_and_currency(_atoms(said[end:]))
    if scale is None or not _only_currency(_without_rough(_atoms(said[:begin]))):
        return Parsed(problem=f"“{text}” is not a number")
    try:
        value = float(said[begin:end].replace(",", "")) * scale
    except ValueError:  # no digits, or "1.2.3"
        return Parsed(problem=f"“{text}” is not a number")
    return Parsed(value=int(value) if name == "limit" else value)


def _without_rough(words: tuple[str, ...]) -> tuple[str, ...]:
    """``words`` before a number without a first phrase of data/cues/amount_roughly.txt ("~22k"):
    a number said roughly is still the number."""
    found = cues("amount_roughly", "atoms").at(words) if words else None
    return words[found.end :] if found is not None else words


def _atoms(text: str) -> tuple[str, ...]:
    """``text`` as atoms (a run of word characters, or one mark: "-" and "$" stay), as the cue lists are read here."""
    return tuple(token.word for token in scan(text, "atoms"))


def _scale_and_currency(words: tuple[str, ...]) -> float | None:
    """The scale of the words after a number when they are at most a scale and a currency ("k", "k usd", "dollars",
    ""); None when they are anything else."""
    found = cues("amount_scales", "atoms").at(words) if words else None
    rest = words[found.end :] if found is not None else words
    if not _only_currency(rest):
        return None
    return float(found.value) if found is not None else 1.0


def _only_currency(words: tuple[str, ...]) -> bool:
    """Whether ``words`` are nothing or one word or sign of data/cues/currency_words.txt ("$", "usd")."""
    return not words or cues("currency_words", "atoms").value(words) is not None


def _choice(name: str, text: str, now: datetime) -> Parsed:
    options = CHOICES.get(name, ())
    wanted = "_".join(text.strip().lower().replace("-", " ").split())
    matches = [o for o in options if o == wanted] or [o for o in options if wanted and o.startswith(wanted)]
    if len(matches) == 1:
        return Parsed(value=matches[0])
    return Parsed(problem=f"choose one of: {', '.join(options)}")


def _phone(name: str, text: str, now: datetime) -> Parsed:
    """A phone number that can be dialled, read in the region of the requester's time zone when it has no country
    code; kept as typed (it is stored in its international form when written: ``phones.stored_form``)."""
    said = text.strip().rstrip(".")
    if phones.dialable(said, phones.region_of(zone=getattr(now.tzinfo, "key", None))):
        return Parsed(value=said)
    return Parsed(problem=f"“{text}” is not a phone number I can store (an area code or a digit may be missing)")


def _text(name: str, text: str, now: datetime) -> Parsed:
    return Parsed(value=text)


_READERS = {
    "emails": _emails,
    "email": _email,
    "datetime": _datetime,
    "date": _date,
    "duration": _duration,
    "number": _number,
    "choice": _choice,
    "phone": _phone,
    "text": _text,
}


def minutes_of(text: str) -> Parsed:
    """A whole number of minutes, signed ("-30", "+15 min"): a shift."""
    minutes = _minutes_said(text, signed=True, most_digits=6)
    return Parsed(value=minutes) if minutes is not None else Parsed(problem=f"“{text}” is not a number of minutes")
