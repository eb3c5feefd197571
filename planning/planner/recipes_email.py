"""Email recipes: find, summarize, send, reply, forward."""

import re
from datetime import timedelta
from typing import Any

from planning.planner import recipes_everyday
from planning.planner.builder import PlanBuilder, slug
from planning.planner.recipe_common import iso
from planning.planner.recipients import also_refs, person_refs
from planning.references import placeholder, reference
from planning.types import Goal

# --- email ---------------------------------------------------------------------------------------------


# what a topic says of the mail itself, not words in it: "(the) email about", "her message regarding", "the"
_ABOUT_MAIL = re.compile(
    r"^(?:(?:the|a|an|my|our|his|her|their|that|this)\s+)?(?:(?:e-?mails?|messages?|mails?|notes?|threads?)\s+"
    r"(?:about|regarding|re:?|on|concerning|with)\s+)?(?:(?:the|a|an|my|our)\s+)?",
    re.I,
)


def query_words(topic: str | None) -> str | None:
    """The words to search mail for: "email about the Globex payment terms" → "Globex payment terms"."""
    words = _ABOUT_MAIL.sub("", topic.strip()) if topic else ""
    return words or None


def _email_filters(goal: Goal, builder: PlanBuilder) -> dict[str, Any]:
    s = goal.slots
    since = until = None
    if s.when is not None:
        since = s.when.start
        until = s.when.end
    return {
        "sender": s.people[0] if s.people else (s.companies[0] if s.companies else None),
        "to": goal.scope.get("mail_to"),
        "query": query_words(s.topic),
        "since": iso(since),
        "until": iso(until) if until and until <= builder.now + timedelta(days=1) else None,
        "unreadOnly": True if s.unread else None,
        "limit": s.limit,
        "hasAttachment": True if goal.scope.get("with_attachments") else None,
    }


def find_email(goal: Goal, index: int, builder: PlanBuilder) -> None:
    who = goal.slots.people[0] if goal.slots.people else None
    builder.add(
        f"fetch_{slug(who or 'emails', 12)}_emails" if who else "fetch_emails",
        f"Find emails{' from ' + who if who else ''}",
        "fetch_emails",
        # "what did laura say about …": the answer is her words, read whole
        {**_email_filters(goal, builder), "includeBody": True if goal.scope.get("content_asked") else None},
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
    recipients: list[str] | str = person_refs(goal, index, builder) or _event_attendees(goal, index, builder)
    cancelled = _cancelled_event(goal, builder) if s.body is None else None
    if cancelled is not None:  # "cancel the standup … and send the standup folks a quick email": it is cancelled
        title = reference(cancelled, "data[0].title")
        body = f"{title} is cancelled."
        s = s.model_copy(update={"subject": s.subject or f"Cancelled: {title}"})
    copies = _cc(goal, index, builder)
    if goal.scope.get("forward"):
        _forward(goal, index, builder, recipients, copies)
        return
    if "summary_of" in goal.scope:
        body = reference(_summary_step(goal, index, builder), "data.summary")
    subject = s.subject or ("Summary" if "summary_of" in goal.scope else placeholder("subject"))
    who = ", ".join(s.people) or ", ".join(s.emails)
    if goal.scope.get("draft"):
        inputs = {"to": recipients, "cc": copies, "body": body, "subject": subject}  # the text asked first
        inputs["attachments"] = _attachments(goal, index, builder)
        recipes_everyday.draft(goal, index, builder, inputs, None)
        return
    builder.add(
        "send_email",
        (f"Email {who}" if who else "Send an email") + (f": {subject}" if "{{" not in subject else ""),
        "send_email",
        {  # the text before the subject: asked what it says, the subject is made from the answer
            "to": recipients,
            "cc": copies,
            "body": body,
            "subject": subject,
            "attachments": _attachments(goal, index, builder),
        },
        index,
    )


def _cc(goal: Goal, index: int, builder: PlanBuilder) -> list[str] | None:
    """ "…, cc Carol": the people copied, each looked up like a recipient (None when nobody is copied)."""
    named = goal.scope.get("cc")
    return also_refs(named, index, builder) or None if isinstance(named, dict) else None


def _event_found_before(goal: Goal, builder: PlanBuilder) -> str | None:
    """The step that found the event an earlier goal acts on, when the message goes to its people ("cancel the
    standup … and send the standup folks a quick email")."""
    earlier = goal.scope.get("recipients_from_goal")
    if not isinstance(earlier, int):
        return None
    ids = set(builder.goal_steps.get(earlier, []))
    return next((s.id for s in builder.steps() if s.id in ids and s.tool == "fetch_calendar_events"), None)


def _cancelled_event(goal: Goal, builder: PlanBuilder) -> str | None:
    """The step that found the one event an earlier goal deletes, whose people the message goes to: what the
    message says, when the request gives no words, is that it is cancelled."""
    found = _event_found_before(goal, builder)
    earlier = goal.scope.get("recipients_from_goal")
    step = next((s for s in builder.steps() if s.id == found), None)
    if step is None or not isinstance(earlier, int) or step.arguments["input"].get("limit") != 1:
        return None
    deletes = any(s.tool == "delete_calendar_event" for s in builder.steps() if s.goal == earlier)
    return found if deletes else None


def _event_attendees(goal: Goal, index: int, builder: PlanBuilder) -> list[str] | str:
    """ "email everyone in the launch review": the upcoming event's attendees (the whole list, as a reference); the
    event an earlier goal found, when the message is to its people."""
    found_before = _event_found_before(goal, builder)
    if found_before is not None:
        return reference(found_before, "data[0].attendees")
    event = goal.scope.get("recipients_from_event")
    if not isinstance(event, str):
        return [placeholder("to")]
    found = builder.add(
        "find_event",
        f"Find the {event}",
        "fetch_calendar_events",
        {"start": iso(goal.slots.when.start if goal.slots.when else builder.now), "query": event, "limit": 1},
        index,
    )
    return reference(found, "data[0].attendees")


def _forward(
    goal: Goal, index: int, builder: PlanBuilder, recipients: list[str] | str, copies: list[str] | None
) -> None:
    """Find the message (by sender and words; the latest when asked), then forward it with its attachments."""
    s = goal.slots
    sender = goal.scope.get("forward_from")
    earlier = goal.scope.get("mail_from_goal")
    found = _mail_found_by(builder, earlier) if isinstance(earlier, int) else None
    message = found or builder.add(
        "find_email_to_forward",
        "Find the email to forward",
        "fetch_emails",
        {
            "query": query_words(s.topic),
            "sender": sender if isinstance(sender, str) else None,
            "since": iso(s.when.start) if s.when else None,
            "limit": s.limit,
        },
        index,
    )
    who = ", ".join([*s.people, *s.emails])
    builder.add(
        "forward_email",
        f"Forward it to {who}" if who else "Forward it",
        "forward_email",
        {"messageId": reference(message, "data[0].id"), "to": recipients, "cc": copies, "body": s.body},
        index,
    )


def _mail_found_by(builder: PlanBuilder, goal: int) -> str | None:
    """The step of an earlier goal that found the mail it acted on ("… and fwd it to Sarah")."""
    ids = set(builder.goal_steps.get(goal, []))
    return next((s.id for s in builder.steps() if s.id in ids and s.tool == "fetch_emails"), None)


def _attachments(goal: Goal, index: int, builder: PlanBuilder) -> list[str] | None:
    """ "the contract John attached last week": the file is the first attachment of the mail that matches; "attach
    the deck": a file not at hand, asked for (a placeholder)."""
    source = goal.scope.get("attachment_from")
    if not isinstance(source, dict):
        return [placeholder("attachments")] if goal.scope.get("attachment_wanted") else None
    when = source.get("when")
    found = builder.add(
        "find_attachment",
        "Find the email with the file",
        "fetch_emails",
        {
            "sender": source.get("sender"),
            "query": source.get("query"),
            "since": iso(when.start) if when else None,
            "until": iso(when.end) if when and when.end and when.end <= builder.now + timedelta(days=1) else None,
            "hasAttachment": True,
            "limit": 1,
        },
        index,
    )
    return [reference(found, "data[0].attachments[0].ref")]


def _summary_step(goal: Goal, index: int, builder: PlanBuilder) -> str:
    source = goal.scope["summary_of"]
    when = source.get("when")
    filters = {
        "since": iso(when.start) if when else None,
        "until": iso(when.end) if when and when.end else None,
        "sender": source["people"][0] if source.get("people") else None,
        "unreadOnly": True if source.get("unread") else None,
        "query": query_words(source.get("topic")),
    }
    fetch = builder.add("fetch_emails", "Find the emails to summarize", "fetch_emails", filters, index)
    return builder.add("summarize_emails", "Summarize them", "summarize", {"text": reference(fetch, "data")}, index)


def _reply(goal: Goal, index: int, builder: PlanBuilder, body: str) -> None:
    earlier = goal.scope.get("reply_to_goal")
    if isinstance(earlier, int) and builder.goal_steps.get(earlier):  # the mail it read, else its last step
        message = _mail_found_by(builder, earlier) or builder.goal_steps[earlier][-1]
    else:
        who = goal.slots.people[0] if goal.slots.people else None
        words = query_words(goal.slots.topic)  # "John's email about the budget": his mail about it, not his newest
        message = builder.add(
            f"find_{slug(who, 12)}_email" if who else "find_last_email",
            f"Find the {'email' if words else 'last email'}{' from ' + who if who else ''}"
            + (f" about {words}" if words else ""),
            "fetch_emails",
            {"sender": who, "query": words, "limit": goal.slots.limit if words else 1},
            index,
        )
    if goal.scope.get("draft"):
        recipes_everyday.draft(goal, index, builder, {"body": body}, reference(message, "data[0].id"))
        return
    builder.add(
        "reply_email",
        "Reply to everyone on it" if goal.scope.get("reply_all") else "Reply to it",
        "reply_email",
        {
            "messageId": reference(message, "data[0].id"),
            "body": body,
            "replyAll": True if goal.scope.get("reply_all") else None,
            "attachments": [placeholder("attachments")] if goal.scope.get("attachment_wanted") else None,
        },
        index,
    )
