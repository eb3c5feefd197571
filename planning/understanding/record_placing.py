"""A clause that puts the note or task just made on a record: "task for me: send the terms by wed. put it on the
initech account" is one task about the Initech account, not a task and a new account. The clause is a verb of
``placed_on_verbs.txt``, a word pointing back (``commands/data/pointing.txt``), a link of ``placed_on_links.txt``
and a record named before its noun (``record_fields.named_record``); the note or task is then about that record."""

from planning.types import Goal
from planning.understanding.commands.pointing import points_back
from planning.understanding.cues import Words, cues
from planning.understanding.record_fields import named_record

_FILLERS = frozenset(
    {"and", "also", "then", "pls", "please", "plz", "can", "you", "u", "could", "just", "quickly", ",", "."}
)


def record_after_link(words: Words) -> int | None:
    """Where the record starts in words that put something on one ("pls log this on the …": a verb of
    ``placed_on_verbs.txt`` after fillers, a word pointing back, a link of ``placed_on_links.txt``); None otherwise."""
    at = 0
    while at < len(words) and words.words[at] in _FILLERS:
        at += 1
    verb = cues("placed_on_verbs").at(words, at)
    if verb is None or verb.end + 1 >= len(words) or not points_back(words.words[verb.end]):
        return None
    link = cues("placed_on_links").at(words, verb.end + 1)
    return link.end if link is not None else None


def placed_on(goal: Goal, clause: str) -> Goal | None:
    """``goal`` (a new note or task) about the record ``clause`` puts it on; None when the clause does otherwise."""
    if goal.intent != "create" or goal.entity not in ("note", "task"):
        return None
    if record_after_link(Words.of(clause)) is None:
        return None
    named = named_record(clause)
    kind = cues("record_types").value((named[1],)) if named is not None else None
    if named is None or kind is None:
        return None
    name = named[0]
    slots = {"companies": (name,), "people": ()} if kind not in ("Contact", "Lead") else {"people": (name,)}
    return goal.model_copy(
        update={
            "slots": goal.slots.model_copy(update=slots),
            "scope": {**goal.scope, "about_type": kind},
            "text": f"{goal.text}. {clause}",
        }
    )
