"""``Change``: after a plan ended, a follow-up on what it made ("make it an hour", "move it to 4pm", "also invite
Tom", "forward that to Maria too", "and tomorrow?")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

Changed = Literal[
    "startTime",
    "durationMinutes",
    "location",
    "addAttendees",
    "removeAttendees",
    "delete",
    "forward",
    "resend",
    "when",
    "beside",
    "correction",
    "mail",
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
    off the calendar), the email sent forwarded to someone ("resend": sent again as a new email of the same subject
    and text), ("when") the earlier request said again at another time, or a field of the record the last plan made
    or changed (``RECORD_CHANGES``); ``value`` as typed. ``also``: another change said with it ("add Maria to it but
    take John off": the people taken off). ``shift_days``: a record's date moved by an amount from what it is ("push
    the close date out two weeks": 14), not to a day said. ``record``: which of the records the last plan listed the
    change is for, from 1, when the reply names one by its words ("the acme one, bump it to 52k").
    ``shift_minutes``: the event's start ("push it back 15": 15) or length ("extend it by 15") moved by an amount,
    not set to a value (``value`` then says it as ``by_amount`` reads it). ``one_occurrence``: the change is for one
    occurrence of a repeating event ("…, just today"), not the series. ``field`` "mail": the mail the reply describes
    gets the change the last plan made to mail. ``replaces``: for a "correction" of the email
    sent, the wrong words it said (``value``: the right ones). ``field`` "beside": a new booking placed next to what
    was shown (``value``: "after", "before" or "at" it; what it books is the reply read as a request)."""

    kind: ClassVar[Literal["change"]] = "change"
    field: Changed
    value: str
    also: tuple[tuple[Changed, str], ...] = ()
    shift_days: int | None = None
    record: int | None = None
    shift_minutes: int | None = None
    one_occurrence: bool = False
    replaces: str = ""


def by_amount(value: str) -> int | None:
    """The minutes of a value that moves a start or a length by an amount, as the reader writes it ("+15 minutes",
    "-30 minutes"); None for a value said as what it becomes ("45 minutes", "4pm")."""
    sign, _, rest = value.strip().partition(" ")
    if sign[:1] not in ("+", "-") or not sign[1:].isdigit() or rest != "minutes":
        return None
    return int(sign)
