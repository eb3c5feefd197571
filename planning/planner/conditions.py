"""A goal's calendar condition (contract §2.6 ``run_if``): the read that checks the time, and the conditions its
write steps carry. The planner sets them up before the goal's recipe runs, so every recipe is guarded alike."""

from datetime import timedelta

from planning.planner.builder import PlanBuilder
from planning.planner.recipe_common import DEFAULT_DURATION, iso
from planning.references import reference
from planning.types import Condition, Goal, TimeRange


def guard_conditions(goal: Goal, index: int, builder: PlanBuilder) -> tuple[Condition, ...]:
    """The check a goal's calendar condition needs ("if my Thursday 11am is open"), as ``run_if``."""
    condition = goal.scope.get("condition")
    if not isinstance(condition, dict) or not isinstance(condition.get("range"), TimeRange):
        return ()
    span: TimeRange = condition["range"]
    check = check_free(span, None, index, builder)
    ref = reference(check, "data")
    return (Condition(empty=ref) if condition.get("wants_free") else Condition(not_empty=ref),)


def check_free(span: TimeRange, minutes: int | None, index: int, builder: PlanBuilder) -> str:
    """A read of what is on the calendar over ``span`` (an instant lasts ``minutes``)."""
    end = span.end or span.start + timedelta(minutes=minutes or DEFAULT_DURATION)
    return builder.once(
        f"check:{span.start.isoformat()}:{end.isoformat()}",
        lambda: builder.add(
            f"check_{span.start:%H%M}",
            f"Check the calendar at {span.start:%a %H:%M}",
            "fetch_calendar_events",
            {"start": iso(span.start), "end": iso(end)},
            index,
        ),
    )
