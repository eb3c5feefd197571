"""A clause that only changes more fields of the CRM record the goal before it updates ("move the acme deal to
negotiation and make the amount 52k", "…, close date is now the 30th", "…, and her cell is 415 555 0142"): read as
a follow-up on that record is (:mod:`planning.understanding.commands._record_followups`), its values are added to
that update, not dropped as a request of no kind."""

from planning.types import Goal, Slots
from planning.understanding import values
from planning.understanding.commands._record_followups import record_change
from planning.understanding.commands._words import Reply

_RECORDS = frozenset({"contact", "lead", "deal", "account"})
_FIELD_WORDS = {"closeDate": "close date", "dueDate": "due date", "title": "title", "company": "company"}


def more_changes(goal: Goal, text: str) -> Goal | None:
    """``goal`` with the field changes ``text`` says too, when ``goal`` updates a CRM record and every value of
    ``text`` reads as one of a field's kind; None otherwise."""
    if goal.intent != "update" or goal.entity not in _RECORDS:
        return None
    change = record_change(Reply.of(text))
    if change is None or change.shift_days is not None:
        return None
    slots = goal.slots
    update: dict[str, object] = {}
    changes = list(slots.field_changes)
    for field, value in ((change.field, change.value), *change.also):
        read = _read(field, value, slots)
        if read is None:
            return None
        update.update(read[0])
        changes.extend(read[1])
    update["field_changes"] = tuple(changes)
    return goal.model_copy(update={"slots": slots.model_copy(update=update), "text": f"{goal.text} and {text}"})


def _read(field: str, value: str, slots: Slots) -> tuple[dict[str, object], list[tuple[str, str]]] | None:
    """The slots one field's value fills, and the field changes it adds; None when it reads as no such value."""
    if field == "amount":
        amount = values.amount(value) or _plain_number(value)
        return ({"amount": amount}, []) if amount is not None else None
    if field in ("stage", "status"):
        named = values.stage(value) if field == "stage" else values.status(value)
        return ({field: named}, []) if named is not None else None
    if field == "phone":
        return {"phone": value}, []
    if field == "email":
        return {"emails": (value, *slots.emails)}, []
    words = _FIELD_WORDS.get(field)
    return ({}, [(words, value)]) if words is not None else None


def _plain_number(value: str) -> float | None:
    digits = value.replace(",", "").removeprefix("$").strip()
    try:
        return float(digits)
    except ValueError:
        return None
