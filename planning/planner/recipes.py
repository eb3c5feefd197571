"""The rule-based planner's table: (intent, entity) → the steps that produce what the goal needs."""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from integrations.base.records import OPEN_DEAL_STAGES
from planning.planner.builder import PlanBuilder, slug
from planning.planner.recipients import person_refs
from planning.planner.windows import FREE_AT_MINUTES, INSTANT_QUERY_MINUTES, window_for
from planning.references import placeholder, reference
from planning.types import Goal
from planning.understanding.names import display_name

Recipe = Callable[[Goal, int, PlanBuilder], None]
ENTITY_TYPES = {"contact": "Contact", "lead": "Lead", "deal": "Deal", "account": "Account"}
DEFAULT_DURATION = 30


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


# --- email ---------------------------------------------------------------------------------------------


def _email_filters(goal: Goal, builder: PlanBuilder) -> dict[str, Any]:
    s = goal.slots
    since = until = None
    if s.when is not None:
        since = s.when.start
        until = s.when.end
    return {
        "sender": s.people[0] if s.people else (s.companies[0] if s.companies else None),
        "query": s.topic,
        "since": _iso(since),
        "until": _iso(until) if until and until <= builder.now + timedelta(days=1) else None,
        "unreadOnly": True if s.unread else None,
        "limit": s.limit,
    }


def find_email(goal: Goal, index: int, builder: PlanBuilder) -> None:
    who = goal.slots.people[0] if goal.slots.people else None
    builder.add(
        f"fetch_{slug(who or 'emails', 12)}_emails" if who else "fetch_emails",
        f"Find emails{' from ' + who if who else ''}",
        "fetch_emails",
        _email_filters(goal, builder),
        index,
    )


def summarize_email(goal: Goal, index: int, builder: PlanBuilder) -> None:
    fetch = builder.add(
        "fetch_emails", "Find the emails to summarize", "fetch_emails", _email_filters(goal, builder), index
    )
    builder.add("summarize_emails", "Summarize them", "summarize", {"text": reference(fetch, "data")}, index)


def send_email(goal: Goal, index: int, builder: PlanBuilder) -> None:
    s = goal.slots
    body = s.body or placeholder("body")
    if "reply_to_goal" in goal.scope or goal.scope.get("reply"):
        _reply(goal, index, builder, body)
        return
    recipients = person_refs(goal, index, builder) or [placeholder("to")]
    if goal.scope.get("forward"):
        _forward(goal, index, builder, recipients)
        return
    if "summary_of" in goal.scope:
        body = reference(_summary_step(goal, index, builder), "data.summary")
    subject = s.subject or ("Summary" if "summary_of" in goal.scope else placeholder("subject"))
    who = ", ".join(s.people) or ", ".join(s.emails)
    builder.add(
        "send_email",
        (f"Email {who}" if who else "Send an email") + (f": {subject}" if "{{" not in subject else ""),
        "send_email",
        {"to": recipients, "subject": subject, "body": body},
        index,
    )


def _forward(goal: Goal, index: int, builder: PlanBuilder, recipients: list[str]) -> None:
    """No forward tool: fetch the message, then send its subject and text on."""
    s = goal.slots
    message = builder.add(
        "find_email_to_forward",
        "Find the email to forward",
        "fetch_emails",
        {"query": s.topic, "sender": s.companies[0] if s.companies else None, "limit": 1},
        index,
    )
    builder.add(
        "forward_email",
        "Forward it",
        "send_email",
        {
            "to": recipients,
            "subject": "Fwd: " + reference(message, "data[0].subject"),
            "body": s.body or reference(message, "data[0].snippet"),
        },
        index,
    )


def _summary_step(goal: Goal, index: int, builder: PlanBuilder) -> str:
    source = goal.scope["summary_of"]
    when = source.get("when")
    filters = {
        "since": _iso(when.start) if when else None,
        "until": _iso(when.end) if when and when.end else None,
        "sender": source["people"][0] if source.get("people") else None,
        "unreadOnly": True if source.get("unread") else None,
        "query": source.get("topic"),
    }
    fetch = builder.add("fetch_emails", "Find the emails to summarize", "fetch_emails", filters, index)
    return builder.add("summarize_emails", "Summarize them", "summarize", {"text": reference(fetch, "data")}, index)


def _reply(goal: Goal, index: int, builder: PlanBuilder, body: str) -> None:
    earlier = goal.scope.get("reply_to_goal")
    if isinstance(earlier, int) and builder.goal_steps.get(earlier):
        message = builder.goal_steps[earlier][-1]
    else:
        who = goal.slots.people[0] if goal.slots.people else None
        message = builder.add(
            f"find_{slug(who, 12)}_email" if who else "find_last_email",
            f"Find the last email{' from ' + who if who else ''}",
            "fetch_emails",
            {"sender": who, "limit": 1},
            index,
        )
    builder.add(
        "reply_email",
        "Reply to it",
        "reply_email",
        {"messageId": reference(message, "data[0].id"), "body": body},
        index,
    )


# --- calendar ------------------------------------------------------------------------------------------


def find_events(goal: Goal, index: int, builder: PlanBuilder) -> None:
    builder.add("fetch_events", "Find the events", "fetch_calendar_events", _event_filters(goal, builder), index)


def _event_filters(goal: Goal, builder: PlanBuilder) -> dict[str, Any]:
    s = goal.slots
    start = end = None
    if s.when is not None:
        start, end = (
            window_for(s.when, builder.now, INSTANT_QUERY_MINUTES) if s.when.end is None else (s.when.start, s.when.end)
        )
    elif goal.intent == "find":
        start = builder.now
    return {
        "start": _iso(start),
        "end": _iso(end),
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
                "windowStart": _iso(window_start),
                "windowEnd": _iso(window_end),
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
    filters = _event_filters(goal, builder)
    if filters["start"] is None:
        filters["start"] = _iso(builder.now)
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
            "windowStart": _iso(start),
            "windowEnd": _iso(end),
        },
        index,
    )


# --- CRM -----------------------------------------------------------------------------------------------


def _record_filters(goal: Goal) -> dict[str, Any]:
    s = goal.slots
    filters: dict[str, Any] = {}
    if s.people and goal.entity in ("contact", "lead"):
        filters["name"] = s.people[0]
    if s.companies:
        filters["company" if goal.entity != "account" else "name"] = s.companies[0]
    if goal.intent == "find":
        if goal.entity == "deal" and s.stage:
            filters["stage"] = s.stage
        elif goal.entity == "deal" and goal.scope.get("open"):
            filters["stage"] = {"in": list(OPEN_DEAL_STAGES)}
        if goal.entity == "lead" and s.status:
            filters["status"] = s.status
        if goal.entity == "account" and s.industry:
            filters["industry"] = s.industry
        bound = goal.scope.get("amount_bound")
        if bound and s.amount is not None:
            filters["amount"] = {bound: s.amount}
    return filters


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
        fields.update(name=person, email=s.emails[0] if s.emails else None, phone=s.phone, company=company)
        if goal.entity == "lead" and s.status:
            fields["status"] = s.status
    elif goal.entity == "deal":
        fields.update(company=company or placeholder("company"), amount=s.amount, stage=s.stage)
        fields["name"] = f"{company} deal" if company else None
    else:
        fields["name"] = company or person or placeholder("name")
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
    record = builder.lookup(entity_type, _record_filters(goal) or {"name": placeholder("name")}, index, label)
    builder.record_lookup[index] = record
    fields: dict[str, Any] = {}
    for key, value in s.field_changes:
        name = _FIELD_NAMES.get(key)
        if name in ("stage", "status", "amount"):
            continue
        if name:
            fields[name] = value.rstrip(".")
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
            fields["phone"] = s.phone
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
            "fetch_events", "Find the events", "fetch_calendar_events", _event_filters(goal, builder), index
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


RECIPES: dict[tuple[str, str], Recipe] = {
    ("send", "email"): send_email,
    ("find", "email"): find_email,
    ("summarize", "email"): summarize_email,
    ("find", "event"): find_events,
    ("create", "event"): create_event,
    ("update", "event"): update_event,
    ("delete", "event"): delete_event,
    ("find", "availability"): find_free_slots,
    ("summarize", "event"): summarize_records,
    **{("find", e): find_records for e in ENTITY_TYPES},
    **{("create", e): create_record for e in ENTITY_TYPES},
    **{("update", e): update_record for e in ENTITY_TYPES},
    **{("delete", e): delete_record for e in ENTITY_TYPES},
    **{("summarize", e): summarize_records for e in ENTITY_TYPES},
}
