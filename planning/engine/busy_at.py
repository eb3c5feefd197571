"""What is there when "am I free at T?" finds no free time: the requester's own events over the time asked, read
with ``fetch_calendar_events``, so that the answer names them (contract §2.8: "answered yes or no, naming what is
there"). Colleagues' time is never read this way: free/busy is all the calendar gives of it (§2.6)."""

from collections.abc import Awaitable, Callable
from typing import Any

from planning.engine.session import Session, StepRun

Read = Callable[[str, dict[str, Any]], Awaitable[Any]]


def asks_own_time(session: Session, run: StepRun, arguments: dict[str, Any], data: Any) -> bool:
    """Whether ``run`` is an "am I free at T?" of the requester alone that found no free time."""
    if run.step.tool != "find_free_slots" or data != [] or run.step.goal >= len(session.parse.goals):
        return False
    if session.parse.goals[run.step.goal].entity != "availability":
        return False
    own = session.principal.address
    others = [person for person in arguments.get("attendees") or [] if person != own]
    return not others and bool(arguments.get("windowStart")) and bool(arguments.get("windowEnd"))


async def events_there(read: Read, arguments: dict[str, Any]) -> list[dict[str, Any]]:
    """The requester's events overlapping the time asked ([] when the read fails: the plain "no" stands)."""
    try:
        found = await read("fetch_calendar_events", {"start": arguments["windowStart"], "end": arguments["windowEnd"]})
    except Exception:  # an answer in words is a courtesy: it never fails the read that was asked
        return []
    return [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []
