"""What a reply is read with: the conversation's context, made from the open plan or from the last one that ended.

The engine never reads a reply's words: it hands them, with this context, to the understanding
(:func:`planning.understanding.commands.read_reply`) and acts on the commands that come back.
"""

from dataclasses import replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine import each
from planning.engine.answers import OPTIONAL, value_type
from planning.engine.free_times import free_times
from planning.engine.mail_unsent import unsent
from planning.engine.plan_people import plan_people
from planning.engine.record_corrections import record_fields
from planning.engine.session import Session, StepRun
from planning.engine.shown_values import shown_values
from planning.engine.targets import step_heading
from planning.understanding.commands import Command, Context, Decide, read_reply
from planning.understanding.commands.context import LeftBehind, PickMade
from planning.understanding.commands.values import ValueType as ValueKind

_BARE: tuple[ValueKind, ...] = ("datetime", "duration", "number", "choice", "text")  # "text": a day or time in it
_EVENT_WRITES = ("create_calendar_event", "update_calendar_event")
_SENDS = ("send_email", "reply_email", "forward_email")
_RECORD_WRITES = ("create_entity", "update_entity")


def read(text: str, session: Session, now: datetime | None = None) -> tuple[Command, ...]:
    """``text`` read as a reply to the plan open in ``session`` at ``now`` (the requester's time)."""
    return read_reply(text, replace(context_of(session), now=now))


def read_after(text: str, earlier: Session | None) -> tuple[Command, ...]:
    """``text`` read with no plan open in the thread: a follow-up on ``earlier`` (the last plan, ended), or a new
    request."""
    return read_reply(text, ended_context(earlier))


def context_of(session: Session) -> Context:
    question = session.question
    correctable = _correctable(session)
    fields = record_fields(session)
    if question is None:
        return Context(
            question="none", open_plan=True, correctable=correctable, record_fields=fields, people=plan_people(session)
        )
    name = question.name
    options: tuple[str, ...] = ()
    candidates: tuple[dict[str, Any], ...] = ()
    if question.kind == "pick":
        tz = _zone(session.tz)
        candidates = tuple(o for o in question.options if isinstance(o, dict))
        options = tuple(each.item_label(o, tz) for o in question.options)
    elif question.kind == "clarify":
        options = tuple(str(o.get("intent", "")) for o in question.options)
    elif question.kind == "approval" and question.step_id is not None:  # a list shown: its items, by number
        items = session.step(question.step_id).items
        options = tuple(each.item_label(item, _zone(session.tz)) for item in items or ())
    checks = question.checks
    return Context(
        question=question.kind,
        name=name,
        value_kind=value_type(name) if name else None,
        optional=name in OPTIONAL if name else False,
        options=options,
        candidates=candidates,
        choices=tuple((c.key, c.label) for c in checks.choices) if checks is not None else (),
        existing=checks is not None and checks.existing is not None,
        offered=question.offered is not None,
        open_plan=True,
        correctable=correctable,
        doing=_doing(session) if question.kind in ("approval", "value") else None,
        record_fields=fields,
        record_kind=_record_kind(session) if question.kind == "approval" else None,
        people=plan_people(session),
        sought=_sought(session) if question.kind == "recover" else None,
        shown=shown_values(session),
        picked=_picked(session) if question.kind == "approval" else (),
        steps=_steps(session) if question.kind in ("approval", "value") else (),
    )


def _picked(session: Session) -> tuple[PickMade, ...]:
    """The lookups of the plan answered by a pick, with the options shown and the one picked."""
    made: list[PickMade] = []
    for run in session.steps:
        options = [o for o in run.picked_from or [] if isinstance(o, dict)]
        result = run.result if isinstance(run.result, list) else []
        if run.state == "done" and len(options) > 1 and len(result) == 1 and result[0] in options:
            made.append(PickMade(tuple(options), options.index(result[0])))
    return tuple(made)


def _sought(session: Session) -> str | None:
    """The name the lookup asked about found nobody for ("bob" of a contact with name “bob”)."""
    question = session.question
    if question is None or question.step_id is None:
        return None
    run = session.step(question.step_id)
    filters = (run.edited or run.step.inputs).get("filters")
    name = filters.get("name") if isinstance(filters, dict) else None
    return name if isinstance(name, str) and "{{" not in name else None


def _steps(session: Session) -> tuple[tuple[str, str, str], ...]:
    """The plan's changes still to run, the one shown for approval first: (id, what it does, its heading and
    intent)."""
    question = session.question
    shown = question.step_id if question is not None else None
    runs = [run for run in session.steps if run.kind == "write" and run.state in ("pending", "waiting")]
    runs.sort(key=lambda run: run.id != shown)
    said = [(run, step_heading(session, run)) for run in runs]  # "Move “1:1 with Priya” (…)", "Change the event"
    return tuple((run.id, _does(run) or run.step.tool, f"{heading} {run.step.intent}") for run, heading in said)


def _record_kind(session: Session) -> str | None:
    """The kind of the record the step shown for approval writes ("Deal"); None for a step of another tool."""
    question = session.question
    if question is None or question.step_id is None:
        return None
    step = session.step(question.step_id).step
    kind = step.inputs.get("entityType") if step.tool in _RECORD_WRITES else None
    return kind if isinstance(kind, str) else None


def _doing(session: Session) -> str | None:
    """What the step shown for approval does: its tool, or for an answer to an invitation, the answer."""
    question = session.question
    if question is None or question.step_id is None:
        return None
    return _does(session.step(question.step_id))


def _does(run: StepRun) -> str | None:
    """What a step does: its tool, or for an answer to an invitation, the answer."""
    step = run.step
    if step.tool == "respond_to_event":  # as corrected at the card ("make it tentative instead"), else as planned
        response = run.overrides.get("response", step.inputs.get("response"))
        return str(response) if isinstance(response, str) else None
    return step.tool


def ended_context(earlier: Session | None) -> Context:
    if earlier is None or earlier.open:
        return Context()
    left: set[LeftBehind] = set()
    for run in earlier.steps:
        if _found_one_record(run):  # "what's Dana's number?": the record found may be changed next
            left.add("record")
        if run.step.tool == "send_email" and unsent(earlier, run):  # "send that same note to priya" after a cancel
            left.add("unsent")
        if run.state != "done" or run.kind != "write":
            continue
        left.add("changes")
        if run.step.tool in _EVENT_WRITES:
            left.add("event")
        if run.step.tool in _SENDS:
            left.add("email")
        if run.step.tool == "update_email":
            left.add("mail_marks")
        if run.step.tool in _RECORD_WRITES:
            left.add("record")
    slots = free_times(earlier)
    if slots and "changes" not in left:  # a search for free time, nothing booked: one of its times may be taken
        return Context(left=frozenset({"free_time", *left}), candidates=tuple(slots))
    listed = records_listed(earlier) if "changes" not in left else []
    if len(listed) > 1:  # "the acme one, bump it to 52k": one of the records the read listed may be changed next
        return Context(left=frozenset({"records", *left}), candidates=tuple(listed))
    shown = (_titles_made(earlier) if "event" in left else ()) + (_fields_written(earlier) if "record" in left else ())
    one = tuple(listed) if len(listed) == 1 else ()  # "mark the questionnaire one done": the one record its read found
    return Context(left=frozenset(left), shown=shown, candidates=one, picked=_picked(earlier))


def _fields_written(earlier: Session) -> tuple[tuple[str, str], ...]:
    """The fields the plan wrote to CRM records, as (field, value): a follow-up may say which it replaces ("0198 not
    0199" after a phone was saved), or a number at the scale of the one written ("make it 53" after $50,000)."""
    out: list[tuple[str, str]] = []
    for run in earlier.steps:
        if run.state != "done" or run.step.tool not in _RECORD_WRITES:
            continue
        fields = (run.edited or run.step.inputs).get("fields")
        for field, value in fields.items() if isinstance(fields, dict) else ():
            if isinstance(value, str) and value and "{{" not in value:
                out.append((field, value))
            elif isinstance(value, int | float) and not isinstance(value, bool):  # "make it 53" after $50,000
                out.append((field, str(value)))
    return tuple(out)


def _titles_made(earlier: Session) -> tuple[tuple[str, str], ...]:
    """The titles, starts, places and people of the events the plan made or changed, as ("title", title),
    ("startTime", ISO), ("location", place) and ("attendees", address): a follow-up may name one by its title, say its
    end alone, or the place or the person it replaces."""
    out: list[tuple[str, str]] = []
    for run in earlier.steps:
        if run.state != "done" or run.step.tool not in _EVENT_WRITES:
            continue
        made = run.result if isinstance(run.result, dict) else {}
        title = made.get("title") or (run.edited or run.step.inputs).get("title")
        if isinstance(title, str) and title and "{{" not in title:
            out.append(("title", title))
        start = made.get("startTime")
        if isinstance(start, str) and start:  # "make it end at 4": the length from the start it has
            out.append(("startTime", start))
        place = made.get("location") or (run.edited or run.step.inputs).get("location")
        if isinstance(place, str) and place and "{{" not in place:  # "luigi's instead of cafe roma"
            out.append(("location", place))
        people = made.get("attendees")
        for person in people if isinstance(people, list) else ():  # "i meant maria not tom": one of them replaced
            if isinstance(person, str) and "@" in person:
                out.append(("attendees", person))
    return tuple(out)


def records_listed(earlier: Session) -> list[dict[str, Any]]:
    """The CRM records the last read of ``earlier`` found, in the order shown."""
    for run in reversed(earlier.steps):
        if run.state == "done" and run.step.tool == "fetch_entity" and isinstance(run.result, list):
            return [item for item in run.result if isinstance(item, dict) and item.get("id")]
    return []


def _found_one_record(run: StepRun) -> bool:
    """Whether a finished read of CRM records found exactly one."""
    if run.state != "done" or run.step.tool != "fetch_entity" or not isinstance(run.result, list):
        return False
    return sum(1 for item in run.result if isinstance(item, dict) and item.get("id")) == 1


def _correctable(session: Session) -> tuple[ValueKind, ...]:
    """The kinds of value a bare correction may change: of the answers given and the values the request gave; an
    event's length, at the approval of the event's write."""
    question = session.question
    shown = session.step(question.step_id) if question is not None and question.step_id is not None else None
    kinds: list[ValueKind] = ["duration"] if shown is not None and shown.step.tool in _EVENT_WRITES else []
    for run in session.steps:
        if run.state not in ("pending", "waiting"):
            continue
        for name in [*run.answers, *run.step.inputs]:
            kind = value_type(name)
            if kind in _BARE and kind not in kinds:
                kinds.append(kind)
    return tuple(kinds)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def decides(text: str) -> bool:
    """Whether ``text`` tries to decide on a plan (approve, skip, edit, cancel) — someone else's attempt in a
    channel thread is answered that it is not theirs, other chatter is left alone."""
    commands = read_reply(text, Context(question="approval", open_plan=True))
    return any(isinstance(c, Decide) and c.action in ("approve", "skip", "edit", "cancel") for c in commands)
