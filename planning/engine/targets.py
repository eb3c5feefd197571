"""What an approval changes, in words: the thing a write acts on (an event, an email, a record) and each field before
and after, so nobody has to judge ``eventId event-8``.

The thing is found where the plan took its id from: an earlier read's result (``{{find.result.data[0].id}}``) or
the current item of a repeated step. Times are shown in the requester's zone with the zone's name.
"""

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict

from planning.engine.resolve import ResolutionError, lookup
from planning.engine.session import Session, StepRun
from planning.references import parse_reference, templates_in

ID_ARGUMENTS = ("eventId", "messageId", "id")
MAX_PEOPLE = 50


class Change(BaseModel):
    model_config = ConfigDict(frozen=True)
    field: str
    before: str
    after: str


class Target(BaseModel):
    """The thing an approval acts on: what it is (``kind``), its name, the facts that identify it, the changes."""

    model_config = ConfigDict(frozen=True)
    kind: str
    name: str
    facts: list[str] = []
    changes: list[Change] = []


def target_of(session: Session, run: StepRun, arguments: dict[str, Any]) -> Target | None:
    """The target of a write with one thing to act on; None when it creates something or the thing is unknown."""
    record = record_of(session, run)
    if record is None:
        return None
    tz = ZoneInfo(session.tz)
    return describe(run.step.tool, record, arguments, tz)


def describe(tool: str, record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo) -> Target:
    if tool in ("update_calendar_event", "delete_calendar_event", "respond_to_event") or "startTime" in record:
        return _event(record, arguments, tz)
    if tool in ("reply_email", "forward_email") or ("subject" in record and "from" in record):
        return _email(record, tz)
    return _record(record, arguments, tz)


def when_text(value: Any, tz: ZoneInfo, end: Any = None) -> str:
    """ "Thu 5 Mar, 14:00–14:30 EST" in the requester's zone."""
    start = _moment(value, tz)
    if start is None:
        return str(value)
    text = f"{start:%a} {start.day} {start:%b}, {start:%H:%M}"
    finish = _moment(end, tz)
    if finish is not None:
        text += (
            f"–{finish:%H:%M}"
            if finish.date() == start.date()
            else f" – {finish:%a} {finish.day} {finish:%b}, {finish:%H:%M}"
        )
    return f"{text} {start.tzname()}"


def money(value: Any) -> str:
    """ "$125,000" for an amount (the account's currency is not known here: the dollar sign is what CRMs show)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"${value:,.0f}" if float(value).is_integer() else f"${value:,.2f}"
    return str(value)


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


def _event(record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo) -> Target:
    facts = [when_text(record.get("startTime"), tz, record.get("endTime"))]
    people = [str(p) for p in record.get("attendees") or []]
    if people:
        shown = people[:MAX_PEOPLE]
        more = f" and {len(people) - MAX_PEOPLE} more" if len(people) > MAX_PEOPLE else ""
        facts.append("with " + ", ".join(shown) + more)
    organizer = record.get("organizer")
    if organizer and (record.get("myResponse") not in (None, "accepted") or arguments.get("response")):
        facts.append(f"organised by {organizer}")
    return Target(
        kind="event",
        name=str(record.get("title") or "an event"),
        facts=facts,
        changes=_event_changes(record, arguments, tz),
    )


def _event_changes(record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo) -> list[Change]:
    changes: list[Change] = []
    start, end = _moment(record.get("startTime"), tz), _moment(record.get("endTime"), tz)
    shift = arguments.get("shiftMinutes")
    if isinstance(shift, int) and start is not None:
        moved_end = end + timedelta(minutes=shift) if end else None
        after = when_text(
            (start + timedelta(minutes=shift)).isoformat(), tz, moved_end.isoformat() if moved_end else None
        )
        changes.append(
            Change(field="time", before=when_text(record.get("startTime"), tz, record.get("endTime")), after=after)
        )
    if "startTime" in arguments:
        changes.append(
            Change(
                field="start",
                before=when_text(record.get("startTime"), tz),
                after=when_text(arguments["startTime"], tz),
            )
        )
    for key in ("title", "location", "description", "durationMinutes"):
        if key in arguments and arguments[key] != record.get(key):
            changes.append(Change(field=key, before=str(record.get(key) or "—"), after=str(arguments[key])))
    if arguments.get("addAttendees"):
        changes.append(
            Change(field="attendees", before="", after="+ " + ", ".join(map(str, arguments["addAttendees"])))
        )
    if arguments.get("removeAttendees"):
        changes.append(
            Change(field="attendees", before="", after="− " + ", ".join(map(str, arguments["removeAttendees"])))
        )
    if "response" in arguments:
        changes.append(
            Change(
                field="your answer",
                before=str(record.get("myResponse") or "none yet"),
                after=str(arguments["response"]),
            )
        )
    return changes


def _email(record: dict[str, Any], tz: ZoneInfo) -> Target:
    people = [str(p) for p in record.get("to") or [] if p] if not record.get("from") else []
    facts = [f"to {', '.join(people)}"] if people else [f"from {record.get('from')}"]  # to: one the user sent
    if record.get("date"):
        facts.append(when_text(record["date"], tz))
    if record.get("attachments"):
        facts.append(
            f"{len(record['attachments'])} attachment(s): "
            + ", ".join(str(a.get("name")) for a in record["attachments"] if isinstance(a, dict))
        )
    return Target(kind="email", name=str(record.get("subject") or "(no subject)"), facts=facts)


def _record(record: dict[str, Any], arguments: dict[str, Any], tz: ZoneInfo) -> Target:
    name = str(record.get("name") or record.get("subject") or record.get("body") or record.get("id"))
    kind = str(arguments.get("entityType") or "record").lower()
    facts = [
        f"{key} {money(record[key]) if key == 'amount' else record[key]}"
        for key in ("company", "email", "stage", "amount")
        if record.get(key) not in (None, "")
    ]
    changes = [
        Change(field=key, before=_shown(key, record.get(key)), after=_shown(key, value))
        for key, value in (arguments.get("fields") or {}).items()
        if record.get(key) != value
    ]
    return Target(kind=kind, name=name, facts=facts, changes=changes)


def _shown(key: str, value: Any) -> str:
    if value in (None, ""):
        return "—"
    return money(value) if key == "amount" else str(value)


def _moment(value: Any, tz: ZoneInfo) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment.astimezone(tz) if moment.tzinfo else None
