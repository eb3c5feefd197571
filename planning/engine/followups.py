"""Follow-ups in a thread whose plan is over (contract §2.7): "undo that", "make it 4pm instead", "also invite
Priya". Each becomes a new plan built from the earlier plan's values, and runs only after its own approval.

Undo reverses the writes that ran, last first, where the service allows it: a created event or record is deleted,
an update's fields are put back, a deleted event is created again, an attendee change or a shift is reversed.
What cannot be undone is said plainly: a sent email, a deleted record, a change to several items.
"""

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from planning.engine.answers import parse_answer
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun
from planning.engine.targets import record_of
from planning.references import placeholder, reference
from planning.types import Goal, MetaGoal, ParseResult, Plan, Step

UNDO = re.compile(r"^\s*(?:please\s+)?(?:undo|revert|roll\s*back|take\s+(?:that|it)\s+back)\b[\w\s]*?[.!]?\s*$", re.I)
RETIME = re.compile(
    r"^\s*(?:actually\s+|no,?\s+)?(?:make|move|change)\s+it\s+(?:to\s+)?(?P<value>.+?)(?:\s+instead)?\W*$", re.I
)
INVITE = re.compile(r"^\s*(?:and\s+)?also\s+(?:invite|add)\s+(?P<who>.+?)(?:\s+to\s+it)?(?:\s+as\s+well)?\W*$", re.I)
FORWARD = re.compile(
    r"^\s*(?:and\s+)?(?:also\s+)?(?:forward|send|fwd)\s+(?:that|it|this|the email|that email)\s+(?:on\s+)?to\s+"
    r"(?P<who>.+?)(?:\s+(?:as well|too))?\W*$",
    re.I,
)
EVENT_FIELDS = ("title", "location", "description")


@dataclass
class FollowUp:
    """A plan built from an earlier one, and what could not be part of it (said to the user)."""

    plan: Plan
    goal: Goal
    explanation: str
    cannot: list[str] = field(default_factory=list)


def follow_up(earlier: Session, text: str, now: datetime) -> FollowUp | None:
    """The plan ``text`` asks for on top of ``earlier`` (a finished plan of the same person); None when ``text``
    is not a follow-up of a kind understood here."""
    if UNDO.match(text):
        return undo(earlier)
    forward = FORWARD.match(text)
    sent = _last_sent(earlier)
    if forward and sent is not None:
        return _forward(sent, forward.group("who"))
    event = _last_event(earlier)
    if event is None:
        return None
    retime = RETIME.match(text)
    if retime:
        return _retime(event, retime.group("value"), now)
    invite = INVITE.match(text)
    if invite:
        return _invite(event, invite.group("who"))
    return None


_THEM = re.compile(r"\b(?:them|her|him)\b", re.I)
_PEOPLE_ARGUMENT = {"create_calendar_event": "attendees", "find_free_slots": "attendees", "send_email": "to"}


def with_earlier_people(earlier: Session, text: str, plan: Plan) -> Plan:
    """A new request in the thread that names its people only as "them" / "her" ("book a follow-up with them on
    Friday") gets the people of the earlier plan: the attendees of the event it made or changed, else the
    recipients of the email it sent. A step that names its own people keeps them."""
    if not _THEM.search(text):
        return plan
    people = _people_of(earlier)
    if not people:
        return plan
    steps = []
    for step in plan.steps:
        name = _PEOPLE_ARGUMENT.get(step.tool)
        if name is not None and _unnamed(step.inputs.get(name)):
            step = step.model_copy(update={"arguments": {**step.arguments, "input": {**step.inputs, name: people}}})
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


def _unnamed(value: Any) -> bool:
    """No people given: absent, empty, or only a placeholder."""
    items = value if isinstance(value, list) else [value]
    return all(item is None or (isinstance(item, str) and "PLACEHOLDER_" in item) for item in items)


def _people_of(session: Session) -> list[str]:
    event = _last_event(session)
    attendees = event.get("attendees") if event is not None else None
    if isinstance(attendees, list) and attendees:
        return [a for a in attendees if isinstance(a, str) and "@" in a]
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("send_email", "forward_email"):
            sent_to = _ran_with(session, run).get("to")
            if isinstance(sent_to, list):
                return [a for a in sent_to if isinstance(a, str) and "@" in a]
    return []


def undo(earlier: Session) -> FollowUp:
    steps: list[Step] = []
    cannot: list[str] = []
    for run in reversed([r for r in earlier.steps if r.kind == "write" and r.state == "done" and not r.used_existing]):
        inverse = _inverse(earlier, run, len(steps))
        if isinstance(inverse, str):
            cannot.append(inverse)
        else:
            steps.append(inverse)
    goal = Goal(intent="update", entity="event", text="undo")
    if steps:
        goal = Goal(intent=_intent_of(steps[0]), entity=_entity_of(steps[0]), text="undo")
    return FollowUp(Plan(steps=tuple(steps)), goal, "undo: the last plan's changes reversed", cannot)


def parse_of(follow: FollowUp) -> ParseResult:
    return ParseResult(
        meta=MetaGoal(meta_type="single", goals=(follow.goal,)), confidence=0.95, explanation=follow.explanation
    )


def _inverse(session: Session, run: StepRun, n: int) -> Step | str:
    tool, args, result = run.step.tool, _ran_with(session, run), run.result if isinstance(run.result, dict) else {}
    what = f"“{run.step.intent}”"
    if run.step.for_each is not None:
        return f"{what} changed several items: undo them one by one"
    if tool in ("send_email", "reply_email", "forward_email"):
        return f"{what} cannot be undone: a sent email cannot be unsent"
    if tool == "delete_entity":
        return f"{what} cannot be undone: the record was deleted"
    record = record_of(session, run) or _literal_target(args)
    if tool == "create_calendar_event" and result.get("id"):
        return _step(n, f"Delete the event created by {what}", "delete_calendar_event", {"eventId": result["id"]})
    if tool == "create_entity" and result.get("id"):
        fields = {"entityType": args.get("entityType"), "id": result["id"]}
        return _step(n, f"Delete the record created by {what}", "delete_entity", fields)
    if tool == "update_calendar_event" and record.get("id"):
        return _undo_event_update(n, what, args, record)
    if tool == "update_entity" and record.get("id"):
        old = {key: record.get(key) for key in (args.get("fields") or {}) if record.get(key) is not None}
        if not old:
            return f"{what} cannot be undone: its earlier values are not known"
        return _step(
            n,
            f"Put back what {what} changed",
            "update_entity",
            {"entityType": args.get("entityType"), "id": record["id"], "fields": old},
        )
    if tool == "delete_calendar_event" and record.get("title") and record.get("startTime"):
        if record.get("organizer") and record.get("myResponse") not in (None, "accepted"):
            return f"{what} declined an invitation: ask the organiser to invite you again"
        return _step(n, f"Create again what {what} deleted", "create_calendar_event", _recreate(record))
    if tool == "respond_to_event" and record.get("myResponse") in ("accepted", "declined", "tentative"):
        return _step(
            n,
            f"Answer as before {what}",
            "respond_to_event",
            {"eventId": record["id"], "response": record["myResponse"]},
        )
    return f"{what} cannot be undone here"


def _undo_event_update(n: int, what: str, args: dict[str, Any], record: dict[str, Any]) -> Step | str:
    back: dict[str, Any] = {"eventId": record["id"]}
    if isinstance(args.get("shiftMinutes"), int):
        back["shiftMinutes"] = -args["shiftMinutes"]
    elif "startTime" in args and record.get("startTime"):
        back["startTime"] = record["startTime"]
    if args.get("addAttendees"):
        back["removeAttendees"] = list(args["addAttendees"])
    if args.get("removeAttendees"):
        back["addAttendees"] = list(args["removeAttendees"])
    for key in EVENT_FIELDS:
        if key in args and record.get(key) is not None:
            back[key] = record[key]
    if len(back) == 1:
        return f"{what} cannot be undone: its earlier values are not known"
    return _step(n, f"Put back what {what} changed", "update_calendar_event", back)


def _recreate(record: dict[str, Any]) -> dict[str, Any]:
    start, end = datetime.fromisoformat(record["startTime"]), record.get("endTime")
    minutes = int((datetime.fromisoformat(end) - start).total_seconds() // 60) if end else 30
    event = {"title": record["title"], "startTime": record["startTime"], "durationMinutes": max(minutes, 1)}
    people = [p for p in record.get("attendees") or [] if isinstance(p, str) and "@" in p]
    if people:
        event["attendees"] = people
    for key in ("location", "description"):
        if record.get(key):
            event[key] = record[key]
    return event


def _retime(event: dict[str, Any], value: str, now: datetime) -> FollowUp | None:
    start = event.get("startTime")
    anchor = datetime.fromisoformat(start).astimezone(now.tzinfo) if start else now
    day_start = anchor.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(microseconds=1)
    parsed = parse_answer("startTime", value, day_start if _clock_only(value) else now)
    if not parsed.ok:
        return None
    find = _find_again(event)
    step = Step(
        id="move",
        intent=f"Move “{event.get('title', 'the event')}” to {value}",
        tool="update_calendar_event",
        arguments={"input": {"eventId": reference(find.id, "data[0].id"), "startTime": parsed.value}},
        depends_on=(find.id,),
    )
    return FollowUp(Plan(steps=(find, step)), Goal(intent="update", entity="event"), "follow-up: the event moved")


def _find_again(event: dict[str, Any]) -> Step:
    """A read of the event the earlier plan made: the approval shows it as it is now, and undo knows what it was."""
    inputs: dict[str, Any] = {"query": event.get("title"), "limit": 1}
    if event.get("startTime"):
        start = datetime.fromisoformat(event["startTime"])
        inputs.update(start=start.isoformat(), end=(start + timedelta(minutes=1)).isoformat())
    return Step(
        id="find_event", intent="Find the event again", tool="fetch_calendar_events", arguments={"input": inputs}
    )


def _invite(event: dict[str, Any], who: str) -> FollowUp:
    steps, people = _people(who)
    find = _find_again(event)
    update = Step(
        id="invite",
        intent=f"Invite {who} to “{event.get('title', 'the event')}”",
        tool="update_calendar_event",
        arguments={
            "input": {"eventId": reference(find.id, "data[0].id"), "addAttendees": people or [placeholder("attendees")]}
        },
        depends_on=(*(s.id for s in steps), find.id),
    )
    plan = Plan(steps=(*steps, find, update))
    return FollowUp(plan, Goal(intent="update", entity="event"), "follow-up: also invite")


def _forward(message_id: str, who: str) -> FollowUp:
    """ "forward that to Maria as well": the email the earlier plan sent, forwarded as it went."""
    lookups, people = _people(who)
    step = Step(
        id="forward",
        intent=f"Forward it to {who}",
        tool="forward_email",
        arguments={"input": {"messageId": message_id, "to": people or [placeholder("to")]}},
        depends_on=tuple(s.id for s in lookups),
    )
    return FollowUp(Plan(steps=(*lookups, step)), Goal(intent="send", entity="email"), "follow-up: forward it too")


def _people(who: str) -> tuple[list[Step], list[str]]:
    """Addresses as given; names through one contact lookup each (contract §2.2)."""
    addresses = re.findall(r"[\w.+'-]+@[\w-]+(?:\.[\w-]+)+", who)
    if addresses:
        return [], addresses
    steps: list[Step] = []
    people: list[str] = []
    for number, name in enumerate(n.strip() for n in re.split(r",|\band\b", who) if n.strip()):
        lookup = _step(
            number,
            f"Find {name}'s contact record",
            "fetch_entity",
            {"entityType": "Contact", "filters": {"name": name}},
            prefix="find",
        )
        steps.append(lookup)
        people.append(reference(lookup.id, "data[0].email"))
    return steps, people


def _last_sent(session: Session) -> str | None:
    """The id of the email the earlier plan sent last (a send, a reply or a forward)."""
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("send_email", "reply_email", "forward_email"):
            result = run.result if isinstance(run.result, dict) else {}
            if isinstance(result.get("id"), str):
                return str(result["id"])
    return None


def _last_event(session: Session) -> dict[str, Any] | None:
    """The event the earlier plan made or changed last, as it came back."""
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("create_calendar_event", "update_calendar_event"):
            result = run.result if isinstance(run.result, dict) else {}
            if result.get("id"):
                return result
    return None


def _literal_target(args: dict[str, Any]) -> dict[str, Any]:
    """A step that named its event by id (a follow-up): its id, with no earlier values known."""
    event_id = args.get("eventId") or args.get("id")
    return {"id": event_id} if isinstance(event_id, str) and "{{" not in event_id else {}


def _ran_with(session: Session, run: StepRun) -> dict[str, Any]:
    """The arguments the write ran with: its inputs filled from the earlier steps' results and the answers."""
    if run.edited is not None:
        return dict(run.edited)
    try:
        filled = resolve(run.step.inputs, session.results(), run.answers)
    except ResolutionError:
        filled = dict(run.step.inputs)
    return {**filled, **run.overrides}


def _clock_only(value: str) -> bool:
    return re.fullmatch(r"\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?\s*", value, re.I) is not None


def _step(n: int, intent: str, tool: str, inputs: dict[str, Any], *, prefix: str = "undo") -> Step:
    return Step(id=f"{prefix}_{n + 1}", intent=intent, tool=tool, arguments={"input": inputs})


def _intent_of(step: Step) -> str:
    return {"delete_calendar_event": "delete", "create_calendar_event": "create", "delete_entity": "delete"}.get(
        step.tool, "update"
    )


def _entity_of(step: Step) -> str:
    if step.tool.endswith("calendar_event") or step.tool == "respond_to_event":
        return "event"
    entity_type = step.inputs.get("entityType")
    return entity_type.lower() if isinstance(entity_type, str) else "contact"
