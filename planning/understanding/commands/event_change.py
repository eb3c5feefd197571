"""``EventChange``: after a plan ended, or at the card of a step on an event, a change of the event ("make it an
hour", "move it to 4pm", "also invite Tom", "push it back 15", "cancel it")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

EventField = Literal["startTime", "durationMinutes", "location", "title", "addAttendees", "removeAttendees", "delete"]


@dataclass(frozen=True, slots=True)
class EventChange:
    """``field``: what changes — the event's start, its length, its place, its title, people added to it or taken off
    it, or the event itself ("delete": taken off the calendar); ``value`` as typed. ``also``: other changes said
    with it ("add Maria to it but take John off": the people taken off). ``shift_minutes``: the start ("push it back
    15": 15) or the length ("extend it by 15") moved by an amount, not set to a value (``value`` then says it as
    ``by_amount`` reads it). ``one_occurrence``: the change is for one occurrence of a repeating event ("…, just
    today")."""

    kind: ClassVar[Literal["event_change"]] = "event_change"
    field: EventField
    value: str
    also: tuple[tuple[EventField, str], ...] = ()
    shift_minutes: int | None = None
    one_occurrence: bool = False


def by_amount(value: str) -> int | None:
    """The minutes of a value that moves a start or a length by an amount, as the reader writes it ("+15 minutes",
    "-30 minutes"); None for a value said as what it becomes ("45 minutes", "4pm")."""
    sign, _, rest = value.strip().partition(" ")
    if sign[:1] not in ("+", "-") or not sign[1:].isdigit() or rest != "minutes":
        return None
    return int(sign)
