"""Reading an answer to a question about a missing value, by the value's type (the understanding's span readers
for times and lengths; formats for addresses and numbers)."""

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Literal

from planning.understanding import phones
from planning.understanding.commands._words import Token, phrases, tokens
from planning.understanding.commands.period_end import period_of_end
from planning.understanding.commands.rough_clock import with_clock_clause
from planning.understanding.names import EMAIL_ADDRESS
from planning.understanding.normalize import clean
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
_BARE_HOUR = re.compile(r"\s*(?:1[0-2]|0?[1-9])\s*\??")
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
    names = tuple(
        name for n in re.split(r",|\band\b|;", rest) if (name := _without_fillers(n)) and re.search(r"[A-Za-z]", name)
    )
    if not found and not names:
        return Parsed(problem="that is not an email address or a name")
    if any("@" in n for n in names):
        return Parsed(problem=f"“{next(n for n in names if '@' in n)}” is not a valid email address")
    return Parsed(value=found, names=names)


def _email(name: str, text: str, now: datetime) -> Parsed:
    found = EMAIL_ADDRESS.fullmatch(text.strip(" <>"))
    return Parsed(value=found.group(0)) if found else Parsed(problem=f"“{text}” is not an email address")


_BARE_CLOCK = re.compile(r"\d{1,2}(?:[:.]\d{2})?")  # a format: "11", "2:30", "11.30"


def bare_clock(text: str) -> str | None:
    """A clock time given as a number alone ("11", "2:30", "11.30"), as the time of day it says ("at 11:30");
    None for anything else. A number alone answering for a time is a time of day, read as "at 11" is."""
    said = text.strip().rstrip(".!")
    head, _, zone = said.partition(" ")
    if zone and _BARE_CLOCK.fullmatch(head) is not None:  # "2 chicago time": the hour in the zone said after it
        return _in_zone(head, zone)
    if _BARE_CLOCK.fullmatch(said) is None:
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
    """A time already past is read as given: a write that would book it asks first (``timing``). A number alone
    ("11", "2:30", "11.30") is a time of day: a bare hour in working hours (contract §2.4)."""
    said = clean(text)
    if _BARE_HOUR.fullmatch(said):  # "11" answering a time question: a bare hour, in working hours (contract §2.4)
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


def _date(name: str, text: str, now: datetime) -> Parsed:
    """A day as an ISO date (a record's close or due date): "April 30", "next Friday", "2026-04-30"."""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
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


def _duration(name: str, text: str, now: datetime) -> Parsed:
    found = find_duration(clean(text))
    if found is not None:
        return Parsed(value=found.minutes)
    bare = re.fullmatch(r"\s*(\d{1,4})\s*(?:m|min|mins|minutes?)?\s*", text, re.I)
    if bare and 0 < int(bare.group(1)) <= 24 * 60:
        return Parsed(value=int(bare.group(1)))
    return Parsed(problem=f"I could not read a length of time in “{text}”")


def _number(name: str, text: str, now: datetime) -> Parsed:
    match = re.fullmatch(r"\s*\$?\s*(\d+(?:[.,]\d+)*)\s*(k|m)?\s*(?:dollars|usd)?\s*", text, re.I)
    if not match:
        return Parsed(problem=f"“{text}” is not a number")
    value = float(match.group(1).replace(",", ""))
    value *= {"k": 1e3, "m": 1e6}.get((match.group(2) or "").lower(), 1.0)
    return Parsed(value=int(value) if name == "limit" else value)


def _choice(name: str, text: str, now: datetime) -> Parsed:
    options = CHOICES.get(name, ())
    wanted = re.sub(r"[\s-]+", "_", text.strip().lower())
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
    match = re.fullmatch(r"\s*([+-]?\d{1,6})\s*(?:m|min|mins|minutes?)?\s*", text, re.I)
    return Parsed(value=int(match.group(1))) if match else Parsed(problem=f"“{text}” is not a number of minutes")
