"""``RecordChange``: after a plan ended, a change of a field of the CRM record it made, changed or found ("push the
close date to apr 15", "her cell is 617 555 0199", "bump it to 52k")."""

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

# a field of the record (data/record_fields.txt); "date": its date, whichever it has; "owner": the person it is given
# to, by name as typed (looked up by the engine)
RecordField = Literal[
    "dueDate",
    "closeDate",
    "amount",
    "stage",
    "status",
    "phone",
    "email",
    "title",
    "company",
    "subject",
    "date",
    "owner",
]
RECORD_FIELDS: frozenset[str] = frozenset(get_args(RecordField))


@dataclass(frozen=True, slots=True)
class RecordChange:
    """``field`` of the record set to ``value`` as typed (the engine reads it by the field's type). ``also``: other
    fields changed in the same reply ("bump him to contacted, and his email is x@y.com now"). ``shift_days``: a date
    moved by an amount from what it is ("push the close date out two weeks": 14), not to a day said. ``record``: which
    of the records the last plan listed, from 1, when the reply names one by its words ("the acme one, …").
    ``option``: another of the records a lookup of the last plan was picked among, from 0, when the change it made is
    to be made to that one ("update park" after John Smith's phone was changed, Smith picked of the two Johns).
    ``among``: the records listed, from 1, that the reply's words fit when they fit several ("mark the acme one done"
    of two Acme tasks): the change is to one of those, which is asked."""

    kind: ClassVar[Literal["record_change"]] = "record_change"
    field: RecordField
    value: str
    also: tuple[tuple[RecordField, str], ...] = ()
    shift_days: int | None = None
    record: int | None = None
    option: int | None = None
    among: tuple[int, ...] = ()  # the records listed (from 1) the reply's words fit, one of them meant: asked which
