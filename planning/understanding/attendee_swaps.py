"""A bare attendee change after one on an event is more of the same change: "take Sarah off the Acme call and add
John Smith" is one change of the Acme call's attendees (John added, Sarah removed), not a new event "John Smith"."""

from typing import Literal

from planning.types import Goal
from planning.understanding import names
from planning.understanding.cues import Words, cues


def bare_change(text: str) -> tuple[Literal["add", "remove"], tuple[str, ...], tuple[str, ...]] | None:
    """ "add John Smith", "and invite tom@x.com too" → (change, names, addresses); None when the clause says more
    than who is added or removed (an event, a time, a record of its own)."""
    said = Words.of(text.strip().rstrip(".!"))
    pointing = cues("change_pointing_tails").ending(said.words)  # "… and take Sarah off it": the event just named
    if pointing is not None and pointing.start > 0:
        said = Words.of(said.text_of(0, pointing.start))
    read = _change_and_who(said)
    if read is None:
        return None
    change, who = read
    addresses = tuple(names.email_addresses(who))
    rest = names.EMAIL_ADDRESS.sub(" ", who)
    found = [person.text for person in names.people(rest)]
    listed = names.listed(rest)
    people = tuple(listed or found)  # the span holds only people: "John Smith" whole, not "Smith"
    left = rest
    for name in people:
        left = left.replace(name, " ")
    joins = cues("bare_change_joins")
    if not (people or addresses) or "-" in left or any(word not in joins for word in Words.of(left).words):
        return None  # something besides the people: not a bare change
    return change, people, addresses


def _change_and_who(said: Words) -> tuple[Literal["add", "remove"], str] | None:
    """The change a clause makes and the words naming whom: openers (data/cues/bare_change_openers), a verb
    (bare_change_verbs), the people, then at most a tail that says no more (bare_change_tails)."""
    end = len(said)
    while end and said.words[end - 1] in (".", "!"):
        end -= 1
    at = 0
    while at < end and said.words[at] in cues("bare_change_openers"):
        at += 1
    verb = cues("bare_change_verbs").at(said.words[:end], at)
    if verb is None or verb.end >= end:
        return None
    tail = cues("bare_change_tails").ending(said.words[verb.end : end])
    if tail is not None and tail.start > 0:
        end = verb.end + tail.start
    who = said.text[said.char_start(verb.end) : said.char_end(end - 1)]
    return ("add" if verb.value == "add" else "remove"), who


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
