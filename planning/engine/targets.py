"""What an approval changes, in words: the thing a write acts on (an event, an email, a record) and each field before
and after, so nobody has to judge ``eventId event-8``; for a new thing, what it will be.

The thing is found where the plan took its id from: an earlier read's result (``{{find.result.data[0].id}}``) or
the current item of a repeated step. The words themselves are made in ``target_text``.
"""

from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.resolve import ResolutionError, lookup, resolve
from planning.engine.session import Session, StepRun
from planning.engine.target_text import Change, Target, describe, describe_new
from planning.engine.wording import money, when_text
from planning.references import parse_reference, templates_in

__all__ = [
    "Change",
    "Target",
    "about_of",
    "describe",
    "money",
    "names_of",
    "record_of",
    "replace_record",
    "source_of",
    "step_heading",
    "target_of",
    "when_text",
]

ID_ARGUMENTS = ("eventId", "messageId", "id", "replyTo")


def target_of(session: Session, run: StepRun, arguments: dict[str, Any]) -> Target | None:
    """The target of a write: the thing it acts on as the read found it, or what a new thing will be; None when
    the thing acted on is not known (an id given as such)."""
    tz = _zone(session.tz)
    record = record_of(session, run)
    about = about_of(session, run)
    undo = run.step.id.startswith("undo")
    names = names_of(session)
    if record is not None:
        return describe(run.step.tool, record, arguments, tz, about=about, undo=undo, names=names)
    if any(arguments.get(name) for name in ID_ARGUMENTS):
        return None
    return describe_new(run.step.tool, arguments, tz, about=about, undo=undo, names=names)


def names_of(session: Session) -> dict[str, str]:
    """People's names by address (lower case), from what the plan's reads found: contacts and leads."""
    names: dict[str, str] = {}

    def visit(value: Any, depth: int) -> None:
        if depth > 3:
            return
        if isinstance(value, list):
            for item in value[:200]:
                visit(item, depth + 1)
        elif isinstance(value, dict):
            email, name = value.get("email"), value.get("name")
            if isinstance(email, str) and isinstance(name, str) and "@" in email and name.strip():
                names.setdefault(email.strip().lower(), name.strip())
            record_id = value.get("id")
            if isinstance(record_id, str) and isinstance(name, str) and name.strip():  # a contact or calendar by id
                names.setdefault(record_id.strip().lower(), name.strip())
            visit(value.get("data"), depth + 1)

    for result in session.results().values():
        visit(result, 0)
    return names


def step_heading(session: Session, run: StepRun) -> str:
    """A write's line in the plan, its questions and who decided: the heading of the thing it acts on when that
    thing is known ("Move “Pipeline review” (Thu 5 Mar 14:00)"), else the planner's intent ("Change the event")."""
    undo = run.step.id.startswith("undo") and run.step.tool == "create_calendar_event"  # made again: named by it
    if run.kind != "write" or run.step.for_each is not None or (record_of(session, run) is None and not undo):
        return run.step.intent
    if run.edited is not None:
        arguments = dict(run.edited)
    else:
        try:
            arguments = {**resolve(run.step.inputs, session.results(), run.answers), **run.overrides}
        except ResolutionError:  # a value still to ask: the thing is named all the same
            arguments = {}
    target = target_of(session, run, {k: v for k, v in arguments.items() if v is not None})
    return target.heading if target is not None and target.heading else run.step.intent


def record_of(session: Session, run: StepRun) -> dict[str, Any] | None:
    """The thing a write acts on, as the read that found it returned it (its values before the write)."""
    found = _referenced_record(session, run)
    return found if isinstance(found, dict) else None


def source_of(session: Session, run: StepRun) -> tuple[StepRun, tuple[str | int, ...]] | None:
    """The read that found the thing a write acts on, and where in its ``data`` the thing is (``(0,)``)."""
    for name in ID_ARGUMENTS:
        value = run.step.inputs.get(name)
        bodies = templates_in(value) if isinstance(value, str) else []
        ref = parse_reference(bodies[0]) if len(bodies) == 1 else None
        if ref is None or len(ref.path) < 2 or ref.path[0] != "data" or ref.path[-1] != "id":
            continue
        try:
            return session.step(ref.step_id), ref.path[1:-1]
        except KeyError:
            return None
    return None


def replace_record(session: Session, run: StepRun, record: dict[str, Any]) -> bool:
    """Put ``record`` (the thing read again) where the read that found it keeps it, so that the card and the
    write take their values from it; False when it has no such place."""
    found = source_of(session, run)
    if found is None:
        return False
    source, path = found
    if not path:
        source.result = record
        return True
    holder: Any = source.result
    for part in path[:-1]:
        try:
            holder = holder[part]
        except (KeyError, IndexError, TypeError):
            return False
    try:
        holder[path[-1]] = record
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _referenced_record(session: Session, run: StepRun) -> Any:
    inputs = run.step.inputs
    for name in ID_ARGUMENTS:
        value = inputs.get(name)
        bodies = templates_in(value) if isinstance(value, str) else []
        ref = parse_reference(bodies[0]) if len(bodies) == 1 else None
        if ref is None or not ref.path or ref.path[-1] != "id":
            continue
        source = session.results().get(ref.step_id)
        try:
            return lookup(source, ref.__class__(ref.step_id, ref.path[:-1]))
        except ResolutionError:
            return None
    return None


def about_of(session: Session, run: StepRun) -> dict[str, Any] | None:
    """The record a new note or task is about, as the read that found it returned it."""
    fields = run.step.inputs.get("fields")
    about = fields.get("about") if isinstance(fields, dict) else None
    value = about.get("id") if isinstance(about, dict) else about
    bodies = templates_in(value) if isinstance(value, str) else []
    ref = parse_reference(bodies[0]) if len(bodies) == 1 else None
    if ref is None or not ref.path:
        return None
    path = ref.path[:-1] if ref.path[-1] == "id" else ref.path
    try:
        found = lookup(session.results().get(ref.step_id), ref.__class__(ref.step_id, path))
    except ResolutionError:
        return None
    return found if isinstance(found, dict) else None


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
