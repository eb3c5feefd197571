"""A request that names a meeting by a word of its title or by a person ("move my meeting with priya to 3pm",
"cancel the review") right after a plan that listed meetings: the one of those shown that fits is the one meant,
not the next one a fresh search from now would find."""

from typing import Any

from planning.engine.followups import FollowUp, read_again, used_as_target
from planning.engine.session import Session
from planning.types import Goal, Plan


def among_shown(earlier: Session, plan: Plan, goal: Goal) -> FollowUp | None:
    """``plan`` with its search for the one meeting it changes carried from ``earlier``'s list, when exactly one
    meeting shown fits its words or person and the request gave no day of its own; None otherwise."""
    shown = _listed(earlier)
    if not shown:
        return None
    steps, known = list(plan.steps), {}
    for index, step in enumerate(plan.steps):
        if step.tool != "fetch_calendar_events" or used_as_target(plan, step.id, "event") != "one":
            continue
        inputs = step.inputs
        query, attendee = inputs.get("query"), inputs.get("attendee")
        if "end" in inputs or not (query or attendee):  # a day of its own, or nothing named: searched as asked
            continue
        fits = [event for event in shown if _fits(event, query, attendee)]
        if len(fits) != 1:
            continue
        again = read_again("event", fits[0], None, None) or dict(inputs)
        intent = f"“{fits[0].get('title', 'the event')}” from your last plan"
        steps[index] = step.model_copy(update={"intent": intent, "arguments": {"input": again}})
        known[step.id] = fits
    if not known:
        return None
    return FollowUp(Plan(steps=tuple(steps)), goal, "follow-up: one of the meetings shown", known=known)


def _listed(earlier: Session) -> list[dict[str, Any]]:
    """The meetings the earlier plan's last search listed (none when it changed any)."""
    if any(run.kind == "write" and run.state == "done" for run in earlier.steps):
        return []
    for run in reversed(earlier.steps):
        if run.step.tool == "fetch_calendar_events" and run.state == "done" and isinstance(run.result, list):
            return [item for item in run.result if isinstance(item, dict) and item.get("id")]
    return []


def _fits(event: dict[str, Any], query: Any, attendee: Any) -> bool:
    """Every word of ``query`` starts a word of the title; ``attendee`` is part of an address invited."""
    title = str(event.get("title") or "").casefold().split()
    if isinstance(query, str) and not all(any(t.startswith(w) for t in title) for w in query.casefold().split()):
        return False
    if isinstance(attendee, str):
        who = attendee.casefold().strip()
        people = [str(a).casefold() for a in event.get("attendees") or []]
        return any(who in person.split("@")[0] or who == person for person in people)
    return True
