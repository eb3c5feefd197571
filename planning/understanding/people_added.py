"""People added to or taken off an event that exists ("add maria to it", "invite carla@finch.io to the design crit
on wed", "take sam off that one"): a change of that event's attendees, whatever the general reading made of the
verb ("add" also creates events). Only when the words between the verb and the link are people (names or
addresses) and the thing after the link points at one that exists ("it", "the …", "that …"), not at a calendar
("add lunch with maria to my calendar" books lunch). Words live in ``data/cues/people_change_*.txt`` and
``entity_event_calendar.txt``."""

from dataclasses import replace

from planning.understanding.cues import Words, cues
from planning.understanding.existing import attendee_change, changed_people, people_change_target
from planning.understanding.interpret import Reading

_REREAD = frozenset({("create", "event"), ("unsupported", "none")})
CONFIDENCE = 0.8


def reread(text: str, reading: Reading) -> Reading:
    """``reading`` as a change of an existing event's people when ``text`` says one; else ``reading``."""
    if (reading.intent, reading.entity) not in _REREAD or (reading.offtopic is not None and reading.intent != "create"):
        return reading
    change, target = attendee_change(text), people_change_target(text)
    if change is None or target is None or not _only_people(text):
        return reading
    words = Words.of(target)
    points = bool(words.words) and words.words[0] in cues("people_change_targets")
    if not points or cues("entity_event_calendar").find(words) is not None:
        return reading
    why = f"people {'added to' if change == 'add' else 'taken off'} an event that exists"
    return replace(
        reading,
        intent="update",
        entity="event",
        confidence=max(reading.confidence, CONFIDENCE),
        explanation=why,
        offtopic=None,
        loose=False,
    )


def _only_people(text: str) -> bool:
    """Whether the words between the verb and the link name people only ("maria", "tom and carla@finch.io")."""
    named, addresses = changed_people(text)
    return bool(named or addresses)
