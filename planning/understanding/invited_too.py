"""People invited in a clause of their own after a booking ("book a design sync with ola thurs at 3, invite ken and
mei too"): they are the booking's attendees, not a second event. Only when the clause opens (after "and", "also" or
polite words) with a verb that adds people (``cues/people_change_verbs``, value ``add``), names people, and says no
time and no event of its own ("invite tom to the review" changes that event; "invite ken to lunch fri" books one)."""

from planning.types import Goal, Slots
from planning.understanding.cues import Words, cues
from planning.understanding.existing import people_change_target

_OPENERS = frozenset({"and", "also", "then", ","})


def invited_too(goal: Goal, text: str, slots: Slots) -> Goal | None:
    """``goal`` with the people ``text`` invites added, when ``text`` only invites people to it; else None."""
    if (goal.intent, goal.entity) != ("create", "event") or slots.when is not None or not slots.people:
        return None
    words = Words.of(text)
    at = 0
    while at < len(words) and (words.words[at] in _OPENERS or words.words[at] in cues("polite_words")):
        at += 1
    verb = cues("people_change_verbs").at(words, at) if at < len(words) else None
    if verb is None or verb.value != "add" or people_change_target(text) is not None:
        return None
    people = tuple(dict.fromkeys([*goal.slots.people, *slots.people]))
    return goal.model_copy(update={"slots": goal.slots.model_copy(update={"people": people})})
