"""``Pick``: one of the things shown, by its number, by what it is ("the one from Initech"), or a named choice."""

from dataclasses import dataclass
from typing import ClassVar, Literal

ChoiceKey = Literal["free_slot", "use_existing", "create_another", "new", "answer"]
Side = Literal["after", "before"]


@dataclass(frozen=True, slots=True)
class Pick:
    """``index``: the option picked, from 1 as shown; ``key``: a named choice instead (the next free slot, the
    existing record, another one anyway; after "sounds like a new request": "new" or "answer"); ``at``: a free slot
    said by its time ("2pm") that starts inside the free time shown, not at one of its slots' starts; ``beside``: a free
    time said by the meeting it follows or comes before ("the one right after my standup": ("after", "standup"));
    ``title``: the name the reply gives what it books ("…, call it roadmap sync")."""

    kind: ClassVar[Literal["pick"]] = "pick"
    index: int | None = None
    key: ChoiceKey | None = None
    at: str | None = None  # a free time picked by saying a time inside those shown ("2pm"): its start, ISO
    beside: tuple[Side, str] | None = None
    title: str | None = None
