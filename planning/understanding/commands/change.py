"""``Change``: after a plan ended, a follow-up on what it made ("make it an hour", "move it to 4pm", "also invite
Tom", "forward that to Maria too", "and tomorrow?")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

Changed = Literal["startTime", "durationMinutes", "addAttendees", "forward", "when"]


@dataclass(frozen=True, slots=True)
class Change:
    """``field``: what changes — the event's start, its length, people added to it, the email sent forwarded to
    someone, or ("when") the earlier request said again at another time; ``value`` as typed."""

    kind: ClassVar[Literal["change"]] = "change"
    field: Changed
    value: str
