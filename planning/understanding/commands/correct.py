"""``Correct``: an earlier value of the open plan changed ("actually make it 4pm", "send it to Priya instead")."""

from dataclasses import dataclass
from typing import ClassVar, Literal

OWNER = "owner"  # the field of a record given to someone ("put it on john smith not me")
KIND = "entityType"  # the kind of the record a card makes ("make her a contact instead" at a new lead's card)
REQUESTER = "me"  # the value of an owner that is the requester ("put it on me"): the record is theirs, no owner set


@dataclass(frozen=True, slots=True)
class Correct:
    """``field``: the argument the reply named ("subject", "startTime"; "to" or "attendees" for people), None when it
    named none (the value goes where it fits). ``people``: the value names the people who replace the recipients or
    the attendees (``field`` None: whichever the plan has); with ``adding`` they join them ("… as well"); with
    ``removing`` they are taken off them ("drop Tom"). ``replaces``: the words said as replaced ("friday not
    thursday": "thursday"), where a text holding them has them changed. A ``field`` of ``OWNER``: the person the
    record is given to, by name as typed (looked up by the engine), or ``REQUESTER``; of ``KIND``: the kind of record
    (``Contact``) the card's new record is made as instead."""

    kind: ClassVar[Literal["correct"]] = "correct"
    value: str
    field: str | None = None
    people: bool = False
    adding: bool = False
    removing: bool = False
    replaces: str | None = None
