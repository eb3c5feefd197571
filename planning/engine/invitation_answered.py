"""An answer to an invitation said on its own after a plan that found, listed or answered one invitation ("maybe",
"accept", "tell them i can't make it" after Friday's one meeting was shown): my answer to that invitation changes.
Which answer the words give is the understanding's (``existing.invitation_response``,
data/cues/invitation_responses.txt); the invitation is grounded in what the last plan left — the event it answered or
changed last, else the one invitation among the events its last read found — and is one someone else organises. A
request that plans a change of its own is left as it is; one that only tells the invitation's people ("tell them …")
is the answer."""

from typing import Any

from planning.engine.followups import FollowUp, acting_on
from planning.engine.session import Session
from planning.types import Goal, Plan, Step
from planning.understanding.commands import names_them
from planning.understanding.existing import invitation_response

_EVENT_WRITES = ("respond_to_event", "update_calendar_event", "create_calendar_event")
_ANSWERS = {"accepted": "Accept", "declined": "Decline", "tentative": "Tentatively accept"}
_TELLING = frozenset({"fetch_entity", "send_email"})  # a plan that only writes an email to people looked up


def answered_alone(earlier: Session, text: str, plan: Plan) -> FollowUp | None:
    """The answer ``text`` gives to the invitation ``earlier`` left, in the place of ``plan``; None when the words give
    no answer, ``plan`` changes something of its own, or no one invitation was left."""
    response = invitation_response(text)
    if response is None or not _only_says(plan, text):
        return None
    event = _invitation(earlier, earlier.requester_address)
    if event is None or event.get("myResponse") == response:
        return None
    title = event.get("title") or "the event"
    step = Step(
        id="answer",
        intent=f"{_ANSWERS[response]} “{title}”",
        tool="respond_to_event",
        arguments={"input": {"eventId": str(event["id"]), "response": response}},
    )
    known: dict[str, Any] = {}
    steps = acting_on(step, event, "earlier_event", known)
    goal = Goal(intent="update", entity="event")
    return FollowUp(Plan(steps=tuple(steps)), goal, "follow-up: the invitation answered", known=known)


def _only_says(plan: Plan, text: str) -> bool:
    """Whether ``plan`` does nothing of its own: no step, only an email to the people pointed at ("tell them …"), or
    an answer to an invitation its read names in no way ("accept": the one just shown)."""
    tools = {step.tool for step in plan.steps}
    if not tools or (tools <= _TELLING and "send_email" in tools and names_them(text)):
        return True
    reads = [step for step in plan.steps if step.tool == "fetch_calendar_events"]
    unnamed = all(not step.inputs.get("query") and not step.inputs.get("attendee") for step in reads)
    return tools == {"fetch_calendar_events", "respond_to_event"} and unnamed


def _invitation(earlier: Session, own: str | None) -> dict[str, Any] | None:
    """The event ``earlier`` answered or changed last, else the one event its last read found; when someone else
    organises it (an invitation)."""
    event: dict[str, Any] | None = None
    for run in reversed(earlier.steps):
        if run.state == "done" and run.step.tool in _EVENT_WRITES and isinstance(run.result, dict):
            event = run.result if run.result.get("id") else None
            break
        if run.state == "done" and run.step.tool == "fetch_calendar_events" and isinstance(run.result, list):
            found = [item for item in run.result if isinstance(item, dict) and item.get("id") and _invited(item, own)]
            event = found[0] if len(found) == 1 else None  # of those listed, the one invitation
            break
    return event if event is not None and _invited(event, own) else None


def _invited(event: dict[str, Any], own: str | None) -> bool:
    """An event someone else (not ``own``, the requester's address) organises and invited the requester to."""
    organizer = event.get("organizer")
    mine = isinstance(organizer, str) and own is not None and organizer.casefold() == own.casefold()
    return bool(organizer) and not mine and event.get("myResponse") is not None
