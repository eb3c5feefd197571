"""Email recipes: find, summarize, send, reply, forward."""

from datetime import timedelta
from typing import Any

from planning.planner.builder import PlanBuilder, slug
from planning.planner.recipe_common import iso
from planning.planner.recipients import person_refs
from planning.references import placeholder, reference
from planning.types import Goal

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
        "since": iso(since),
        "until": iso(until) if until and until <= builder.now + timedelta(days=1) else None,
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
        "since": iso(when.start) if when else None,
        "until": iso(when.end) if when and when.end else None,
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
