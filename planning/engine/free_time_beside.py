"""A free time said by the meeting it follows or comes before ("the one right after my standup"): that day's
meetings are read, and the free time that starts when the meeting ends (or ends when it starts) is the one taken."""

from datetime import datetime, timedelta
from typing import Any

from planning.engine.free_times import free_times, inside_free_time, moment_of
from planning.engine.runner import ToolRunner
from planning.engine.session import Session
from planning.understanding.commands import Pick


async def placed(earlier: Session, command: Pick, runner: ToolRunner) -> Pick | str:
    """``command`` with its free time said by a meeting turned into the time it starts (``Pick.at``); or why it
    cannot be (no such meeting that day, no free time next to it)."""
    return await placed_among(free_times(earlier), command, runner, earlier)


async def placed_among(slots: list[dict[str, Any]], command: Pick, runner: ToolRunner, session: Session) -> Pick | str:
    """As :func:`placed`, among ``slots`` (the free times a search of ``session`` found, asked about or shown)."""
    if command.beside is None:
        return command
    side, words = command.beside
    starts = sorted(s for slot in slots if (s := moment_of(slot.get("start"))) is not None)
    ends = sorted(e for slot in slots if (e := moment_of(slot.get("end"))) is not None)
    if not starts or not ends:
        return "There is no free time shown to pick from"
    day = starts[0].replace(hour=0, minute=0, second=0, microsecond=0)
    query = {"start": day.isoformat(), "end": (ends[-1] + timedelta(days=1)).isoformat(), "query": words}
    try:
        found = await runner.run("fetch_calendar_events", query, zone=session.tz, principal=session.principal)
    except Exception as error:  # the calendar could not be read: nothing is booked
        return f"I could not read your calendar to find “{words}” ({error})"
    meetings = [event for event in found or [] if isinstance(event, dict)]
    if not meetings:
        return f"I found no meeting “{words}” on the day of the free time shown"
    at = _next_to(slots, meetings[0], side)
    if at is None:
        return f"None of the free time shown is {side} “{meetings[0].get('title') or words}”"
    return Pick(at=at.isoformat(), title=command.title)


def _next_to(slots: list[dict[str, Any]], meeting: dict[str, Any], side: str) -> datetime | None:
    """The start of the free time right after (or right before) ``meeting``: touching it when the free time shown
    allows, else the nearest one on that side."""
    begin, end = moment_of(meeting.get("startTime")), moment_of(meeting.get("endTime"))
    spans = [(s, e) for slot in slots if (s := moment_of(slot.get("start"))) and (e := moment_of(slot.get("end")))]
    if begin is None or end is None or not spans:
        return None
    length = spans[0][1] - spans[0][0]
    if side == "after":
        if inside_free_time(slots, end) is not None:
            return end
        later = [s for s, _ in spans if s >= end]
        return min(later) if later else None
    if inside_free_time(slots, begin - length) is not None:
        return begin - length
    earlier = [s for s, e in spans if e <= begin]
    return max(earlier) if earlier else None
