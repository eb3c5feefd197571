"""What the engine says about lookups, in the requester's zone by its name (not in the value's own offset)."""

from planning.engine.recovery import describe_lookup
from planning.types import Step


def _lookup(tool: str, **inputs: object) -> Step:
    return Step(id="find", intent="Find it", tool=tool, arguments={"input": inputs})


def test_an_event_looked_for_at_a_time_is_said_in_the_requesters_zone():
    window = {"start": "2026-03-02T20:00:00+00:00", "end": "2026-03-02T21:00:00+00:00"}
    said = describe_lookup(_lookup("fetch_calendar_events", **window), window, "America/Chicago")
    assert said == "an event at Mon 2 Mar, 14:00–15:00 CST"


def test_an_email_looked_for_since_a_time_says_it_in_words():
    arguments = {"sender": "priya", "since": "2026-03-01T05:00:00+00:00", "limit": 5}
    said = describe_lookup(_lookup("fetch_emails", **arguments), arguments, "America/New_York")
    assert "Sun 1 Mar, 00:00 EST" in said and "2026-" not in said
