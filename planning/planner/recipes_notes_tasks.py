"""CRM notes and tasks (contract §3 v2): attached to the record they are about, found by it, changed by name."""

import re
from typing import Any

from planning.planner import recipes_everyday
from planning.planner.builder import PlanBuilder
from planning.references import placeholder, reference
from planning.types import Goal

# a note or task said to be about no record: written on its own, without asking which
_ABOUT_NOTHING = re.compile(
    r"\b(?:not about any(?:thing|one| record)|about nothing|on no record|general (?:note|task)|standalone)\b", re.I
)
_ABOUT_NOTHING_SAID = re.compile(r",?\s*(?:it is |it's )?not about any(?:thing|one| record)\W*$", re.I)


def _about(goal: Goal, index: int, builder: PlanBuilder, *, ask: bool = True) -> dict[str, str] | None:
    """``{entityType, id}`` of the record the note or task is about: the company's account (or deal, contact,
    lead, as the request says), or the person's contact record. When the request names no record: asked for a
    new note or task (``ask``), None otherwise (finding "my open tasks" is about every record)."""
    s = goal.slots
    kind = goal.scope.get("about_type")
    made = goal.scope.get("record_from_goal")
    if isinstance(made, int) and made in builder.created and isinstance(kind, str):  # "…, and a note on her": the
        return {"entityType": kind, "id": reference(builder.created[made], "data.id")}  # record made before it
    if s.companies:
        entity_type = kind if isinstance(kind, str) else "Account"
        filters = {"name" if entity_type == "Account" else "company": s.companies[0]}
        label = s.companies[0]
    elif s.people:
        entity_type = kind if kind in ("Contact", "Lead") else "Contact"
        filters = {"name": s.people[0]}
        label = s.people[0]
    elif not ask or _ABOUT_NOTHING.search(goal.text):
        return None
    else:  # asked which record ("it" after a plan that found one: that one, followups.with_earlier_record)
        inputs = {"entityType": "Account", "filters": {"name": placeholder("record")}}
        record = builder.add("find_about", "Find the record it is about", "fetch_entity", inputs, index)
        return {"entityType": "Account", "id": reference(record, "data[0].id")}
    record = builder.lookup(str(entity_type), filters, index, label)
    return {"entityType": str(entity_type), "id": reference(record, "data[0].id")}


def create_note(goal: Goal, index: int, builder: PlanBuilder) -> None:
    about = _about(goal, index, builder)
    kind = goal.scope.get("activity")
    if isinstance(kind, str):  # (v3) "log a call with Laura on the Acme account: …"
        recipes_everyday.activity(goal, index, builder, about, kind)
        return
    body = _ABOUT_NOTHING_SAID.sub("", goal.slots.body or "").strip() or placeholder("body")
    fields: dict[str, Any] = {"body": body, "about": about}
    made = goal.scope.get("about_type") if isinstance(goal.scope.get("record_from_goal"), int) else None
    on = (
        f" to the new {str(made).lower()}" if made else f" to {goal.slots.companies[0]}" if goal.slots.companies else ""
    )
    builder.add(
        "create_note",
        "Add the note" + on,
        "create_entity",
        {"entityType": "Note", "fields": {k: v for k, v in fields.items() if v is not None}},
        index,
    )


def create_task(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    fields: dict[str, Any] = {
        "subject": s.subject or placeholder("subject"),
        "dueDate": s.when.start.date().isoformat() if s.when is not None else None,
        "about": _about(goal, index, builder),
        "owner": _owner(goal, index, builder),
    }
    builder.add(
        "create_task",
        f"Add the task '{s.subject}'" if s.subject else "Add a task",
        "create_entity",
        {"entityType": "Task", "fields": {k: v for k, v in fields.items() if v is not None}},
        index,
    )


def _owner(goal: Goal, index: int, builder: PlanBuilder) -> str | None:
    """ "a task for sarah to …": the person as the CRM knows them (their contact's full name, "Sarah Lee"), never
    the name as typed; a CRM takes an owner by the name it has."""
    said = goal.scope.get("task_owner")
    if not isinstance(said, str) or not said.strip():
        return None
    found = builder.lookup("Contact", {"name": said}, index, said)
    return reference(found, "data[0].name")


def _filters(goal: Goal, index: int, builder: PlanBuilder) -> dict[str, Any]:
    s = goal.slots
    filters: dict[str, Any] = {}
    if goal.entity == "task":
        if s.topic:
            filters["subject"] = s.topic
        if s.status and goal.intent == "find":
            filters["status"] = s.status
        if s.when is not None and s.when.end is not None and goal.intent == "find":
            filters["dueDate"] = {"gte": s.when.start.date().isoformat(), "lt": s.when.end.date().isoformat()}
    if not filters.get("subject"):
        about = _about(goal, index, builder, ask=False)
        if about is not None:
            filters["about"] = about
    return filters


def find_notes_or_tasks(goal: Goal, index: int, builder: PlanBuilder) -> None:
    kind = "Note" if goal.entity == "note" else "Task"
    step = builder.add(
        f"find_{goal.entity}s",
        f"Find the {goal.entity}s",
        "fetch_entity",
        {"entityType": kind, "filters": _filters(goal, index, builder), "limit": goal.slots.limit},
        index,
    )
    builder.record_lookup[index] = step


def _existing(goal: Goal, index: int, builder: PlanBuilder) -> str:
    kind = "Note" if goal.entity == "note" else "Task"
    filters = _filters(goal, index, builder) or {"subject" if kind == "Task" else "body": placeholder("name")}
    return builder.add(
        f"find_{goal.entity}",
        f"Find the {goal.entity}",
        "fetch_entity",
        {"entityType": kind, "filters": filters},
        index,
    )


def update_note_or_task(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    record = _existing(goal, index, builder)
    fields: dict[str, Any] = {}
    if goal.entity == "task":
        if s.status:
            fields["status"] = s.status
        due = s.new_when or (s.when if not s.status else None)
        if due is not None:
            fields["dueDate"] = due.start.date().isoformat()
    if not fields:
        fields = {
            "body" if goal.entity == "note" else "status": placeholder("body" if goal.entity == "note" else "status")
        }
    builder.add(
        f"update_{goal.entity}",
        f"Update the {goal.entity}",
        "update_entity",
        {
            "entityType": "Note" if goal.entity == "note" else "Task",
            "id": reference(record, "data[0].id"),
            "fields": fields,
        },
        index,
    )


def delete_note_or_task(goal: Goal, index: int, builder: PlanBuilder) -> None:
    record = _existing(goal, index, builder)
    builder.add(
        f"delete_{goal.entity}",
        f"Delete the {goal.entity}",
        "delete_entity",
        {"entityType": "Note" if goal.entity == "note" else "Task", "id": reference(record, "data[0].id")},
        index,
    )
