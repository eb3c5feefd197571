"""A reminder to do some CRM work on a day, with no time of day, is a CRM task due that day ("remind me to review
Sarah's renewal proposal on Friday", "… by Friday"); with a time of day, or a reminder of an event or a personal
errand, it stays a calendar entry ("remind me to renew the domain Wednesday at 3pm", "… about my test on Friday")."""

from dataclasses import replace
from datetime import datetime, timedelta

from planning.understanding import names
from planning.understanding.cues import Words, cues
from planning.understanding.interpret import Reading
from planning.understanding.timeexpr import find_duration, read_times

_GAP_CHARS = 30  # at most this many characters between the words that open a reminder and its "to"
_ENDS = frozenset(".?!")


def _to_do(text: str) -> str | None:
    """What a reminder says to do: "remind me (on Friday) to X", "remember to X", "don't forget to X" → "X" (up to
    the end of the sentence); ``None`` for "remind me about X" and for text with no such reminder."""
    words = Words.of(text)
    lead = cues("reminder_to_do_leads").find(words)
    if lead is None:
        return None
    for index in range(lead.end, len(words)):
        word = words.words[index]
        if (
            word in _ENDS
            or word in ("about", "of")
            or words.char_start(index) - words.char_end(lead.end - 1) > _GAP_CHARS + 1
        ):
            return None
        if word == "to" and index + 1 < len(words) and words.words[index + 1] not in _ENDS:
            end = next((i for i in range(index + 1, len(words)) if words.words[i] in _ENDS), len(words))
            return words.text_of(index + 1, end)
    return None


def untimed_reminder(text: str, reading: Reading, now: datetime) -> Reading:
    """``reading`` as a task when it creates a reminder to do CRM work (someone named, a company, a deal, a
    contract …) on a whole day with no time of day; else ``reading``."""
    if (reading.intent, reading.entity) != ("create", "event"):
        return reading
    to_do = _to_do(text)
    if to_do is None or cues("reminder_events").in_text(to_do) or find_duration(text) is not None:
        return reading
    times = read_times(text, now).times
    whole_days = bool(times) and all(
        not t.has_clock_time and t.end is not None and t.end - t.start <= timedelta(days=1, hours=1) for t in times
    )
    crm_work = bool(names.people(to_do) or cues("reminder_crm_things").in_text(to_do))
    if not (whole_days and crm_work):
        return reading
    why = f"{reading.explanation}; a reminder to do CRM work on a day, with no time of day, is a task due that day"
    return replace(reading, entity="task", explanation=why)
