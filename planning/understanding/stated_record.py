"""A statement about a record the user already has, giving one of its fields a value, with no verb that asks for
anything ("globex deal closes the 20th now not the 16th", "the acme deal is at 60k now", "initech deal: 40k"): an
update of that record, never a second record of the same name nor a search for it.

What makes it a statement: no action cue and no question cue in the clause (the lexicon's evidence); what makes it
that record: a name of the user's records of the kind read (grounding); what makes it a change: the update reading
finds a new value (an amount, a stage, a status, a field by name, a close date, an address or a number).
"""

from planning.types import Slots
from planning.understanding.grounding import Mention
from planning.understanding.interpret import Reading
from planning.understanding.lexicon import evidence_in

RECORDS = frozenset({"contact", "lead", "account", "deal"})
_ACTION = 2.0  # an intent cue this strong is a verb that asks for something (interpret.STRONG_ENTITY)
STATED_CONFIDENCE = 0.8


def as_update(text: str, reading: Reading, mentions: tuple[Mention, ...]) -> Reading | None:
    """The update ``text`` states of a record it names, read before as a new record or a search; None when it
    asks for something (a verb, a question), names no record of that kind the user has, or is no such reading."""
    if reading.intent not in ("create", "find") or reading.entity not in RECORDS:
        return None
    if not any(reading.entity in mention.entities for mention in mentions):
        return None
    found = evidence_in(text)
    if text.rstrip().endswith("?") or any(e.kind == "question" for e in found):
        return None
    if any(e.kind == "intent" and e.weight >= _ACTION for e in found):
        return None
    why = f"{reading.explanation}; it states a new value of your {reading.entity} -> update/{reading.entity}"
    return Reading("update", reading.entity, max(reading.confidence, STATED_CONFIDENCE), None, why)


def changes_something(slots: Slots) -> bool:
    """Whether an update read with these slots gives any field a new value."""
    said = (slots.amount, slots.stage, slots.status, slots.phone)
    return any(value is not None for value in said) or bool(slots.field_changes or slots.emails)
