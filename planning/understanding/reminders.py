"""A reminder to do some CRM work on a day, with no time of day, is a CRM task due that day ("remind me to review
Sarah's renewal proposal on Friday", "… by Friday"); with a time of day, or a reminder of an event or a personal
errand, it stays a calendar entry ("remind me to renew the domain Wednesday at 3pm", "… about my test on Friday")."""

import re
from dataclasses import replace
from datetime import datetime, timedelta

from planning.understanding import names
from planning.understanding.interpret import Reading
from planning.understanding.timeexpr import find_duration, read_times

# "remind me (on Friday) to X", "remember to X", "don't forget to X": something to do, not "remind me about X"
_TO_DO = re.compile(
    r"\b(?:remind me|remember|(?:don'?t|do not) (?:let me )?forget)\b(?:(?!\b(?:about|of)\b)[^.?!]){0,30}?"
    r"\bto\s+(?P<what>[^.?!]+)",
    re.I,
)
# what is itself an event: a reminder of it belongs on the calendar
_AN_EVENT = re.compile(
    r"\b(?:meet|meeting|lunch|dinner|breakfast|brunch|coffee|appointment|interview|party|birthday|test|exam|"
    r"class|flight|concert|game|every|each)\b",
    re.I,
)
_CRM_THING = re.compile(
    r"\b(?:deal|account|lead|contact|proposal|contract|quote|invoice|renewal|opportunity|pricing|pipeline|"
    r"customer|client|prospect)s?\b",
    re.I,
)


def untimed_reminder(text: str, reading: Reading, now: datetime) -> Reading:
    """``reading`` as a task when it creates a reminder to do CRM work (someone named, a company, a deal, a
    contract …) on a whole day with no time of day; else ``reading``."""
    if (reading.intent, reading.entity) != ("create", "event"):
        return reading
    to_do = _TO_DO.search(text)
    if to_do is None or _AN_EVENT.search(to_do.group("what")) or find_duration(text) is not None:
        return reading
    times = read_times(text, now).times
    whole_days = bool(times) and all(
        not t.has_clock_time and t.end is not None and t.end - t.start <= timedelta(days=1, hours=1) for t in times
    )
    crm_work = bool(names.people(to_do.group("what")) or _CRM_THING.search(to_do.group("what")))
    if not (whole_days and crm_work):
        return reading
    why = f"{reading.explanation}; a reminder to do CRM work on a day, with no time of day, is a task due that day"
    return replace(reading, entity="task", explanation=why)
