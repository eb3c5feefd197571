"""A follow-up that changes a field of the CRM record the last plan made or changed: "actually make it due fri" after
a task was added, "push the close date to apr 15" after a deal was updated, "oh and her cell is …" after a contact was
added; or of the one record its last read found ("she has a new number, …" after a contact was looked up). It becomes
one update of that record, acting on it as the earlier plan left it (read again before the change runs, like any
follow-up: :func:`planning.engine.followups.acting_on`)."""

from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any, get_args

from integrations.base.records import DATE_FIELDS, FIELDS_BY_ENTITY, READ_ONLY_FIELDS
from planning.engine.answers import Parsed, parse_answer
from planning.engine.followups import FollowUp, acting_on, left_by, ran_with
from planning.engine.session import Session, StepRun
from planning.engine.wording import name_in_words
from planning.references import placeholder, reference
from planning.types import Entity, Goal, Plan, Step
from planning.understanding.commands import OWNER, RecordChange

_WRITES = ("create_entity", "update_entity")
_GOAL_ENTITIES: dict[str, Entity] = {
    "Contact": "contact",
    "Lead": "lead",
    "Deal": "deal",
    "Account": "account",
    "Note": "note",
    "Task": "task",
}


def records_changed(earlier: Session, commands: tuple[RecordChange, ...], now: datetime) -> FollowUp | None:
    """Each change on its own record of those ``earlier`` listed ("mark the quote one done, and the proposal one -
    push to wed"), one plan of an update each; None when one of them is no such change."""
    follows = [record_changed(earlier, command, now, tag=f"_{n}" if n else "") for n, command in enumerate(commands)]
    if not follows or any(follow is None for follow in follows):
        return None
    made = [follow for follow in follows if follow is not None]
    steps = tuple(step for follow in made for step in follow.plan.steps)
    known = {key: value for follow in made for key, value in follow.known.items()}
    return FollowUp(Plan(steps=steps), made[0].goal, "follow-up: the fields of the records named changed", known=known)


def record_changed(earlier: Session, command: RecordChange, now: datetime, tag: str = "") -> FollowUp | None:
    """The update ``command`` asks for on the record ``earlier`` made or changed last that has the field, else on the
    one record its last read found ("what's Dana's number?" → "she has a new one, …, update it"); with the changes said
    with it (``also``: "bump him to contacted, and his email is …") in the same update. None when no such record, or a
    value does not read as one for its field (then the words are a request of their own)."""
    for run in reversed(earlier.steps):
        listed = command.among[0] if command.among else command.record  # of several it may be: the first, for now
        record = _record_of(earlier, run, listed) if command.option is None else _option(run, command.option)
        entity = ran_with(earlier, run).get("entityType") if record else None
        field = _field_of(entity, command.field)
        if field is None or not record or not isinstance(entity, str):
            continue
        if field == OWNER:  # "put it on john smith": given to the person found by that name
            return _given(record, entity, command.value, tag)
        if command.shift_days is not None:  # "push the close date out two weeks": from the date it has
            moved = _shifted(record.get(field), command.shift_days)
            if moved is None:
                continue
            first: Any = moved
        else:
            parsed = _read_for(entity, field, command.value, now)
            if not parsed.ok and field not in _ASKED_AGAIN:
                return None
            first = parsed.value if parsed.ok else placeholder(field)  # "her cell is 555 0190": which area code?
        fields = {field: first}
        for said, value in command.also:
            other = _field_of(entity, said)
            also = _read_for(entity, other, value, now) if other is not None else None
            if other is None or also is None or not also.ok:
                return None
            fields.setdefault(other, also.value)
        follow = _update(record, entity, field, fields if len(fields) > 1 else first, tag=tag)
        return _among(follow, earlier, run, command.among) if command.among else follow
    return None


def _among(follow: FollowUp, earlier: Session, run: StepRun, among: tuple[int, ...]) -> FollowUp | None:
    """``follow``, the change made to the first of the records ``run`` listed that the words fit, made to the one of
    ``among`` (from 1) the requester picks: its read carries them all and asks which ("mark the acme one done" of two
    Acme tasks), read as the list was. None when ``run`` listed none of them."""
    found = [item for item in run.result if isinstance(item, dict) and item.get("id")] if run.result else []
    records = [found[n - 1] for n in among if 0 < n <= len(found)]
    carried = next((step for step in follow.plan.steps if step.id in follow.known), None)
    if len(records) < 2 or carried is None:
        return None
    kind = str(ran_with(earlier, run).get("entityType") or "record").lower()
    read = carried.model_copy(
        update={"intent": f"The {len(records)} {kind}s it may be", "arguments": {"input": dict(ran_with(earlier, run))}}
    )
    name = f"“{found[among[0] - 1].get('name') or found[among[0] - 1].get('subject') or ''}”"
    steps = tuple(
        read if step.id == carried.id else step.model_copy(update={"intent": step.intent.replace(name, f"the {kind}")})
        for step in follow.plan.steps
    )
    known = {**follow.known, carried.id: records}
    return replace(follow, plan=Plan(steps=steps), known=known, which=carried.id)


def _given(record: dict[str, Any], entity: str, who: str, tag: str) -> FollowUp:
    """The update that gives the record to the person named, by the name the CRM has for them: their contact is
    looked up first (several: the person picks; none: the lookup says so), as a request's owner is."""
    find = Step(
        id=f"find_owner{tag}",
        intent=f"Find {who}'s contact record",
        tool="fetch_entity",
        arguments={"input": {"entityType": "Contact", "filters": {"name": who}}},
    )
    follow = _update(record, entity, OWNER, reference(find.id, "data[0].name"), "the record given to someone", tag=tag)
    last = follow.plan.steps[-1]
    given = last.model_copy(update={"depends_on": (*last.depends_on, find.id)})
    steps = (find, *follow.plan.steps[:-1], given)
    return FollowUp(Plan(steps=steps), follow.goal, follow.explanation, known=follow.known)


def _read_for(entity: str, field: str, value: str, now: datetime) -> Parsed:
    """``value`` read for ``field`` of a record of ``entity``: where the record's own field holds a closed set (a
    task's status: open or done; a lead's: new, contacted, …), one of that set, else as the field's type reads it."""
    model = FIELDS_BY_ENTITY.get(entity)
    info = model.model_fields.get(field) if model is not None else None
    options = [arg for kind in get_args(info.annotation) for arg in get_args(kind)] if info is not None else []
    if not options or not all(isinstance(option, str) for option in options):
        return parse_answer(field, value, now)
    wanted = "_".join(value.strip().casefold().replace("-", " ").split())
    matches = [o for o in options if o == wanted] or [o for o in options if wanted and o.startswith(wanted)]
    if len(matches) == 1:
        return Parsed(value=matches[0])
    return Parsed(problem=f"choose one of: {', '.join(options)}")


def _shifted(current: Any, days: int) -> str | None:
    """The ISO date ``days`` after ``current`` (an ISO date, or an ISO time whose date counts); None without one."""
    if not isinstance(current, str) or len(current) < _ISO_DATE:
        return None
    try:
        return (date.fromisoformat(current[:_ISO_DATE]) + timedelta(days=days)).isoformat()
    except ValueError:
        return None


_ISO_DATE = len("2026-01-01")
_ASKED_AGAIN = frozenset({"phone"})  # a value its form says is one (a phone number) that cannot be stored: asked


def _record_of(earlier: Session, run: StepRun, listed: int | None = None) -> dict[str, Any] | None:
    """The record a finished step of ``earlier`` made or changed (as it left it), or the only one a read found; with
    ``listed``, the one of that number (from 1) among those the read found."""
    if run.state != "done":
        return None
    if listed is None and run.kind == "write" and run.step.tool in _WRITES and not run.used_existing:
        return left_by(earlier, run)
    if run.step.tool == "fetch_entity" and isinstance(run.result, list):
        found = [item for item in run.result if isinstance(item, dict) and item.get("id")]
        if listed is not None:
            return found[listed - 1] if 0 < listed <= len(found) else None
        return found[0] if len(found) == 1 else None
    return None


def _option(run: StepRun, option: int) -> dict[str, Any] | None:
    """Another of the records a finished lookup was picked among ("update park" of the two Johns): the option of that
    number (from 0), when it is not the one picked."""
    options = [item for item in run.picked_from or [] if isinstance(item, dict) and item.get("id")]
    picked = run.result if isinstance(run.result, list) else []
    if run.state != "done" or not 0 <= option < len(options) or options[option] in picked:
        return None
    return options[option]


def _field_of(entity: Any, said: str) -> str | None:
    """The record's field ``said`` names ("date": the one date a task or a deal has), if the record has it."""
    model = FIELDS_BY_ENTITY.get(entity) if isinstance(entity, str) else None
    if model is None:
        return None
    writable = [name for name in model.model_fields if name not in READ_ONLY_FIELDS.get(entity, frozenset())]
    if said == "date":
        dates = [name for name in writable if name in DATE_FIELDS]
        return dates[0] if len(dates) == 1 else None
    return said if said in writable else None


def made_again(earlier: Session, plan: Plan) -> FollowUp | None:
    """A request that makes again the record the last plan made or found, by its name ("add Jen Ortiz as a contact,
    cell 617 …" after she was added): an update of that record with the values that differ, never a second record;
    None when the plan is not one such create, or gives nothing new (the card then says the record exists)."""
    if len(plan.steps) != 1 or plan.steps[0].tool != "create_entity":
        return None
    inputs = plan.steps[0].inputs
    entity, fields = inputs.get("entityType"), inputs.get("fields")
    name = fields.get("name") if isinstance(fields, dict) else None
    if not isinstance(entity, str) or not isinstance(fields, dict) or not isinstance(name, str) or not name.strip():
        return None
    for run in reversed(earlier.steps):
        record = _record_of(earlier, run)
        if (
            not record
            or ran_with(earlier, run).get("entityType") != entity
            or _folded(record.get("name")) != _folded(name)
        ):
            continue
        new = {key: value for key, value in fields.items() if _new_value(value) and record.get(key) != value}
        new.pop("name", None)
        return _update(record, entity, next(iter(new)), new, "the record named again") if new else None
    return None


def _new_value(value: Any) -> bool:
    return value not in (None, "", []) and not (isinstance(value, str) and ("PLACEHOLDER_" in value or "{{" in value))


def _folded(value: Any) -> str:
    return " ".join(value.split()).casefold() if isinstance(value, str) else ""


def _update(
    record: dict[str, Any],
    entity: str,
    field: str,
    value: Any,
    why: str = "the record's field changed",
    *,
    tag: str = "",
) -> FollowUp:
    name = record.get("name") or record.get("subject") or f"the {entity.lower()}"
    fields = value if isinstance(value, dict) else {field: value}
    said = field if len(fields) == 1 else "details"
    step = Step(
        id=f"change{tag}",
        intent=f"Change the {name_in_words(said)} of “{name}”",
        tool="update_entity",
        arguments={"input": {"entityType": entity, "id": str(record["id"]), "fields": fields}},
    )
    known: dict[str, Any] = {}
    steps = acting_on(step, record, f"earlier_record{tag}", known)
    goal = Goal(intent="update", entity=_GOAL_ENTITIES.get(entity, "none"))
    return FollowUp(Plan(steps=tuple(steps)), goal, f"follow-up: {why}", known=known)


def names_another(follow: FollowUp, goals: tuple[Goal, ...]) -> bool:
    """Whether the request read from the words of a record's follow-up names a company or a person that is not the
    record it would change ("push initech to proposal" right after the Globex deal changed: the Initech deal's)."""
    records = [item for found in follow.known.values() if isinstance(found, list) for item in found]
    record = next((item for item in records if isinstance(item, dict)), None)
    if record is None:
        return False
    own = {word for key in ("name", "company", "email") for word in str(record.get(key) or "").casefold().split()}
    named = [name for goal in goals for name in (*goal.slots.companies, *goal.slots.people)]
    return any(not set(name.casefold().split()) <= own for name in named)
