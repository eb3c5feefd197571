"""A follow-up that changes the CRM record the last plan made, changed or found: each clause read for a field and its
value ("bump him to contacted, and his email is x@y.com now": the status, then the email), the field named by its
words ("her cell is …") or told by the value's form ("… (415) 555-0142, update it"); a clause that only says which
record or why ("the acme one is slipping, push its close date out") changes nothing and is passed over."""

from planning.understanding.commands import _followups
from planning.understanding.commands._typed_fields import clauses, starts_a_request, typed_change
from planning.understanding.commands._words import Reply
from planning.understanding.commands.record_change import RecordChange


def record_change(reply: Reply) -> RecordChange | None:
    """The changes the reply says, the first as the change and the others as its ``also``, one per field; None when
    no clause reads as one, or a clause starts a request of its own ("book a call with her, her cell is …")."""
    whole = _one(reply)
    parts = clauses(reply)
    if len(parts) < 2:
        return whole
    if any(starts_a_request(part) for part in parts):
        return whole
    found: list[RecordChange] = []
    for part in parts:
        change = _one(part)
        if change is not None and all(change.field != earlier.field for earlier in found):
            found.append(change)
    if not found or (whole is not None and len(found) < 2):
        return whole
    first, *others = found
    return RecordChange(
        first.field,
        first.value,
        also=tuple((other.field, other.value) for other in others),
        shift_days=first.shift_days,
    )


def _one(reply: Reply) -> RecordChange | None:
    """One field's change: named by its words, else told by the value's form; where both read the same address or
    phone number, the value its form bounds ("his email is actually a@b.com": the address alone)."""
    named, typed = _followups.record_field(reply), typed_change(reply)
    if named is not None and typed is not None and named.field == typed.field and typed.field in ("email", "phone"):
        return typed
    if typed is not None and typed.shift_days is not None and (named is None or named.field == typed.field):
        return typed  # "push the close date out two weeks": a move by an amount, not to a day
    return named or typed
