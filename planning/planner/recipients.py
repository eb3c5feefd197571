"""Who a message or invitation goes to: addresses as given, names through a contact lookup."""

from planning.planner.builder import PlanBuilder
from planning.references import reference
from planning.types import Goal


def person_refs(goal: Goal, index: int, builder: PlanBuilder) -> list[str]:
    """Addresses for every person the goal names; each name is looked up once (contract §2.2)."""
    refs: list[str] = list(goal.slots.emails)
    for person in goal.slots.people:
        step = builder.lookup("Contact", {"name": person}, index, person)
        refs.append(reference(step, "data[0].email"))
    source = goal.scope.get("person_from_goal")
    if isinstance(source, int) and source in builder.record_lookup:
        refs.append(reference(builder.record_lookup[source], "data[0].email"))
    record = goal.scope.get("recipient_record")
    if isinstance(record, str) and goal.slots.companies:
        step = builder.lookup(record, {"company": goal.slots.companies[0]}, index, goal.slots.companies[0])
        refs.append(reference(step, "data[0].email"))
    return refs


def also_refs(named: dict[str, list[str]], index: int, builder: PlanBuilder) -> list[str]:
    """Addresses for the people of a further attendee change (``{"people": [...], "emails": [...]}``)."""
    refs: list[str] = list(named.get("emails") or [])
    for person in named.get("people") or []:
        refs.append(reference(builder.lookup("Contact", {"name": person}, index, person), "data[0].email"))
    return refs
