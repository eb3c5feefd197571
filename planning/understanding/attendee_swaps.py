"""A bare attendee change after one on an event is more of the same change: "take Sarah off the Acme call and add
John Smith" is one change of the Acme call's attendees (John added, Sarah removed), not a new event "John Smith"."""

import re
from typing import Literal

from planning.types import Goal
from planning.understanding import names
from planning.understanding.cues import Words, cues

_BARE_CHANGE = re.compile(
    r"^(?:and\s+|then\s+|also\s+|but\s+)*(?:please\s+)?(?:(?P<add>add|invite|include|bring in|loop in)|"
    r"(?P<remove>remove|drop|take|uninvite))\s+(?P<who>.+?)(?:\s+(?:off|out|instead|too|as well))?\s*[.!]*$",
    re.I,
)


def bare_change(text: str) -> tuple[Literal["add", "remove"], tuple[str, ...], tuple[str, ...]] | None:
    """ "add John Smith", "and invite tom@x.com too" → (change, names, addresses); None when the clause says more
    than who is added or removed (an event, a time, a record of its own)."""
    said = Words.of(text.strip().rstrip(".!"))
    pointing = cues("change_pointing_tails").ending(said.words)  # "… and take Sarah off it": the event just named
    if pointing is not None and pointing.start > 0:
        text = said.text_of(0, pointing.start)
    match = _BARE_CHANGE.match(text.strip())
    if match is None:
        return None
    who = match.group("who")
    addresses = tuple(names.email_addresses(who))
    rest = names.EMAIL_ADDRESS.sub(" ", who)
    found = [person.text for person in names.people(rest)]
    listed = names.listed(rest)
    people = tuple(listed or found)  # the span holds only people: "John Smith" whole, not "Smith"
    left = rest
    for name in people:
        left = left.replace(name, " ")
    if not (people or addresses) or re.sub(r"\b(?:and|or|&)\b|[,\s]", "", left):
        return None  # something besides the people: not a bare change
    return ("add" if match.group("add") else "remove"), people, addresses


def joined(earlier: Goal, text: str) -> Goal | None:
    """``earlier`` (an attendee change on an event) with the bare change ``text`` added to it; None when ``text``
    is no bare change or ``earlier`` changes no attendees."""
    if (earlier.intent, earlier.entity) != ("update", "event") or earlier.scope.get("attendees_change") is None:
        return None
    change = bare_change(text)
    if change is None:
        return None
    kind, people, addresses = change
    also = dict(earlier.scope.get("attendees_also") or {})
    also[kind] = {
        "people": [*also.get(kind, {}).get("people", []), *people],
        "emails": [*also.get(kind, {}).get("emails", []), *addresses],
    }
    return earlier.model_copy(update={"scope": {**earlier.scope, "attendees_also": also}})
