"""CRM recipes: find, create, update, delete and summarize records."""

from typing import Any

from integrations.base.records import OPEN_DEAL_STAGES
from planning.planner import recipes_everyday
from planning.planner.builder import PlanBuilder
from planning.planner.recipe_common import ENTITY_TYPES
from planning.planner.recipes_calendar import event_filters
from planning.references import placeholder, reference
from planning.types import Goal
from planning.understanding.commands.edited import read_value

# --- CRM -----------------------------------------------------------------------------------------------


def _record_filters(goal: Goal) -> dict[str, Any]:
    s = goal.slots
    filters: dict[str, Any] = {}
    if s.people and goal.entity in ("contact", "lead"):
        filters["name"] = s.people[0]
    if s.companies:
        filters["company" if goal.entity != "account" else "name"] = s.companies[0]
    if goal.intent == "find":
        title = goal.scope.get("title")
        if goal.entity == "contact" and isinstance(title, str):  # "who's the cto at acme"
            filters["title"] = title
        if goal.entity == "deal" and s.stage:
            filters["stage"] = s.stage
        elif goal.entity == "deal" and goal.scope.get("open"):
            filters["stage"] = {"in": list(OPEN_DEAL_STAGES)}
        if goal.entity == "lead" and s.status:
            filters["status"] = s.status
        if goal.entity == "account" and s.industry:
            filters["industry"] = s.industry
        if goal.entity == "deal" and goal.scope.get("by_close_date") and s.when is not None:
            end = s.when.end or s.when.start
            filters["closeDate"] = {"gte": s.when.start.date().isoformat(), "lt": end.date().isoformat()}
        bound = goal.scope.get("amount_bound")
        if bound and s.amount is not None:
            filters["amount"] = {bound: s.amount}
    return filters


def _unnamed(goal: Goal) -> dict[str, Any]:
    """The lookup of a record a change names by its kind alone ("update the deal close date to end of april"): the
    deals still open, for the person to pick from when there are several (contract §2.2); a name asked for the
    other kinds."""
    if goal.entity == "deal":
        return {"stage": {"in": list(OPEN_DEAL_STAGES)}}
    return {"name": placeholder("name")}


def find_records(goal: Goal, index: int, builder: PlanBuilder) -> None:
    entity_type = ENTITY_TYPES[goal.entity]
    step = builder.add(
        f"find_{goal.entity}s",
        f"Find {goal.entity}s",
        "fetch_entity",
        {"entityType": entity_type, "filters": _record_filters(goal), "limit": goal.slots.limit},
        index,
    )
    builder.record_lookup[index] = step


def create_record(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    entity_type = ENTITY_TYPES[goal.entity]
    fields: dict[str, Any] = {}
    person = s.people[0] if s.people else None
    company = s.companies[0] if s.companies else None
    if goal.entity in ("contact", "lead"):
        fields.update(
            name=person, email=s.emails[0] if s.emails else None, phone=_phone(s.phone, builder), company=company
        )
        titles = [value for key, value in s.field_changes if _FIELD_NAMES.get(key) == "title"]
        if titles and goal.entity == "contact":  # "VP Engineering at Globex" (a lead has no title field)
            fields["title"] = titles[0]
        if goal.entity == "lead" and s.status:
            fields["status"] = s.status
    elif goal.entity == "deal":
        fields.update(company=company or placeholder("company"), amount=s.amount, stage=s.stage)
        own = [value for key, value in s.field_changes if _FIELD_NAMES.get(key) == "name"]
        fields["name"] = _deal_name(company, own[-1] if own else None)
        closing = [value for key, value in s.field_changes if _FIELD_NAMES.get(key) == "closeDate"]
        read = read_value("closeDate", closing[-1], None, builder.now) if closing else None
        fields["closeDate"] = None if read is None else read.value if read.ok else placeholder("closeDate")
    else:
        fields["name"] = company or person or placeholder("name")
        domains = [value for key, value in s.field_changes if _FIELD_NAMES.get(key) == "domain"]
        fields.update(domain=domains[0] if domains else None, industry=s.industry)
    if goal.entity == "contact" and not person:
        fields["name"] = placeholder("name")
    if goal.entity == "lead" and not (person or company):
        fields["name"] = placeholder("name")
    fields = {k: v for k, v in fields.items() if v is not None}
    step = builder.add(
        f"create_{goal.entity}",
        f"Create the {goal.entity}",
        "create_entity",
        {"entityType": entity_type, "fields": fields},
        index,
    )
    builder.record_lookup.setdefault(index, step)
    builder.created[index] = step


def _deal_name(company: str | None, own: str | None) -> str | None:
    """A new deal's name: its own name said with the company before it unless it holds it ("Initech platform
    expansion"), else "<company> deal"."""
    if own and company and company.casefold() not in own.casefold():
        return f"{company} {own}"
    return own or (f"{company} deal" if company else None)


def _phone(said: str | None, builder: PlanBuilder) -> str | None:
    """The phone number as typed, or a question for it when it cannot be dialled ("555 0190": no area code)."""
    if said is None:
        return None
    return said if read_value("phone", said, None, builder.now).ok else placeholder("phone")


_FIELD_NAMES = {
    "phone": "phone",
    "phone number": "phone",
    "number": "phone",
    "email": "email",
    "e-mail": "email",
    "email address": "email",
    "title": "title",
    "job title": "title",
    "company": "company",
    "name": "name",
    "industry": "industry",
    "domain": "domain",
    "owner": "owner",
    "close date": "closeDate",
    "closedate": "closeDate",
    "closing date": "closeDate",
    "amount": "amount",
    "stage": "stage",
    "status": "status",
}


def update_record(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    entity_type = ENTITY_TYPES[goal.entity]
    label = (
        s.people[0]
        if s.people and goal.entity in ("contact", "lead")
        else (s.companies[0] if s.companies else goal.entity)
    )
    if goal.entity == "deal" and goal.scope.get("link_contacts"):  # (v3) "link Dana to the Acme deal"
        filters = {"company": s.companies[0]} if s.companies else {"name": placeholder("name")}
        deal = builder.lookup("Deal", filters, index, s.companies[0] if s.companies else "deal")
        recipes_everyday.link_contacts(goal, index, builder, deal)
        return
    record = builder.lookup(entity_type, _record_filters(goal) or _unnamed(goal), index, label)
    builder.record_lookup[index] = record
    fields: dict[str, Any] = {}
    for key, value in s.field_changes:
        name = _FIELD_NAMES.get(key)
        if name in ("stage", "status", "amount"):
            continue
        if name:
            # read in the field's type ("April 30" → 2026-04-30); what cannot be read is asked for
            read = read_value(name, value.rstrip("."), None, builder.now)
            fields[name] = read.value if read.ok else placeholder(name)
    if goal.entity == "deal":
        if s.stage:
            fields["stage"] = s.stage
        if s.amount is not None:
            fields["amount"] = s.amount
    if goal.entity == "lead" and s.status:
        fields["status"] = s.status
    if goal.entity in ("contact", "lead"):
        if s.emails and "email" not in fields:
            fields["email"] = s.emails[0]
        if s.phone and "phone" not in fields:
            fields["phone"] = _phone(s.phone, builder)
    if "email" in fields and s.emails:
        fields["email"] = s.emails[0]
    if not fields:
        fields = {
            "status" if goal.entity == "lead" else "name": placeholder("status" if goal.entity == "lead" else "name")
        }
    builder.add(
        f"update_{goal.entity}",
        f"Update the {goal.entity}",
        "update_entity",
        {"entityType": entity_type, "id": reference(record, "data[0].id"), "fields": fields},
        index,
    )


def delete_record(goal: Goal, index: int, builder: PlanBuilder) -> None:
    entity_type = ENTITY_TYPES[goal.entity]
    label = (goal.slots.people or goal.slots.companies or (goal.entity,))[0]
    record = builder.lookup(entity_type, _record_filters(goal) or {"name": placeholder("name")}, index, label)
    builder.add(
        f"delete_{goal.entity}",
        f"Delete the {goal.entity}",
        "delete_entity",
        {"entityType": entity_type, "id": reference(record, "data[0].id")},
        index,
    )


def summarize_records(goal: Goal, index: int, builder: PlanBuilder) -> None:
    if goal.entity == "event":
        source = builder.add(
            "fetch_events", "Find the events", "fetch_calendar_events", event_filters(goal, builder), index
        )
    else:
        source = builder.add(
            f"find_{goal.entity}s",
            f"Find {goal.entity}s",
            "fetch_entity",
            {"entityType": ENTITY_TYPES[goal.entity], "filters": _record_filters(goal)},
            index,
        )
    builder.add("summarize", "Summarize them", "summarize", {"text": reference(source, "data")}, index)
