"""A change, answer or delete of one event that names no event the understanding could read ("cancel the zq thing"):
never the next upcoming event taken in its place. The read lists the coming events and the user picks the one
meant (the read's ``pick`` is "always": the engine asks even for one event found)."""

from datetime import timedelta
from typing import Any

from planning.planner.builder import PlanBuilder
from planning.planner.recipe_common import iso
from planning.types import Goal
from planning.understanding.event_title import only_kind

CHOOSE_EVENT = "Find the event you mean"
CHOICES = 5  # events offered
AHEAD = timedelta(days=14)  # how far ahead they are looked for


def names_no_event(goal: Goal, filters: dict[str, Any]) -> bool:
    """Whether nothing in ``goal`` says which event: no title or topic, no person, no time, and not "my next
    meeting" (the next one)."""
    return goal.slots.when is None and not any(filters.get(key) for key in ("query", "attendee")) and not next_one(goal)


def next_one(goal: Goal) -> bool:
    """ "push my next meeting by 15": the next event, whatever it is — one wanted, named only by its kind."""
    title = goal.slots.title
    return goal.slots.limit == 1 and (title is None or only_kind(title))


def coming_events(builder: PlanBuilder) -> dict[str, Any]:
    """The read's filters: the next ``CHOICES`` events from now, within ``AHEAD``."""
    return {"start": iso(builder.now), "end": iso(builder.now + AHEAD), "limit": CHOICES}
