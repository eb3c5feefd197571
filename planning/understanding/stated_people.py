"""A pronoun for a person in a request, pointing back to the one person the same message named where it asked nothing:
"laura wants to go through the redlines next week. set up an hour w her and dana mon the 9th at 1" invites Laura and
Dana. The statement is dropped as asking nothing (a reason, a remark); the person it names is still who "her" is."""

from planning.types import Goal, Slots
from planning.understanding.cues import cues


def pointed_to_stated(text: str, slots: Slots, stated: list[str], goals: list[Goal]) -> Slots:
    """``slots`` of the request ``text`` with the one person ``stated`` before it added, when ``text`` says a pronoun
    for a person and no request before it (``goals``) named anyone; else ``slots``."""
    if len(stated) != 1 or stated[0] in slots.people or any(g.slots.people or g.slots.emails for g in goals):
        return slots
    if not cues("person_pronouns").in_text(text):
        return slots
    return slots.model_copy(update={"people": (*slots.people, stated[0])})
