"""``Decide``: a decision on what is shown or asked (approve, skip, edit, cancel, remove items, …)."""

from dataclasses import dataclass
from typing import ClassVar, Literal

SHOWN = "shown"  # the ``target`` of a decision that points at the card shown ("cancel this one"), not at a kind

Action = Literal["approve", "skip", "edit", "cancel", "remove", "retry", "done", "another_time"]


@dataclass(frozen=True, slots=True)
class Decide:
    """``remove``: ``numbers`` are the items taken out; ``approve`` with ``numbers``: the items a clause approved by
    their description ("send marta's, hold kwame's"), the others as the rest of the reply leaves them; ``edit``:
    ``field`` set to ``value``; ``retry`` / ``done``: a write whose outcome is unknown runs again / went through;
    ``another_time``: a start that passed is replaced.
    ``adding``: an edit that adds ``value`` to the text there ("add a note: …"), not one that replaces it;
    ``before``: added above that text ("add a line on top: …"), not after it.
    ``target``: the kind of thing the decision names ("skip the email": "email"), data/step_things.txt; ``SHOWN``
    for the card pointed at ("cancel this one").
    ``one_occurrence``: an approval said for one occurrence of a repeating event ("yes, just today").
    ``covering``: an approval said for every card of the plan, the one shown and those still to come ("yes both",
    "all good, send them"): :mod:`._covering`.
    ``only``: an approval of the one shown alone ("just the email"): the plan's later changes wait for their own.
    ``unsure_which``: an approval said in words of a yes at a card that found the thing already there: whether
    another one or the existing one is meant is not said (data/approve_key.txt).
    ``step``: the id of a later step of the plan the decision names by its words ("skip the priya move" at the card
    of another step: :mod:`._steps_named`)."""

    kind: ClassVar[Literal["decide"]] = "decide"
    action: Action
    numbers: tuple[int, ...] = ()
    field: str | None = None
    value: str | None = None
    adding: bool = False
    before: bool = False
    target: str | None = None
    one_occurrence: bool = False
    covering: bool = False
    only: bool = False
    unsure_which: bool = False
    step: str | None = None
