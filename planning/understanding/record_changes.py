"""Several changes of one CRM record in one message are one update of it: "bump the acme deal to 90k and move the
close date to 5/30" changes the amount and the close date of the same deal in one ``update_entity`` (one approval,
one write), not two writes of the same record."""

from planning.types import Goal, Slots

_RECORDS = frozenset({"contact", "lead", "deal", "account"})
_VALUES = ("amount", "stage", "status", "industry", "phone")


def one_change(earlier: Goal, later: Goal) -> Goal | None:
    """``earlier`` with ``later``'s changes too, when both update the same record (same kind, same name; the caller has
    already given a change that names no record the record before it); None otherwise."""
    if not (earlier.intent == later.intent == "update" and earlier.entity == later.entity in _RECORDS):
        return None
    if not _same_record(earlier.slots, later.slots):
        return None
    first, then = earlier.slots, later.slots
    merged: dict[str, object] = {name: getattr(then, name) or getattr(first, name) for name in _VALUES}
    if then.amount is None:
        merged["amount"] = first.amount
    merged["field_changes"] = (*first.field_changes, *then.field_changes)
    merged["emails"] = tuple(dict.fromkeys((*first.emails, *then.emails)))
    return earlier.model_copy(
        update={
            "slots": first.model_copy(update=merged),
            "scope": {**later.scope, **earlier.scope},
            "text": f"{earlier.text} and {later.text}",
        }
    )


def _same_record(first: Slots, then: Slots) -> bool:
    named = [(tuple(n.lower() for n in s.companies[:1]), tuple(n.lower() for n in s.people[:1])) for s in (first, then)]
    return bool(named[0][0] or named[0][1]) and named[0] == named[1]
