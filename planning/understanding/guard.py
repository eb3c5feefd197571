"""Attaching a calendar condition to the goal it guards (contract §2.1 v2: the check belongs to that goal).

The goal's ``scope["condition"]`` holds the range to check and whether it must be free; ``scope["fallback"]`` the
other time of "at 9, or at 3 if 9 is taken". A bare clock time in the condition ("if 10 is taken") is on the day of
the action; a condition's time is the action's time when the action gives none ("if my Thursday 11am is open, set up
a meeting").
"""

from datetime import datetime, timedelta

from planning.types import ParseResult, TimeRange
from planning.understanding.conditions import Guarded, names_a_day
from planning.understanding.timeexpr import find_times

WRITES = frozenset({"create", "update", "delete", "send"})
CHECK_MINUTES = 30


def guard_goals(parse: ParseResult, segments: list[Guarded], now: datetime) -> ParseResult:
    """``parse`` with each segment's condition attached to the write goals read from that segment."""
    for guarded in segments:
        if guarded.condition is None:
            continue
        first: dict[str, object] | None = None
        for index, goal in enumerate(parse.goals):
            if goal.intent in WRITES and goal.text and goal.text in guarded.action:
                if first is None:  # the first write of the part sets the check; the others share it
                    parse = _guard_one(parse, index, guarded, now)
                    first = parse.goals[index].scope.get("condition")
                else:
                    shared = parse.goals[index].model_copy(update={"scope": {**goal.scope, "condition": first}})
                    goals = (*parse.goals[:index], shared, *parse.goals[index + 1 :])
                    parse = parse.model_copy(update={"meta": parse.meta.model_copy(update={"goals": goals})})
    return parse


def _guard_one(parse: ParseResult, index: int, guarded: Guarded, now: datetime) -> ParseResult:
    condition = guarded.condition
    assert condition is not None
    goal = parse.goals[index]
    when = goal.slots.when
    earlier = next((g.slots.when for g in reversed(parse.goals[:index]) if g.slots.when is not None), None)
    checked = _time_in(condition.text, now, when or earlier) or when  # "check Thursday, and if I'm free at 2..."
    if checked is None:
        note = f"'{condition.text}' names no time to check, so it is not checked"
        return parse.model_copy(update={"ambiguities": (*parse.ambiguities, note)})
    minutes = goal.slots.duration_minutes or CHECK_MINUTES
    checked_range = _as_range(checked, minutes)
    slots = goal.slots
    if (when is None or not when.has_clock_time) and checked.has_clock_time:
        slots = slots.model_copy(update={"when": checked})
    other = _time_in(guarded.fallback, now, slots.when) if guarded.fallback else None
    # with a fallback ("or at 3 if 9 is taken") the condition says when the other time is used: the first time
    # is used when it does not hold
    wants_free = condition.wants_free if other is None else not condition.wants_free
    scope = {**goal.scope, "condition": {"range": checked_range, "wants_free": wants_free}}
    if other is not None:
        scope["fallback"] = other
    guarded_goal = goal.model_copy(update={"slots": slots, "scope": scope})
    goals = (*parse.goals[:index], guarded_goal, *parse.goals[index + 1 :])
    meta = parse.meta.model_copy(update={"goals": goals})
    why = f"'{condition.text}' decides whether it runs"
    explanation = parse.explanation if why in parse.explanation else f"{parse.explanation}; {why}"
    return parse.model_copy(update={"meta": meta, "explanation": explanation})


def _time_in(text: str, now: datetime, action_when: TimeRange | None) -> TimeRange | None:
    anchor = now
    if action_when is not None and not names_a_day(text):
        anchor = action_when.start.replace(hour=0, minute=0, second=0, microsecond=0)
    times = find_times(text, anchor)
    if not times:
        return None
    first = times[0]
    return TimeRange(start=first.start, end=first.end, has_clock_time=first.has_clock_time)


def _as_range(when: TimeRange, minutes: int) -> TimeRange:
    end = when.end if when.end is not None else when.start + timedelta(minutes=minutes)
    return TimeRange(start=when.start, end=end, has_clock_time=when.has_clock_time)
