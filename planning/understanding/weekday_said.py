"""A weekday said alone to move an event ("actually make it wed", "push it to fri at 4", "thurs 2pm works better"):
the day of that name in the week of the event being moved, or, when that one has passed, the next one after today.
Read against today instead, "fri" would be this week's Friday for an event booked for next Thursday. A weekday said
with which week it is ("next friday", "friday the 13th", "tomorrow") is read as said. Words live in
``data/cues/day_namers.txt`` and ``explicit_day_words.txt``; weekday and month names in ``timewords``."""

from datetime import date, datetime, timedelta

from planning.understanding.cues import Words, cues
from planning.understanding.timewords import MONTH_NAMES, MONTHS, PLURAL_WEEKDAYS, WEEKDAYS

_ORDINAL_ENDS = ("st", "nd", "rd", "th")


def weekday_alone(value: str) -> int | None:
    """The weekday (Monday 0) ``value`` names without saying which week; None when it names none, several, a
    repeat ("fridays"), or says the week or the date too."""
    words = Words.of(value).words
    days = {WEEKDAYS[word] for word in words if word in WEEKDAYS and word not in PLURAL_WEEKDAYS}
    if len(days) != 1 or any(word in PLURAL_WEEKDAYS for word in words):
        return None
    namers, explicit = cues("day_namers"), cues("explicit_day_words")
    if any(word in namers or word in explicit or word in MONTHS or _day_of_month(word) for word in words):
        return None
    return days.pop()


def in_week_of(value: str, moved: datetime, now: datetime) -> str:
    """``value`` with a weekday said alone written as the date it means for an event starting at ``moved`` ("fri at
    4" → "March 13 at 4", "thu 9-11" → "March 12 at 9-11"); ``value`` itself otherwise."""
    day = weekday_alone(value)
    if day is None:
        return value
    when = day_meant(day, moved.astimezone(now.tzinfo).date(), now.date())
    said = Words.of(value)
    at = next(i for i, word in enumerate(said.words) if WEEKDAYS.get(word) == day)
    named = f"{MONTH_NAMES[when.month - 1]} {when.day}"
    after = value[said.char_end(at) :]
    if after.lstrip()[:1].isdigit():  # "thursday 9-11" → "March 5 at 9-11": the hours never read as the day's number
        named += " at"
    return value[: said.char_start(at)] + named + after


def day_meant(day: int, moved: date, today: date) -> date:
    """The day named ``day`` in the week of ``moved``; the next one after ``today`` when that one has passed."""
    in_week = moved - timedelta(days=moved.weekday()) + timedelta(days=day)
    if in_week >= today:
        return in_week
    return today + timedelta(days=(day - today.weekday()) % 7 or 7)


def _day_of_month(word: str) -> bool:
    """ "13th", "1st", "3/12": a date said with the weekday."""
    return "/" in word or (word[:-2].isdigit() and word[-2:] in _ORDINAL_ENDS)
