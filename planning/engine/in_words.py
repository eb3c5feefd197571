"""Values of a step said in words for the person: "the start time", "Wed 11 Mar, 15:00 EDT", "45 minutes"; never
an argument name or an ISO time. Used where the conversation tells what changed or what ran."""

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.answers import value_type
from planning.engine.repeats import repeat_in_words
from planning.engine.targets import money, when_text
from planning.engine.wording import name_in_words

LABELS = {
    "body": "text of the email",
    "subject": "subject",
    "to": "recipient",
    "cc": "Cc",
    "startTime": "start time",
    "durationMinutes": "length",
    "title": "title",
    "name": "name",
    "company": "company",
    "email": "email address",
    "attendees": "attendees",
    "windowStart": "earliest time",
    "windowEnd": "latest time",
    "messageId": "message",
    "location": "location",
    "amount": "amount",
    "close_date": "close date",
    "addAttendees": "people to invite",
    "removeAttendees": "people to take off",
    "optionalAttendees": "optional attendees",
    "recurrence": "repeat",
}


_OF_TOOL = {("create_entity", "body"): "text of the note"}  # a field named the same in a mail: "text of the email"


def label(name: str, tool: str | None = None) -> str:
    """What a value is called for the person; ``tool``: the step's, where the same name means another thing."""
    return _OF_TOOL.get((tool or "", name)) or LABELS.get(name) or name_in_words(name)


def value_in_words(name: str, value: Any, tz: str) -> str:
    kind = value_type(name)
    if kind == "datetime" and isinstance(value, str):
        return when_text(value, _zone(tz))
    if kind == "duration" and isinstance(value, int | float):
        return _minutes(int(value))
    if kind == "number" and name == "amount":
        return money(value)
    if name == "recurrence" and isinstance(value, str):  # "every 2 weeks on Tuesday", never the rule's code
        return repeat_in_words(value)
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    if isinstance(value, dict):  # a record's fields: each in its own words ("email x@y.com, status contacted")
        return ", ".join(f"{label(key).lower()} {value_in_words(key, item, tz)}" for key, item in value.items())
    return f"“{value}”" if kind == "text" else str(value)


def day_in_words(start: datetime, end: datetime | None) -> str:
    """ "on Fri 13 Mar (12:00–17:00)", "on Fri 13 Mar", "between Mon 16 Mar and Sun 22 Mar": a window of time."""
    if end is None or end <= start:
        return f"on {_day(start.date())}"
    last = end - timedelta(microseconds=1)
    if last.date() != start.date():
        return f"between {_day(start.date())} and {_day(last.date())}"
    if (start.hour, start.minute) == (0, 0) and (end.hour, end.minute) == (0, 0):
        return f"on {_day(start.date())}"
    return f"on {_day(start.date())} ({start:%H:%M}–{end:%H:%M})"


def _day(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b}"


def _minutes(minutes: int) -> str:
    hours, rest = divmod(minutes, 60)
    if hours and rest:
        return f"{hours} h {rest} min"
    if hours:
        return "1 hour" if hours == 1 else f"{hours} hours"
    return f"{rest} minutes"


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
