"""Calendar recipes: find and create events (with conditions, repeats and values read from mail); free slots."""

from datetime import datetime, timedelta
from typing import Any

from planning.planner.builder import PlanBuilder
from planning.planner.conditions import check_free
from planning.planner.recipe_common import DEFAULT_DURATION, iso
from planning.planner.recipes_everyday import event_extras
from planning.planner.recipients import person_refs
from planning.planner.windows import FREE_AT_MINUTES, INSTANT_QUERY_MINUTES, window_for
from planning.references import minutes_before, placeholder, reference
from planning.types import Condition, Goal, TimeRange
from planning.understanding.event_title import one_of_them
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
        "query": one_of_them(s.topic) if goal.intent == "find" else s.topic,  # "team syncs": each "Team sync"
        "attendee": None if goal.scope.get("attendees_change") else _attendee(goal),
        "limit": s.limit if goal.intent == "find" else None,
    }


def _attendee(goal: Goal) -> str | None:
    s = goal.slots
    return s.people[0] if s.people else (s.companies[0] if s.companies else None)


def create_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    # a reminder is for me: the people it names ("remind me to call dayo") are what it is about, not invited
    attendees = [] if goal.scope.get("reminder") else person_refs(goal, index, builder)
    duration = s.duration_minutes or DEFAULT_DURATION
    extracted = _values_from_mail(goal, index, builder)
    placed = _placed_against(goal, attendees)
    next_to = (
        _next_to(placed, duration, index, builder) if placed is not None and _right_next_to(placed, attendees) else None
    )
    if extracted is not None:
        start: str = reference(extracted, "data.startTime")
    elif next_to is not None:
        start = next_to
    elif goal.scope.get("free_slot") or (placed is not None and not (s.when and s.when.has_clock_time)):
        within = s.when or (_deadline_window(placed, builder) if placed is not None else None)
        window_start, window_end = window_for(within, builder.now, max(FREE_AT_MINUTES, duration))
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
        start = reference(slots, "data[0].start")
    elif s.when is not None and s.when.has_clock_time:
        start = _first_occurrence(s.when.start, goal, builder).isoformat()
    else:
        start = placeholder("startTime")
    who = [*s.people, *(display_name(address) for address in s.emails)]
    title = s.title or (f"Meeting with {', '.join(who)}" if who else "Meeting")
    event: dict[str, Any] = {
        "title": title,
        "startTime": start,
        "durationMinutes": duration,
        "attendees": attendees or None,
        "location": s.location or (reference(extracted, "data.location") if extracted is not None else None),
        "recurrence": goal.scope.get("recurrence"),
        **event_extras(goal, index, builder, attendees),
    }
    builder.add("create_event", f"Create the event '{title}'", "create_calendar_event", event, index)
    conditions = builder.guards(index)
    fallback = goal.scope.get("fallback")
    if conditions and isinstance(fallback, TimeRange) and fallback.has_clock_time:
        other = check_free(fallback, duration, index, builder)
        builder.add(
            "create_event_instead",
            f"Create the event '{title}' at {fallback.start:%H:%M} instead",
            "create_calendar_event",
            {**event, "startTime": fallback.start.isoformat()},
            index,
            run_if=(Condition(not_empty=conditions[0].reference), Condition(empty=reference(other, "data"))),
        )


def _placed_against(goal: Goal, attendees: list[str]) -> dict[str, Any] | None:
    """ "… before thursday's qbr", "… right before our 1:1": the other event the new one is placed against."""
    placed = goal.scope.get("relative_to")
    return placed if isinstance(placed, dict) and isinstance(placed.get("query"), str) else None


def _right_next_to(placed: dict[str, Any], attendees: list[str]) -> bool:
    """Right next to the other event: said so ("right before"), or a block for me alone ("block 15 min before my
    1:1 to prep"); a meeting with others "before the qbr" is only due before it (a deadline)."""
    return bool(placed.get("adjacent")) or not attendees


def _next_to(placed: dict[str, Any], duration: int, index: int, builder: PlanBuilder) -> str:
    """The start of a new event right next to the other one, once that is found: ``duration`` minutes before it
    starts, or when it ends."""
    day = placed.get("when")
    since = day.start if isinstance(day, TimeRange) else builder.now
    until = day.end if isinstance(day, TimeRange) else None
    query = placed["query"]
    found = builder.add(
        "find_other_event",
        f"Find the {query}",
        "fetch_calendar_events",
        {"start": iso(max(since, builder.now)), "end": iso(until), "query": query, "limit": 1},
        index,
    )
    if placed.get("side") == "after":
        return reference(found, "data[0].endTime")
    return minutes_before(duration, reference(found, "data[0].startTime"))


def _deadline_window(placed: dict[str, Any], builder: PlanBuilder) -> TimeRange | None:
    """Where a meeting due before another event is looked for: from now to the other event's day (its day, for
    one after it); the coming days when that day is not said."""
    day = placed.get("when")
    if not isinstance(day, TimeRange):
        return None
    if placed.get("side") == "after":
        return day
    return TimeRange(start=builder.now, end=day.start, has_clock_time=False) if day.start > builder.now else None


def _first_occurrence(start: datetime, goal: Goal, builder: PlanBuilder) -> datetime:
    """A repeating event starts at the next matching time from now: today when it is still ahead (contract §2.6);
    the date grammar reads a weekday as the next one after today. Not when the request said the period it begins in
    ("starting next week")."""
    week_before = start - timedelta(days=7)
    if goal.scope.get("recurrence") and not goal.scope.get("begins_in_period") and week_before > builder.now:
        return week_before.replace(tzinfo=start.tzinfo)
    return start


def _values_from_mail(goal: Goal, index: int, builder: PlanBuilder) -> str | None:
    """ "the partner summit from the emails": read the mail, then extract the start from it (contract §2.7)."""
    source = goal.scope.get("values_from_mail")
    if not isinstance(source, dict):
        return None
    found = builder.add(
        "find_emails",
        "Find the emails with the details",
        "fetch_emails",
        {"query": source.get("query"), "sender": source.get("sender"), "includeBody": True},
        index,
    )
    return builder.add(
        "extract_details",
        "Read the date and time from them",
        "extract",
        {"text": reference(found, "data"), "fields": {"startTime": "datetime", **_place_asked(goal)}},
        index,
    )


def _place_asked(goal: Goal) -> dict[str, str]:
    """The place too, when the request says none: the mail that gives the time usually says where ("on Thursday 12
    March at 10:00 at the Hilton Midtown"); a place it does not say is left out, never asked (``resolve``)."""
    return {} if goal.slots.location else {"location": "text"}


def find_free_slots(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    attendees = person_refs(goal, index, builder)
    # a time said alone is as long as the time asked for ("am i free wed 1pm for an hour": 13:00-14:00)
    start, end = window_for(s.when, builder.now, max(FREE_AT_MINUTES, s.duration_minutes or 0))
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
