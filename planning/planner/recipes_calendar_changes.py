"""Calendar recipes for events that exist: change, move, answer, delete — one event, or every event found
(contract §2.6: ``for_each`` over the read, ``{{item.id}}`` in the write)."""

from datetime import date, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from planning.planner.builder import PlanBuilder
from planning.planner.recipe_common import iso
from planning.planner.recipes_calendar import event_filters
from planning.planner.recipes_everyday import event_extras
from planning.planner.recipients import also_refs, person_refs
from planning.planner.unnamed_event import CHOOSE_EVENT, coming_events, names_no_event, next_one
from planning.references import at_time_of, on_day_of, placeholder, reference
from planning.types import Exclusion, Goal, TimeRange


def _left_out(goal: Goal) -> Exclusion | None:
    """ "all my Friday meetings except the 1:1": the items left out of the set (contract §2.9)."""
    words = goal.scope.get("except")
    return Exclusion(query=words) if isinstance(words, str) and words.strip() else None


def _target(goal: Goal, index: int, builder: PlanBuilder) -> tuple[str, str | None]:
    """The read that finds the event(s), and the event id to use: ``{{item.id}}`` with the list to go over when
    the goal acts on each event found, else the first event's id (``...data[0].id``)."""
    filters = event_filters(goal, builder)
    if filters["start"] is None:
        filters["start"] = iso(builder.now)  # a named event without a date: the upcoming one (contract §2.6)
    each = bool(goal.scope.get("each"))
    if not each:
        filters["limit"] = 1
    if filters["attendee"] is None and filters["query"] is None and goal.slots.when is None:
        filters["query"] = _own_title(goal)
    if not each and names_no_event(goal, filters):  # never the next event in place of one not found: choices
        coming = filters | coming_events(builder)
        found = builder.add("find_event", CHOOSE_EVENT, "fetch_calendar_events", coming, index, pick="always")
        return reference(found, "data[0].id"), None
    if each:
        found = builder.add("find_events", "Find the events", "fetch_calendar_events", filters, index)
        return "{{item.id}}", reference(found, "data")
    if goal.intent == "delete" and filters["query"] is None and filters["attendee"] and goal.slots.when is None:
        filters |= coming_events(builder)  # "cancel my meeting w john": which of the coming ones with him, when several
    found = builder.add("find_event", "Find the event", "fetch_calendar_events", filters, index)
    return reference(found, "data[0].id"), None


def _own_title(goal: Goal) -> str | None:
    """The title read, unless it is only the name of a person added or taken off ("add maria to it": no event
    called "Maria" is meant)."""
    title, people = goal.slots.title, {person.casefold() for person in goal.slots.people}
    if next_one(goal):  # "my next meeting": no event called "Meeting" is meant
        return None
    return None if title and goal.scope.get("attendees_change") and title.casefold() in people else title


def update_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    event_id, each = _target(goal, index, builder)
    several = "each event" if each else "the event"
    response = goal.scope.get("response")
    if isinstance(response, str):
        builder.add(
            "respond",
            f"{_ANSWERS.get(response, 'Answer')} {several}",
            "respond_to_event",
            {"eventId": event_id, "response": response} | _comment(goal),
            index,
            for_each=each,
            exclude=_left_out(goal),
        )
        return
    changes: dict[str, Any] = {"eventId": event_id}
    change = goal.scope.get("attendees_change")
    if change in ("add", "remove"):
        people = person_refs(goal, index, builder)
        changes["addAttendees" if change == "add" else "removeAttendees"] = people or [placeholder("attendees")]
        for kind, named in (goal.scope.get("attendees_also") or {}).items():  # "… and add John Smith"
            key = "addAttendees" if kind == "add" else "removeAttendees"
            changes[key] = [*changes.get(key, []), *also_refs(named, index, builder)]
    if s.shift_minutes is not None:
        changes["shiftMinutes"] = s.shift_minutes
    elif s.new_when is not None and s.new_when.has_clock_time and goal.scope.get("time_of_day"):
        start = "{{item.startTime}}" if each else event_id.replace(".id}}", ".startTime}}")  # the found event's own day
        changes["startTime"] = on_day_of(s.new_when.start.hour, s.new_when.start.minute, start)
    elif s.new_when is not None and s.new_when.has_clock_time:
        changes["startTime"] = s.new_when.start.isoformat()
    elif s.new_when is not None and not goal.scope.get("impossible_date") and (kept := _same_time(s.new_when, builder)):
        # "move my 1:1 to Friday (, same time)": the event keeps its time of day on the day named
        start = "{{item.startTime}}" if each else event_id.replace(".id}}", ".startTime}}")
        changes["startTime"] = at_time_of(start, *kept)
    elif s.new_when is not None or goal.scope.get("impossible_date"):  # a day that does not exist: asked for
        changes["startTime"] = placeholder("startTime")
    for key, value in s.field_changes:
        if key == "title":
            changes["title"] = value
        elif key == "description":  # "add to that call's description: …": after what it says, unless put in its place
            said = event_id.replace(".id}}", ".description}}")
            changes["description"] = f"{said}\n{value}" if goal.scope.get("description_added") else value
    if s.location:
        changes["location"] = s.location
    extras = event_extras(goal, index, builder, list(changes.get("addAttendees") or []))
    if extras.get("optionalAttendees"):
        changes["optionalAttendees"] = extras["optionalAttendees"]
        if extras["attendees"]:
            changes["addAttendees"] = extras["attendees"]
        else:
            changes.pop("addAttendees", None)
    for key in ("onlineMeeting", "calendarId"):
        if extras.get(key) is not None:
            changes[key] = extras[key]
    if s.duration_minutes and s.shift_minutes is None:
        changes["durationMinutes"] = s.duration_minutes
    if len(changes) == 1:  # nothing said what to change: ask for the new time
        changes["startTime"] = placeholder("startTime")
    builder.add(
        "update_event",
        f"Change {several}",
        "update_calendar_event",
        changes,
        index,
        for_each=each,
        exclude=_left_out(goal),
    )


def _same_time(new_when: TimeRange, builder: PlanBuilder) -> tuple[date, str] | None:
    """The day a move names without a time of day, and the zone it is in: one day only ("to Friday", not "to
    next week"), in a named zone (the wall-clock time is kept across a daylight-saving change)."""
    zone = new_when.start.tzinfo
    one_day = new_when.end is None or new_when.end - new_when.start <= timedelta(days=1)
    if not one_day or not isinstance(zone, ZoneInfo):
        return None
    return new_when.start.date(), zone.key


_ANSWERS = {"accepted": "Accept", "declined": "Decline", "tentative": "Tentatively accept"}


def delete_event(goal: Goal, index: int, builder: PlanBuilder) -> None:
    event_id, each = _target(goal, index, builder)
    builder.add(
        "delete_event",
        "Delete each event" if each else "Delete the event",
        "delete_calendar_event",
        {"eventId": event_id},
        index,
        for_each=each,
        exclude=_left_out(goal),
    )


def _comment(goal: Goal) -> dict[str, Any]:
    """The words sent with an answer to an invitation ("decline it, comment: out sick"), when said."""
    comment = goal.scope.get("response_comment")
    return {"comment": comment} if isinstance(comment, str) and comment else {}
