"""``Change``: after a plan ended, a follow-up on what it made ("make it an hour", "move it to 4pm", "also invite
Tom", "forward that to Maria too", "and tomorrow?")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

Changed = Literal[
    "startTime",
    "durationMinutes",
    "addAttendees",
    "removeAttendees",
    "delete",
    "forward",
    "when",
    # a field of the CRM record the last plan made or changed (data/record_fields.txt); "date": its date, whichever
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
]
RECORD_CHANGES: frozenset[str] = frozenset(
    {"dueDate", "closeDate", "amount", "stage", "status", "phone", "email", "title", "company", "subject", "date"}
)


@dataclass(frozen=True, slots=True)
class Change:
    """``field``: what changes — the event's start, its length, people added to it, the event itself ("delete": taken
    off the calendar), the email sent forwarded to
    someone, ("when") the earlier request said again at another time, or a field of the record the last plan made or
    changed (``RECORD_CHANGES``); ``value`` as typed. ``also``: another change said with it ("add Maria to it but
    take John off": the people taken off). ``shift_days``: a record's date moved by an amount from what it is ("push
    the close date out two weeks": 14), not to a day said. ``record``: which of the records the last plan listed the
    change is for, from 1, when the reply names one by its words ("the acme one, bump it to 52k")."""

    kind: ClassVar[Literal["change"]] = "change"
    field: Changed
    value: str
    also: tuple[tuple[Changed, str], ...] = ()
    shift_days: int | None = None
    record: int | None = None
