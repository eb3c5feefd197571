"""Follow-ups in a thread whose plan is over (contract §2.7): "undo that", "make it 4pm instead", "also invite
Priya". Each becomes a new plan built from the earlier plan's values, and runs only after its own approval.

Undo reverses the writes that ran, last first, where the service allows it: a created event or record is deleted,
an update's fields are put back, a deleted event is created again, an attendee change or a shift is reversed.
What cannot be undone is said plainly: a sent email, a deleted record, a change to several items.

The thing a follow-up changes (the event just made, the email just sent) is carried from the earlier plan as the
result of a read that stands done from the start (``FollowUp.known``), the way any plan finds what it changes: the
card describes it in words, a move is checked for busy time, and the thing is read again before the change runs
(staleness), so a change made to it since is shown and asked about again, and a thing deleted since is said to be gone.
A new request that points back with "it", "that meeting", "them" takes what the earlier plan changed or found the
same way (``with_earlier_record``): one thing found is the one meant; of several, the user is asked which.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.utils import parseaddr
from typing import Any, Literal, get_args

from integrations.base.records import FIELDS_BY_ENTITY, RecordType
from planning.engine.answers import parse_answer
from planning.engine.conflicts import moment
from planning.engine.event_values import EVENT_FIELDS, new_start, with_changes
from planning.engine.mail_of_person import person_shown, read_of_their_mail
from planning.engine.occurrence import is_series, one_occurrence
from planning.engine.plan_people import is_them
from planning.engine.pronoun_titles import with_person_in_title
from planning.engine.replies import AskValue
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Question, Session, StepRun
from planning.engine.staleness import KINDS, READS, Kind
from planning.engine.subject_named import with_name
from planning.engine.targets import ID_ARGUMENTS, about_of, record_of
from planning.engine.typed_titles import as_title
from planning.engine.undo_each import item_changes
from planning.planner import undo as undoing
from planning.references import placeholder, reference, references_in
from planning.types import Goal, MetaGoal, ParseResult, Plan, Step
from planning.understanding.commands import (
    EventChange,
    Undo,
    by_amount,
    follows_up,
    names_nothing,
    names_them,
    ordinal_named,
    people_named,
    pointed_people,
    points_at_one,
    points_back,
    points_by_owner,
    points_with_pronoun,
)
from planning.understanding.commands import restated as restated_text
from planning.understanding.names import display_name
from planning.understanding.pronouns_listed import pronoun_listed

_BODY_START = 100


@dataclass
class FollowUp:
    """A plan built from an earlier one, and what could not be part of it (said to the user)."""

    plan: Plan
    goal: Goal
    explanation: str
    cannot: list[str] = field(default_factory=list)
    known: dict[str, Any] = field(default_factory=dict)  # step id → its result, carried from the earlier plan
    which: str | None = None  # a carried read that found several, where one is meant: the user picks

    def runs(self, kind: Callable[[str], Literal["read", "write"]]) -> list[StepRun]:
        """The plan's steps to run; those carried from the earlier plan stand done with what they carry."""
        return [
            _carried(step, kind(step.tool), self.known[step.id])
            if step.id in self.known
            else StepRun(step=step, kind=kind(step.tool))
            for step in self.plan.steps
        ]


_CARRIED_KIND = {"fetch_emails": "The email", "fetch_calendar_events": "The event", "fetch_entity": "The record"}


def _carried(step: Step, kind: Literal["read", "write"], found: Any) -> StepRun:
    """A read standing done with what the earlier plan found: what it found named for the requester's eyes only
    (a plan in a channel shows its steps to everyone there)."""
    if isinstance(found, list) and len(found) > 1:
        public = f"The {len(found)} found by your last plan"
    else:
        public = f"{_CARRIED_KIND.get(step.tool, 'What it found')} from your last plan"
    said = step.intent if step.intent != public else None
    return StepRun(
        step=step.model_copy(update={"intent": public}), kind=kind, state="done", result=found, said_privately=said
    )


def forwarded(earlier: Session, to: str) -> FollowUp | None:
    """The plan that forwards the last email ``earlier`` sent to the people ``to`` names; None when it sent none."""
    sent = last_sent(earlier)
    return _forward(earlier, sent, to) if sent is not None else None


def follow_up(earlier: Session, command: Undo | EventChange, now: datetime) -> FollowUp | None:
    """The plan ``command`` asks for on top of ``earlier`` (a finished plan of the same person); None when the
    earlier plan has nothing it applies to."""
    if isinstance(command, Undo):
        return undo(earlier, command.fields)
    event = _last_event(earlier)
    if event is None:
        return None
    if command.field == "delete":
        title = f"Delete “{event.get('title', 'the event')}”"
        arguments = {"input": {"eventId": str(event["id"])}}
        delete = Step(id="delete", intent=title, tool="delete_calendar_event", arguments=arguments)
        known: dict[str, Any] = {}
        plan = Plan(steps=tuple(acting_on(delete, event, "earlier_event", known)))
        return FollowUp(plan, Goal(intent="delete", entity="event"), "follow-up: the event deleted", known=known)
    if command.one_occurrence and is_series(event):  # "push it back 15, just today": that occurrence alone
        alone = one_occurrence(event, [(command.field, command.value), *command.also], now)
        explanation = "follow-up: one occurrence of the series changed"
        return FollowUp(alone, Goal(intent="update", entity="event"), explanation) if alone is not None else None
    changes: dict[str, str] = dict([(command.field, command.value), *command.also])
    if "title" in changes:  # "rename it to 'deep dive w/ john'": written as a title ("Deep dive w/ John")
        changes["title"] = as_title("title", changes["title"], earlier)
    if "removeAttendees" in changes:  # "actually remove her": the people the last change added
        changes["removeAttendees"] = _pointed_at(earlier, event, changes["removeAttendees"])
    by_an_amount = any(by_amount(value) is not None for value in changes.values())
    if changes.keys() - {"addAttendees", "removeAttendees"} and (len(changes) > 1 or by_an_amount):
        return _several(event, changes, now)
    if command.field in ("location", "title"):  # "rename it to …" after a series was made: the series renamed
        return _several(event, changes, now)
    if command.field == "startTime":
        return _retime(event, command.value, now)
    if command.field == "durationMinutes":
        return _relength(event, command.value, now)
    if command.field in ("addAttendees", "removeAttendees"):
        return _invite(event, changes.get("addAttendees"), changes.get("removeAttendees"))
    return None


def _pointed_at(earlier: Session, event: dict[str, Any], said: str) -> str:
    """The people a value that only points at them ("her", "them") stands for, as addresses: those the earlier
    plan's last change of the event added (its ``addAttendees``), else those it made the event with (not the
    requester). ``said`` as it is when it names people, or when it points at one person and there are several (then
    it is asked, never guessed)."""
    count = pointed_people(said)
    if count is None:
        return said
    people: list[str] = []
    for run in reversed(earlier.steps):
        if run.state == "done" and run.kind == "write":
            added = ran_with(earlier, run).get("addAttendees") if run.step.tool == "update_calendar_event" else None
            people = [a for a in added if isinstance(a, str) and "@" in a] if isinstance(added, list) else []
            people = people or [a for a in _people_in(earlier, run) if a != earlier.principal.address]
            break
    attending = {a.lower() for a in event.get("attendees") or [] if isinstance(a, str)}
    people = [a for a in people if a.lower() in attending]
    if not people or (count == "one" and len(people) > 1):
        return said
    return ", ".join(people)


def _people_steps(said: str, first: int = 0) -> tuple[list[Step], list[str]]:
    """The lookups of the people ``said`` names; none for a word that only points at people the earlier plan did
    not make plain ("her" of two added): they are asked for."""
    return ([], []) if pointed_people(said) is not None else people_steps(said, first=first)


def _several(event: dict[str, Any], said: dict[str, str], now: datetime) -> FollowUp | None:
    """Several changes of the event in one follow-up ("also invite Sam, and push it to friday same time"): one update
    with them all, after a lookup of each person named; None when a time or a length said is not one."""
    changes: dict[str, Any] = {"eventId": str(event["id"])}
    values = with_changes({}, [(k, v) for k, v in said.items() if k in EVENT_FIELDS], event, now)
    if values is None:
        return None
    changes |= values
    lookups: list[Step] = []
    for name in ("addAttendees", "removeAttendees"):
        if name in said:
            found, people = _people_steps(said[name], first=len(lookups))
            lookups += found
            changes[name] = people or [placeholder(name)]
    title = f"Change “{event.get('title', 'the event')}”"
    update = Step(
        id="change",
        intent=title,
        tool="update_calendar_event",
        arguments={"input": changes},
        depends_on=tuple(step.id for step in lookups),
    )
    known: dict[str, Any] = {}
    plan = Plan(steps=(*lookups, *acting_on(update, event, "earlier_event", known)))
    return FollowUp(plan, Goal(intent="update", entity="event"), "follow-up: the event changed", known=known)


def restated(earlier: Session, text: str, now: datetime) -> str | None:
    """ "and tomorrow?", "what about Friday?", "ok then try 11 on thursday" after a plan that changed nothing (a
    read, or a booking its condition stopped): the earlier request said again at the new time, to be planned anew;
    None when ``text`` is more than a time, or the earlier plan changed something."""
    if earlier.state != "done" or len(earlier.parse.goals) != 1:
        return None
    writes = [run for run in earlier.steps if run.kind == "write"]
    if any(run.state != "skipped" or not run.step.run_if for run in writes):  # only a condition stopped them
        return None
    hours = any(run.step.tool == "find_free_slots" for run in earlier.steps)  # "what about 2?": 2 o'clock
    return restated_text(earlier.text, earlier.created_at, text, now, writes=bool(writes), hours=hours)


_PEOPLE_ARGUMENT = {"create_calendar_event": "attendees", "find_free_slots": "attendees", "send_email": "to"}


def with_earlier_people(earlier: Session, text: str, plan: Plan) -> Plan:
    """A new request in the thread that names its people only as "them" / "her" / "him" ("book an intro with him
    next Monday", "send it to her") gets the people of the earlier plan's record: the attendees of the event it
    made or changed, the recipients of the email it sent, the contact it created or found; an email said to be a
    follow-up ("send a follow up saying …") and naming no one gets them too. A step that names its own people keeps
    them."""
    them = names_them(text)
    if not them and not follows_up(text):
        return plan
    people = people_of(earlier)
    if them and points_at_one(text):  # "email him": the one person meant, never everyone on the event
        people = the_one_meant(earlier, people)
    if not people:
        return plan
    steps = []
    for step in plan.steps:
        name = _PEOPLE_ARGUMENT.get(step.tool) if them or step.tool == "send_email" else None  # a follow-up mail
        if name is not None and _no_people(step.inputs.get(name)):
            step = step.model_copy(update={"arguments": {**step.arguments, "input": {**step.inputs, name: people}}})
        elif name is not None and len(people) == 1 and pronoun_listed(text) is not None:
            step = _joined(step, name, people[0])  # "email him and dana": him, beside the person named
        elif _new_person_unnamed(step):  # "add her as a contact": the person, by name and address
            fields = {**step.inputs["fields"], **_person_named(earlier, people[0])}
            step = step.model_copy(update={"arguments": {**step.arguments, "input": {**step.inputs, "fields": fields}}})
        if them and len(people) == 1:  # "call her about the questionnaire": "Call Dana Whitfield about …"
            step = with_person_in_title(step, _person_named(earlier, people[0])["name"])
        steps.append(step)
    return plan.model_copy(update={"steps": tuple(steps)})


def _joined(step: Step, name: str, person: str) -> Step:
    """``step`` with ``person`` added to the people of its argument ``name``, beside those it names."""
    there = step.inputs.get(name)
    if not isinstance(there, list) or person in there:
        return step
    return step.model_copy(update={"arguments": {**step.arguments, "input": {**step.inputs, name: [*there, person]}}})


def the_one_meant(earlier: Session, people: list[str]) -> list[str]:
    """The one person of ``people`` (the earlier plan's) that "him" / "her" stands for: the only one besides the
    requester; else the one the earlier plan's last change added ("add tom to the review", then "email him"), else
    the one its request named ("laura can't do 11, push the acme call", then "email her"), else the one it looked up
    by name; none when that leaves several or none (then the person is asked for, never guessed)."""
    me = (earlier.principal.address or "").lower()
    others = [a for a in people if a.lower() != me]
    if len(others) <= 1:
        return others
    for found in (_added_last(earlier), _named_in(earlier.text), _looked_up(earlier)):
        meant = [a for a in others if any(a.lower() == f.lower() or is_them(a, f) for f in found)]
        if len(meant) == 1:
            return meant
    return []


def _added_last(earlier: Session) -> list[str]:
    """The people the earlier plan's last write added to an event."""
    for run in reversed(earlier.steps):
        if run.state == "done" and run.kind == "write":
            added = ran_with(earlier, run).get("addAttendees") if run.step.tool == "update_calendar_event" else None
            return [a for a in added if isinstance(a, str) and "@" in a] if isinstance(added, list) else []
    return []


def _named_in(text: str) -> list[str]:
    """The words of a request that could be a person's name (letters only, as typed)."""
    return [w for w in "".join(c if c.isalpha() else " " for c in text.lower()).split() if len(w) > 2]


def _looked_up(earlier: Session) -> list[str]:
    """The addresses of the people the earlier plan looked up by name, each found alone."""
    found: list[str] = []
    for run in earlier.steps:
        result = run.result if run.state == "done" and run.step.tool == "fetch_entity" else None
        if run.step.inputs.get("entityType") in _PEOPLE_RECORDS and isinstance(result, list) and len(result) == 1:
            email = result[0].get("email") if isinstance(result[0], dict) else None
            found += [email] if isinstance(email, str) and "@" in email else []
    return found


def _new_person_unnamed(step: Step) -> bool:
    """A new contact or lead whose request named no one and gave no address ("add her as a contact")."""
    fields = step.inputs.get("fields")
    if step.tool != "create_entity" or step.inputs.get("entityType") not in _PEOPLE_RECORDS:
        return False
    return isinstance(fields, dict) and not fields.get("email") and _no_people(fields.get("name"))


def _person_named(earlier: Session, address: str) -> dict[str, str]:
    """The person of ``address`` as the earlier plan knew them: the name of a record it found with that address
    (or the name given with the address), else the name the address spells."""
    for run in reversed(earlier.steps):
        found = run.result if run.state == "done" and run.step.tool == "fetch_entity" else None
        for item in found if isinstance(found, list) else []:
            name = item.get("name") if isinstance(item, dict) and item.get("email") == address else None
            if isinstance(name, str) and name.strip():
                return {"name": name, "email": address}
    return {"name": display_name(address), "email": address}


def _no_people(value: Any) -> bool:
    """No people given: absent, empty, or only a placeholder."""
    items = value if isinstance(value, list) else [value]
    return all(item is None or (isinstance(item, str) and "PLACEHOLDER_" in item) for item in items)


_PEOPLE_RECORDS = ("Contact", "Lead")


def people_of(session: Session) -> list[str]:
    """The people of the record the earlier plan acted on last: an event's attendees, an email's recipients, a
    contact or lead it created (or the one person a lookup found, when it made nothing)."""
    for run in reversed(session.steps):
        if run.state != "done" or run.kind != "write":
            continue
        people = _people_in(session, run)
        if people:
            return people
    for run in reversed(session.steps):  # a plan that only read: the one person it found
        found = run.result if run.state == "done" and run.step.tool == "fetch_entity" else None
        if run.step.inputs.get("entityType") in _PEOPLE_RECORDS and isinstance(found, list) and len(found) == 1:
            email = found[0].get("email") if isinstance(found[0], dict) else None
            if isinstance(email, str) and "@" in email:
                return [email]
    return _people_read(session)


def _people_read(session: Session) -> list[str]:
    """A plan that only read ("when's my next meeting with John Park?"): the person its request named, as found
    among the people of what it found; else the people of the one record it found."""
    for run in reversed(session.steps):
        if run.state != "done" or run.kind != "read" or not isinstance(run.result, list):
            continue
        records = [r for r in run.result if isinstance(r, dict)]
        found = list(dict.fromkeys(a for r in records for a in _addresses_of(r)))
        named = next(
            (run.step.inputs.get(k) for k in ("attendee", "from", "sender", "to") if run.step.inputs.get(k)), None
        )
        if isinstance(named, str) and named.strip():
            words = [w for w in "".join(c if c.isalpha() else " " for c in named.lower()).split() if len(w) > 1]
            matched = [a for a in found if words and all(w in a.split("@")[0].lower() for w in words)]
            if matched:
                return matched[:1]
            continue
        if len(records) == 1 and found:
            return found
    return []


def _addresses_of(record: dict[str, Any]) -> list[str]:
    values: list[Any] = []
    for key in ("attendees", "to", "from", "sender", "email"):
        value = record.get(key)
        values.extend(value if isinstance(value, list) else [value])
    return [bare_address(v) for v in values if isinstance(v, str) and "@" in v]


def bare_address(said: str) -> str:
    """The address of a mailbox as a mail shows it: "Dana Whitfield <dana@acme.com>" → "dana@acme.com"."""
    address = parseaddr(said)[1]
    return address if "@" in address else said.strip()


def _people_in(session: Session, run: StepRun) -> list[str]:
    tool = run.step.tool
    if tool in ("create_calendar_event", "update_calendar_event", "delete_calendar_event", "respond_to_event"):
        # the event as the write left it; one deleted or answered: as the read that found it returned it
        made = tool in ("create_calendar_event", "update_calendar_event")
        result = (run.result if isinstance(run.result, dict) else {}) if made else (record_of(session, run) or {})
        attendees = result.get("attendees")
        return [a for a in attendees if isinstance(a, str) and "@" in a] if isinstance(attendees, list) else []
    if tool == "reply_email" or (tool == "create_draft" and run.step.inputs.get("replyTo")):
        # a reply goes to the sender of the mail replied to, as the read that found it returned it
        sender = (record_of(session, run) or {}).get("from")
        return [bare_address(sender)] if isinstance(sender, str) and "@" in sender else []
    args = ran_with(session, run)
    if tool in ("send_email", "forward_email"):
        sent_to = args.get("to")
        return [a for a in sent_to if isinstance(a, str) and "@" in a] if isinstance(sent_to, list) else []
    if tool == "create_entity" and args.get("entityType") in _PEOPLE_RECORDS:
        fields = args.get("fields") if isinstance(args.get("fields"), dict) else args
        email = fields.get("email") if isinstance(fields, dict) else None
        return [email] if isinstance(email, str) and "@" in email else []
    return []


def undo(earlier: Session, fields: tuple[str, ...] = ()) -> FollowUp:
    """The earlier plan's changes reversed; with ``fields``, only the changes of those fields of the records it
    changed ("undo the email part, keep the status"), the others kept."""
    steps: list[Step] = []
    cannot: list[str] = []
    known: dict[str, Any] = {}
    undone = 0
    ran = [r for r in earlier.steps if r.kind == "write" and r.state == "done" and not r.used_existing]
    changes = [change for run in reversed(ran) for change in _changes(earlier, run)]
    for change, left in changes:
        inverse = undoing.inverse(change, undone)
        if fields and not isinstance(inverse, str):
            part = only_fields(inverse, fields)
            if part is None:
                continue
            inverse = part
        if isinstance(inverse, str):
            cannot.append(inverse)
            continue
        undone += 1
        steps += acting_on(inverse, left, f"earlier_{undone}", known)
        steps += undoing.relinked(inverse, change)  # a record deleted and made again: its notes and tasks on it
    goal = Goal(intent="update", entity="event", text="undo")
    writes = [step for step in steps if step.id not in known]
    if writes:
        goal = Goal(intent=undoing.intent_of(writes[0]), entity=undoing.entity_of(writes[0]), text="undo")
    return FollowUp(Plan(steps=tuple(steps)), goal, "undo: the last plan's changes reversed", cannot, known)


def only_fields(step: Step, fields: tuple[str, ...]) -> Step | None:
    """An undo's update of a record that puts back only ``fields``; None when it puts back none of them, or is no
    update of a record's fields."""
    inputs = step.inputs
    old = inputs.get("fields")
    if step.tool != "update_entity" or not isinstance(old, dict):
        return None
    kept = {key: value for key, value in old.items() if key in fields}
    if not kept:
        return None
    return step.model_copy(update={"arguments": {"input": {**inputs, "fields": kept}}})


def parse_of(follow: FollowUp) -> ParseResult:
    return ParseResult(
        meta=MetaGoal(meta_type="single", goals=(follow.goal,)), confidence=0.95, explanation=follow.explanation
    )


def _changes(session: Session, run: StepRun) -> list[tuple[undoing.Change, dict[str, Any] | None]]:
    """The changes a write made, each with the thing as it left it: one per item of a repeated step."""
    if run.step.for_each is not None:
        return item_changes(session, run)
    return [(_change(session, run), left_by(session, run))]


def _change(session: Session, run: StepRun) -> undoing.Change:
    """A write that ran, as plain values for the planner's undo."""
    return undoing.Change(
        tool=run.step.tool,
        intent=run.step.intent,
        arguments=ran_with(session, run),
        result=run.result if isinstance(run.result, dict) else {},
        before=record_of(session, run) or {},
        repeated=run.step.for_each is not None,
        own=session.principal.address,
    )


def _retime(event: dict[str, Any], value: str, now: datetime, *, on: dict[str, Any] | None = None) -> FollowUp | None:
    """The event moved to the start ``value`` says, read on the day and at the time of ``on`` (the event as it was
    before, for a move back) or of the event."""
    start = new_start(on or event, value, now)
    if start is None:
        return None
    title = f"Move “{event.get('title', 'the event')}” to {value}"
    return _event_changed(event, "move", title, {"startTime": start}, "follow-up: the event moved")


def moved_back(earlier: Session, change: EventChange, now: datetime) -> FollowUp | None:
    """ "put it back on thursday but at 3:30" after a move: one move of the event the earlier plan moved, to the
    start ``change`` says read on the day it had before that move ("at 3:30": on that day); None unless every change
    the earlier plan made was a move of that one event."""
    runs = [r for r in earlier.steps if r.state == "done" and r.kind == "write"]
    event = _last_event(earlier)
    if not runs or event is None or change.field != "startTime" or change.shift_minutes is not None:
        return None
    before = record_of(earlier, runs[0]) if runs[0].step.tool == "update_calendar_event" else None
    ids = {str((r.result if isinstance(r.result, dict) else {}).get("id")) for r in runs}
    if before is None or ids != {str(event["id"])} or any(r.step.tool != "update_calendar_event" for r in runs):
        return None
    return _retime(event, change.value, now, on=before)


def _relength(event: dict[str, Any], value: str, now: datetime) -> FollowUp | None:
    """ "make it an hour": the event's length changed, its start kept."""
    parsed = parse_answer("durationMinutes", value, now)
    if not parsed.ok:
        return None
    title = f"Make “{event.get('title', 'the event')}” {value}"
    changes = {"durationMinutes": parsed.value}
    return _event_changed(event, "length", title, changes, "follow-up: the event's length changed")


def _event_changed(event: dict[str, Any], step_id: str, title: str, changes: dict[str, Any], why: str) -> FollowUp:
    """One update of the earlier plan's event with ``changes``, acting on the event that plan made or found."""
    arguments = {"input": {"eventId": str(event["id"]), **changes}}
    step = Step(id=step_id, intent=title, tool="update_calendar_event", arguments=arguments)
    known: dict[str, Any] = {}
    steps = acting_on(step, event, "earlier_event", known)
    return FollowUp(Plan(steps=tuple(steps)), Goal(intent="update", entity="event"), why, known=known)


def _invite(event: dict[str, Any], added: str | None, removed: str | None) -> FollowUp:
    """People added to the event, taken off it, or both in one change ("add Maria to it but take John off")."""
    lookups, people = people_steps(added) if added else ([], [])
    gone_lookups, gone = _people_steps(removed, first=len(lookups)) if removed else ([], [])
    changes: dict[str, Any] = {"eventId": str(event["id"])}
    if added:
        changes["addAttendees"] = people or [placeholder("attendees")]
    if removed:
        changes["removeAttendees"] = gone or [placeholder("removeAttendees")]
    title = f"“{event.get('title', 'the event')}”"
    intent = f"Invite {added} to {title}" if added else f"Take {removed} off {title}"
    if added and removed:
        intent += f" and take {removed} off"
    update = Step(
        id="invite",
        intent=intent,
        tool="update_calendar_event",
        arguments={"input": changes},
        depends_on=tuple(s.id for s in [*lookups, *gone_lookups]),
    )
    known: dict[str, Any] = {}
    plan = Plan(steps=(*lookups, *gone_lookups, *acting_on(update, event, "earlier_event", known)))
    explanation = "follow-up: also invite" if not removed else "follow-up: change who is invited"
    return FollowUp(plan, Goal(intent="update", entity="event"), explanation, known=known)


def _forward(earlier: Session, sent: StepRun, who: str) -> FollowUp:
    """ "forward that to Maria as well": the email the earlier plan sent, forwarded as it went. After a forward, the
    email it forwarded: the note written for its first recipient stays with them."""
    lookups, people = people_steps(who)
    original = record_of(earlier, sent) if sent.step.tool == "forward_email" else None
    email = original if original is not None and original.get("id") else _sent_email(earlier, sent)
    subject = email.get("subject")
    step = Step(
        id="forward",
        intent=f"Forward “{subject}” to {who}" if isinstance(subject, str) and subject else f"Forward it to {who}",
        tool="forward_email",
        arguments={"input": {"messageId": email["id"], "to": people or [placeholder("to")]}},
        depends_on=tuple(s.id for s in lookups),
    )
    known: dict[str, Any] = {}
    steps = acting_on(step, email, "earlier_email", known, since=None if email is original else earlier.created_at)
    plan = Plan(steps=(*lookups, *steps))
    return FollowUp(plan, Goal(intent="send", entity="email"), "follow-up: forward it too", known=known)


def acting_on(
    step: Step, record: dict[str, Any] | None, carried_id: str, known: dict[str, Any], *, since: datetime | None = None
) -> list[Step]:
    """``step``, which names the thing it changes by its id, made to take it from a read of the thing carried from
    the earlier plan (the read stands done with ``record``, put in ``known``): the thing is then the step's target as
    in any plan, checked before the card and read again before the change runs. ``step`` alone when no read would
    find the thing again by more than its id."""
    kind = KINDS.get(step.tool)
    name = next((n for n in ID_ARGUMENTS if n in step.inputs), None)
    if kind is None or name is None or not record or str(record.get("id")) != str(step.inputs[name]):
        return [step]
    entity = step.inputs.get("entityType")
    inputs = read_again(kind, record, entity if isinstance(entity, str) else None, since)
    if inputs is None:
        return [step]
    carried = Step(
        id=carried_id,
        intent=f"“{_name(record)}” as your last plan {'sent' if kind == 'email' else 'left'} it",
        tool=READS[kind],
        arguments={"input": inputs},
    )
    known[carried_id] = [record]
    changed = {**step.inputs, name: reference(carried_id, "data[0].id")}
    return [
        carried,
        step.model_copy(update={"arguments": {"input": changed}, "depends_on": (*step.depends_on, carried_id)}),
    ]


def read_again(kind: str, record: dict[str, Any], entity: str | None, since: datetime | None) -> dict[str, Any] | None:
    """The arguments of a read that finds ``record`` among few others (matched by its id when read again)."""
    if kind == "event":
        inputs: dict[str, Any] = {"query": record["title"]} if record.get("title") else {}
        start, end = moment(record.get("startTime")), moment(record.get("endTime"))
        if start is not None:
            finish = end if end is not None and end > start else start + timedelta(minutes=1)
            inputs.update(start=start.isoformat(), end=finish.isoformat())
        return inputs or None
    if kind == "email":
        if not record.get("subject"):
            return None
        inputs = {"subject": record["subject"]}
        to = [a for a in record.get("to") or [] if isinstance(a, str) and "@" in a]
        if to:
            inputs["to"] = to[0]
        if since is not None and since.tzinfo is not None:
            inputs["since"] = (since - timedelta(minutes=1)).isoformat()
        return inputs
    fields = FIELDS_BY_ENTITY.get(entity or "")
    key = next(
        (
            k
            for k in ("name", "subject", "body")
            if fields and k in fields.model_fields and isinstance(record.get(k), str)
        ),
        None,
    )
    # a note by the start of its text (contained in it): enough to find it among few others, matched by its id
    return {"entityType": entity, "filters": {key: record[key][:_BODY_START]}} if key and record[key] else None


def left_by(session: Session, run: StepRun) -> dict[str, Any] | None:
    """The thing an earlier write made or changed, as that write left it."""
    tool, result = run.step.tool, run.result if isinstance(run.result, dict) else {}
    if not result.get("id"):
        return None
    if tool in ("create_calendar_event", "update_calendar_event", "respond_to_event"):
        return result if result.get("startTime") else None  # a calendar returns the whole event
    if tool in ("create_entity", "update_entity"):
        before = (record_of(session, run) or {}) if tool == "update_entity" else {}
        fields = ran_with(session, run).get("fields")
        left = {**before, **(fields if isinstance(fields, dict) else {}), **result}
        about, on = left.get("about"), about_of(session, run)
        if isinstance(about, dict) and on is not None and (on.get("name") or on.get("subject")):
            left["about"] = {**about, "name": on.get("name") or on.get("subject")}  # said on the undo card
        return left
    return None


def _sent_email(session: Session, run: StepRun) -> dict[str, Any]:
    """The email a send made: its id, and its subject and recipients as sent (a reply or a forward: its id)."""
    result = run.result if isinstance(run.result, dict) else {}
    email: dict[str, Any] = {"id": str(result["id"])}
    if run.step.tool == "send_email":
        args = ran_with(session, run)
        email.update({key: args[key] for key in ("subject", "to") if args.get(key)})
    return email


def _name(record: dict[str, Any]) -> str:
    body = str(record.get("body") or "")
    short = body if len(body) <= 60 else body[:60].rsplit(" ", 1)[0] + "…"  # a note by its first words
    # a contact's name before its job title; an event has only a title, an email or a task a subject
    return str(record.get("name") or record.get("title") or record.get("subject") or short or "the one")


def people_steps(who: str, first: int = 0) -> tuple[list[Step], list[str]]:
    """Addresses as given; names through one contact lookup each (contract §2.2), numbered from ``first``."""
    addresses, names = people_named(who)
    if addresses:
        return [], addresses
    steps: list[Step] = []
    people: list[str] = []
    for number, name in enumerate(names, start=first):
        lookup = undoing.step(
            number,
            f"Find {name}'s contact record",
            "fetch_entity",
            {"entityType": "Contact", "filters": {"name": name}},
            prefix="find",
        )
        steps.append(lookup)
        people.append(reference(lookup.id, "data[0].email"))
    return steps, people


def last_sent(session: Session) -> StepRun | None:
    """The send of the email the earlier plan sent last (a send, a reply or a forward)."""
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("send_email", "reply_email", "forward_email"):
            result = run.result if isinstance(run.result, dict) else {}
            if isinstance(result.get("id"), str):
                return run
    return None


def _last_event(session: Session) -> dict[str, Any] | None:
    """The event the earlier plan made or changed last, as it came back."""
    for run in reversed(session.steps):
        if run.state == "done" and run.step.tool in ("create_calendar_event", "update_calendar_event"):
            result = run.result if isinstance(run.result, dict) else {}
            if result.get("id"):
                return result
    return None


def ran_with(session: Session, run: StepRun) -> dict[str, Any]:
    """The arguments the write ran with: its inputs filled from the earlier steps' results and the answers."""
    if run.edited is not None:
        return dict(run.edited)
    try:
        filled = resolve(run.step.inputs, session.results(), run.answers)
    except ResolutionError:
        filled = dict(run.step.inputs)
    return {**filled, **run.overrides}


# --- "push it back an hour": what the earlier plan changed or found ------------------------------------------------

_NAMING = {"event": ("query", "attendee"), "email": ("sender", "from", "to", "query", "subject", "threadId")}
_CHANGED_BY = {"event": ("create_calendar_event", "update_calendar_event", "respond_to_event")}


def with_earlier_record(earlier: Session, text: str, plan: Plan, goal: Goal) -> FollowUp | None:
    """A new request that points back ("push it back an hour", "move that meeting to 3pm", "reply to it") after a
    plan that changed or found what it points at: the plan's read of an unnamed thing becomes a read carried from
    the earlier plan (standing done with its records), so that thing is what changes, never the next one a fresh
    read would find. Of several found where the change is to one, ``which`` is that read: the user picks. The place
    said among several listed ("decline the second one, keep the priya one") is the thing meant, whatever other words
    of the request the read took as values. None when ``text`` points at nothing, or the plan names what it changes."""
    pointing, person = points_back(text), names_them(text)  # "a task to follow up with him": the record made
    person = person or points_by_owner(text)  # "stick a note on his lead": the lead just found or changed
    pronoun = points_with_pronoun(text)  # "decline it, sarah can fill in for me": the event just answered
    pointing = pointing or _answers_unnamed_mail(plan)  # "reply saying …" right after reading an email: that one
    pointing = pointing or ordinal_named(text, _ANY_LENGTH) is not None  # "decline the second one": of those listed
    if not pointing and not person:
        return None
    steps, known, which, aimed = list(plan.steps), {}, None, False
    for index, step in enumerate(plan.steps):
        if asks_which_record(step):  # "put a note on it": the record the earlier plan changed or found
            found, inputs, record_type = _earlier_record(earlier)
            if not found:
                continue
            which = step.id if len(found) > 1 else which
            intent = f"“{_name(found[0])}” from your last plan" if len(found) == 1 else f"The {len(found)} found"
            steps[index] = step.model_copy(update={"intent": intent, "arguments": {"input": inputs}})
            steps = [_about_retyped(other, step.id, record_type) for other in steps]
            if len(found) == 1 and isinstance(found[0], dict):  # "follow up w/ him": with Hank Scorpio
                steps = [with_name(other, step.id, found[0]) for other in steps]
            known[step.id] = found
            continue
        kind = next((k for k, tool in READS.items() if tool == step.tool), None) if pointing else None
        use = used_as_target(plan, step.id, kind) if kind is not None else None
        if kind is None or use is None:
            continue
        entity = step.inputs.get("entityType") if kind == "record" else None
        found, inputs = _referred(earlier, kind, entity)
        shown = person_shown(earlier) if not found and kind == "email" and _unnamed(kind, step) else None
        if shown is not None:  # "reply saying …" right after looking John Park up: his newest mail
            intent = f"Find the last email from {shown.get('name') or shown['email']}"
            arguments = {"input": read_of_their_mail(shown)}
            steps[index] = step.model_copy(update={"intent": intent, "arguments": arguments})
            aimed = True
            continue
        if not found:
            continue
        place = ordinal_named(text, len(found)) if len(found) > 1 and use == "one" else None
        if place is None and not _unnamed(kind, step) and not (_changed_one(earlier, kind) and pronoun):
            continue  # a read naming a thing of its own, not by its place listed nor as "it" of the thing just changed
        if place is not None:  # "decline the second one": that one of those listed
            found = [found[place - 1]]
        if len(found) == 1:
            inputs = read_again(kind, found[0], entity, None) or inputs
        elif use == "one":
            which = step.id
        several = f"The {len(found)} found by your last plan"
        intent = f"“{_name(found[0])}” from your last plan" if len(found) == 1 else several
        steps[index] = step.model_copy(update={"intent": intent, "arguments": {"input": inputs}})
        known[step.id] = found
    if not known and not aimed:
        return None
    follow = FollowUp(Plan(steps=tuple(steps)), goal, "follow-up: what the last plan found", known=known)
    follow.which = which
    return follow


_RECORD_TYPES: frozenset[str] = frozenset(get_args(RecordType))
_ANY_LENGTH = 99  # a list this long holds any place a request names ("the second one", "the last one")


def asks_which_record(step: Step) -> bool:
    """The read of the record a note or task is about, when the request named none (its name is asked)."""
    return step.tool == "fetch_entity" and step.inputs.get("filters") == {"name": placeholder("record")}


def _earlier_record(earlier: Session) -> tuple[list[dict[str, Any]], dict[str, Any], str]:
    """The record (contact, lead, deal, account) the earlier plan last changed, as it left it, else what its last
    read of records found; with the arguments of a read that finds it again, and its type."""
    for run in reversed(earlier.steps):
        if run.state != "done" or run.step.tool not in ("create_entity", "update_entity", "fetch_entity"):
            continue
        args = ran_with(earlier, run)
        entity = args.get("entityType")
        if not isinstance(entity, str) or entity not in _RECORD_TYPES:
            continue
        if run.kind == "write":
            left = left_by(earlier, run)
            inputs = read_again("record", left, entity, None) if left else None
            if left and inputs:
                return [left], inputs, entity
            continue
        found = [item for item in run.result or [] if isinstance(item, dict) and item.get("id")]
        if found:
            return found, args, entity
    return [], {}, ""


def _about_retyped(step: Step, read_id: str, entity: str) -> Step:
    """A note's or task's ``about`` taken from ``read_id``, said to be of the type that read finds."""
    fields = step.inputs.get("fields")
    about = fields.get("about") if isinstance(fields, dict) else None
    if not isinstance(fields, dict) or not isinstance(about, dict):
        return step
    if not any(ref.step_id == read_id for ref in references_in(about)):
        return step
    inputs = {**step.inputs, "fields": {**fields, "about": {**about, "entityType": entity}}}
    return step.model_copy(update={"arguments": {"input": inputs}})


def ask_which(session: Session, follow: FollowUp, label: Callable[[Any], str], now: datetime) -> AskValue | None:
    """When ``follow`` carries several things where one is meant: the question which (as a lookup that found several
    asks it), its run waiting; None otherwise. ``label``: an item as the requester reads it."""
    if follow.which is None:
        return None
    run = session.step(follow.which)
    found = list(follow.known[follow.which])
    run.state = "waiting"
    prompt = f"Your last plan found {len(found)}. Which one do you mean? Reply with a number."
    session.question = Question(kind="pick", step_id=run.id, prompt=prompt, asked_at=now, options=found[:5])
    session.state = "collecting"
    return AskValue(text=prompt, options=[label(item) for item in found[:5]])


def used_as_target(plan: Plan, read_id: str, kind: str | None) -> Literal["one", "each"] | None:
    """How a write of ``kind`` takes its target from the read: its first item ("one") or each of them."""
    for step in plan.steps:
        if KINDS.get(step.tool) != kind:
            continue
        if step.for_each and any(ref.step_id == read_id for ref in references_in(step.for_each)):
            return "each"
        name = next((n for n in ID_ARGUMENTS if n in step.inputs), None)
        refs = references_in(step.inputs.get(name)) if name else []
        if any(ref.step_id == read_id and ref.path[:2] == ("data", 0) for ref in refs):
            return "one"
    return None


def _answers_unnamed_mail(plan: Plan) -> bool:
    """Whether the plan replies to (or forwards) an email its read names in no way ("reply saying I'll send it
    friday"): the one a person means is the one just read with them, not the newest in the mailbox."""
    return any(
        step.tool == "fetch_emails" and _unnamed("email", step) and used_as_target(plan, step.id, "email") is not None
        for step in plan.steps
    )


def _unnamed(kind: str, step: Step) -> bool:
    """Whether a read names no thing of its own: no words to match but "that meeting", "it" and the like."""
    inputs = step.inputs
    if kind == "record":
        filters = inputs.get("filters") or {}
        return all(isinstance(v, str) and names_nothing(v) for v in filters.values())
    return all(
        not inputs.get(key) or (isinstance(inputs[key], str) and names_nothing(inputs[key])) for key in _NAMING[kind]
    )


def _changed_one(earlier: Session, kind: Kind) -> bool:
    """Whether the earlier plan changed a thing of ``kind`` (made, changed or answered it)."""
    return any(
        run.state == "done" and run.kind == "write" and run.step.tool in _CHANGED_BY.get(kind, ())
        for run in earlier.steps
    )


def _referred(earlier: Session, kind: Kind, entity: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """What the earlier plan last changed of ``kind`` (as it left it), else what its last read of that kind found,
    with the arguments of that read."""
    for run in reversed(earlier.steps):
        if run.state == "done" and run.kind == "write" and run.step.tool in _CHANGED_BY.get(kind, ()):
            left = left_by(earlier, run)
            return ([left], {}) if left else ([], {})
    for run in reversed(earlier.steps):
        if run.state != "done" or run.step.tool != READS[kind] or not isinstance(run.result, list):
            continue
        if kind == "record" and ran_with(earlier, run).get("entityType") != entity:
            continue
        found = [item for item in run.result if isinstance(item, dict) and item.get("id")]
        if found:
            return found, ran_with(earlier, run)
    return [], {}
