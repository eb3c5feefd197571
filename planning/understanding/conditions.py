"""Conditions on the calendar that decide whether an action runs (contract §2.6 ``run_if``).

"if my Thursday 11am is open, set up a meeting with Priya", "book it at 3 if I'm free", "book it at 9, or at 3 if 9
is taken": the condition is split off the request before the goals are read; it becomes a check of that time on the
calendar and ``run_if`` on the action, not a goal of its own (contract §2.1).

The words are cue lists in ``data/cues`` (``condition_leads``, ``calendar_states`` …); the order of the parts
(condition, comma, action; action, condition; action, "or" another time, condition) is the grammar here.
"""

import re
from dataclasses import dataclass

from planning.understanding.cues import Found, Words, cues
from planning.understanding.timewords import MONTHS, WEEKDAYS

_DATE = re.compile(r"\b(?:\d{1,2}/\d{1,2}|\d{4}-\d{2}-\d{2})\b")  # "3/14", "2026-03-14"
_END_MARKS = frozenset(".!?")


@dataclass(frozen=True, slots=True)
class CalendarCondition:
    """A check of the calendar: ``text`` names the time; the action runs when that time is free (``wants_free``)
    or when it is taken."""

    text: str
    wants_free: bool


@dataclass(frozen=True, slots=True)
class Guarded:
    """A request split into the action and what guards it. ``fallback`` is the other time of "X at 9, or at 3 if
    9 is taken": the action at ``fallback`` runs when ``condition`` (9 is taken) holds and that time is free."""

    action: str
    condition: CalendarCondition | None = None
    fallback: str | None = None


def split_segments(text: str) -> list[Guarded]:
    """The request cut before each "if"/"unless" that starts a calendar condition ("check Thursday, and if I'm
    free at 2 book it"), each part with its own condition; a question about the calendar followed by "if so" is the
    condition of what follows."""
    words = Words.of(text)
    asked = _asked_then(words)
    if asked is not None:
        return asked
    parts, last = [], 0
    for lead in cues("condition_leads").find_all(words, 1):
        cut = lead.start
        if cut > 0 and words.words[cut - 1] in cues("condition_joins"):
            cut -= 1
        start, end = words.char_start(cut), words.char_start(lead.start)
        if start <= last or _asked(words, lead.start) or split_condition(text[end:]).condition is None:
            continue
        parts.append(text[last:start])
        last = end
    parts.append(text[last:])
    segments = [split_condition(part.strip(" ,;")) for part in parts if part.strip(" ,;")]
    return segments or [Guarded(text)]  # only punctuation: the request as it is


_QUESTION_ENDS = frozenset({"?", ",", ".", ";"})


def _asked_then(words: Words) -> list[Guarded] | None:
    """ "am i free wed at 11? if so set up a call w dana" (data/cues/condition_back_leads.txt after the question):
    the action, run when the time asked about is free (or, after "if not", taken). A question of another kind ("did
    priya get back to me about the summit? if so block an hour w her wed"): the question, then the action on its own,
    its card shown after the answer for the person to decide. None for any other request."""
    for index, word in enumerate(words.words):
        back = cues("condition_back_leads").at(words, index + 1) if word in _QUESTION_ENDS else None
        if back is None:
            continue
        if cues("condition_leads").find(words, 0, index) is not None:  # "if i'm free at 4 can u …? if …": its own
            return None
        question = words.text_of(0, index + 1).strip()
        condition = _read(words.text_of(0, index), negated=back.value == "unless")
        start = back.end
        while start < len(words) and words.words[start] in (",", "then", "-"):
            start += 1
        if start >= len(words):
            return None
        action = words.text_of(start, _condition_end(words)).strip()
        if condition is None:
            return [Guarded(question), Guarded(action)] if back.value != "unless" else None
        return [Guarded(action, condition)]
    return None


def split_condition(text: str) -> Guarded:
    """The action and its calendar condition; a request with no such condition comes back whole."""
    words = Words.of(text)
    fallback = _fallback(words)
    if fallback is not None:
        return fallback
    trailing = _trailing(words)
    found = _leading(words) + ([trailing] if trailing is not None else [])
    # "if I'm free at 2 book a call, then email her": the condition ends where the first action starts
    return min(found, key=lambda g: len(g.condition.text) if g.condition else 0, default=Guarded(text))


def _condition_end(words: Words) -> int:
    """The end of the words without one closing mark ("… if I'm free." → "… if I'm free")."""
    end = len(words)
    return end - 1 if end and words.words[end - 1] in _END_MARKS else end


def _fallback(words: Words) -> Guarded | None:
    """ "book it at 9, or at 3 if 9 is taken": the action, the other time, and the condition (a busy one)."""
    for alt in cues("fallback_words").find_all(words, 1):
        if alt.end >= len(words) or words.words[alt.end] not in cues("fallback_time_leads"):
            continue
        lead = next((i for i in range(alt.end + 2, len(words) - 1) if words.words[i] == "if"), None)
        if lead is None:
            continue
        condition = _read(words.text_of(lead + 1, _condition_end(words)), negated=False)
        if condition is None or condition.wants_free:
            return None
        action_end = alt.start - 1 if words.words[alt.start - 1] == "," else alt.start
        return Guarded(words.text_of(0, action_end).strip(), condition, words.text_of(alt.end, lead).strip())
    return None


def _leading(words: Words) -> list[Guarded]:
    """ "if my Thursday 11am is open, set up a meeting", "if I'm free at 2 book a call": read up to the first
    comma, and up to the first action verb."""
    lead = cues("condition_leads").at(words, 0)
    if lead is None:
        return []
    found: list[Guarded | None] = []
    comma = next((i for i in range(lead.end + 1, len(words)) if words.words[i] == ","), None)
    if comma is not None:
        action = comma + 1
        if action < len(words) and words.words[action] == "then":
            action += 1
        if action < len(words):
            found.append(_guarded(lead, words.text_of(lead.end, comma), words.text_of(action)))
    for start in range(lead.end + 1, len(words)):  # the action starts with its verb
        action = start + 1 if words.words[start] == "then" else start
        if cues("condition_action_verbs").at(words, action) is not None:
            found.append(_guarded(lead, words.text_of(lead.end, start), words.text_of(action)))
            break
    return [g for g in found if g is not None]


def _trailing(words: Words) -> Guarded | None:
    """ "book it at 3 if I'm free", "schedule it, but only if nothing is on"."""
    for lead in cues("condition_leads").find_all(words, 1):
        end = lead.start
        if _asked(words, lead.start):
            continue
        if words.words[end - 1] == "but":
            end -= 1
        if end > 0 and words.words[end - 1] == ",":
            end -= 1
        if end == 0 or lead.end >= _condition_end(words):
            continue
        return _guarded(lead, words.text_of(lead.end, _condition_end(words)), words.text_of(0, end))
    return None


_ASKED_GAP = 3  # at most this many words (the person asked: "her", "dana", "peter gibbons") between "ask" and "if"


def asks_whether(text: str) -> bool:
    """Whether the request asks to find something out ("can u check if tom is free at 3"): a question, said as a
    request."""
    words = Words.of(text)
    return any(word == "if" and _checked(words, index) for index, word in enumerate(words.words))


def _checked(words: Words, at: int) -> bool:
    """Whether a verb that asks to find out stands right before word ``at`` (data/cues/checking_verbs.txt)."""
    return any(found.end == at for found in cues("checking_verbs").find_all(words.words[:at]))


def _asked(words: Words, at: int) -> bool:
    """Whether the "if" at word ``at`` opens what someone is asked ("ask if she's free", "ask peter gibbons if he's
    free thursday"): the words of a message, never a condition on the calendar; or what the request asks to find
    out ("can u check if priya is free fri morning", data/cues/checking_verbs.txt right before it)."""
    if _checked(words, at):
        return True
    verbs = cues("reporting_verbs")
    for back in range(1, _ASKED_GAP + 2):
        index = at - back
        if index < 0 or words.words[index] in (",", ";", ".", "and"):
            return False
        found = verbs.at(words, index)
        if found is not None and found.value == "ask":
            return True
    return False


def _guarded(lead: Found, condition: str, action: str) -> Guarded | None:
    read = _read(condition, negated=lead.value == "unless")
    return Guarded(action.strip(), read) if read is not None else None


def _read(text: str, *, negated: bool) -> CalendarCondition | None:
    """A condition about free or taken time; None for any other condition ("if John agrees")."""
    state = cues("calendar_states").earliest_line(Words.of(text))
    if state is None:
        return None
    return CalendarCondition(text.strip(), wants_free=(state.value == "free") != negated)


def names_a_day(text: str) -> bool:
    """Whether a time expression says which day (a bare "10" or "3pm" does not: it takes the action's day)."""
    said = Words.of(text).words
    days = cues("day_namers")
    return any(w in WEEKDAYS or w in MONTHS or w in days for w in said) or _DATE.search(text) is not None
