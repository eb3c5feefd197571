"""Calendar recipes: find, create, update, delete events; free slots."""

from typing import Any

from planning.planner.builder import PlanBuilder
from planning.planner.recipe_common import DEFAULT_DURATION, iso
from planning.planner.recipients import person_refs
from planning.planner.windows import FREE_AT_MINUTES, INSTANT_QUERY_MINUTES, window_for
from planning.references import placeholder, reference
from planning.types import Goal
from planning.understanding.names import display_name

# --- calendar ------------------------------------------------------------------------------------------


def find_events(goal: Goal, index: int, builder: PlanBuilder) -> None:
    builder.add("fetch_events", "Find the events", "fetch_calendar_events", event_filters(goal, builder), index)


def event_filters(goal: Goal, builder: PlanBuilder) -> dict[str, Any]:
    s = goal.slots
    start = end = None
    if s.when is not None:
        start, end = (
            window_for(s.when, builder.now, INSTANT_QUERY_MINUTES) if s.when.end is None else (s.when.start, s.when.end)
        )
    elif goal.intent == "find":
        start = builder.now
    return {
        "start": iso(start),
        "end": iso(end),
        "query": s.topic,
        "attendee": None if goal.scope.get("add_attendees") else _attendee(goal),
        "limit": s.limit if goal.intent == "find" else None,
    }


def _attendee(goal: Goal) -> str | None:
    s = goal.slots
    return s.people[0] if s.people else (s.companies[0] if s.companies else None)


def create_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    attendees = person_refs(goal, index, builder)
    duration = s.duration_minutes or DEFAULT_DURATION
    if goal.scope.get("free_slot"):
        window_start, window_end = window_for(s.when, builder.now, FREE_AT_MINUTES)
        slots = builder.add(
            "find_free_slot",
            "Find a free slot",
            "find_free_slots",
            {
                "attendees": attendees or None,
                "durationMinutes": duration,
                "windowStart": iso(window_start),
                "windowEnd": iso(window_end),
            },
            index,
        )
        start: str = reference(slots, "data[0].start")
    elif s.when is not None and s.when.has_clock_time:
        start = s.when.start.isoformat()
    else:
        start = placeholder("startTime")
    who = [*s.people, *(display_name(address) for address in s.emails)]
    title = s.title or (f"Meeting with {', '.join(who)}" if who else "Meeting")
    builder.add(
        "create_event",
        f"Create the event '{title}'",
        "create_calendar_event",
        {
            "title": title,
            "startTime": start,
            "durationMinutes": duration,
            "attendees": attendees or None,
            "location": s.location,
        },
        index,
    )


def _find_event_step(goal: Goal, index: int, builder: PlanBuilder) -> str:
    filters = event_filters(goal, builder)
    if filters["start"] is None:
        filters["start"] = iso(builder.now)
    filters["limit"] = 1
    if filters["attendee"] is None and filters["query"] is None and goal.slots.when is None:
        filters["query"] = goal.slots.title
    return builder.add("find_event", "Find the event", "fetch_calendar_events", filters, index)


def update_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    event = _find_event_step(goal, index, builder)
    changes: dict[str, Any] = {"eventId": reference(event, "data[0].id")}
    if s.new_when is not None and s.new_when.has_clock_time:
        changes["startTime"] = s.new_when.start.isoformat()
    elif s.new_when is not None or s.shift_minutes is not None:
        changes["startTime"] = placeholder("startTime")
    for key, value in s.field_changes:
        if key == "title":
            changes["title"] = value
    if s.location:
        changes["location"] = s.location
    if s.duration_minutes and s.shift_minutes is None:
        changes["durationMinutes"] = s.duration_minutes
    if len(changes) == 1 or goal.scope.get("add_attendees"):
        added = person_refs(goal, index, builder)
        changes["attendees"] = [reference(event, "data[0].attendees"), *added] if added else [placeholder("attendees")]
    builder.add("update_event", "Change the event", "update_calendar_event", changes, index)


def delete_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    event = _find_event_step(goal, index, builder)
    builder.add(
        "delete_event",
        "Delete the event",
        "delete_calendar_event",
        {"eventId": reference(event, "data[0].id")},
        index,
    )


def find_free_slots(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    attendees = person_refs(goal, index, builder)
    start, end = window_for(s.when, builder.now, FREE_AT_MINUTES)
    builder.add(
        "find_free_slots",
        "Find free time",
        "find_free_slots",
        {
            "attendees": attendees or None,
            "durationMinutes": s.duration_minutes or DEFAULT_DURATION,
            "windowStart": iso(start),
            "windowEnd": iso(end),
        },
        index,
    )
