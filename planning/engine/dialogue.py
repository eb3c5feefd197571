"""Answers in the thread: values, choices, corrections, confirmations — as commands the understanding read
(:mod:`planning.understanding.commands`); nothing here reads words."""

from contextlib import suppress
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine import connections, each, edits, free_time_beside, left_out, recovery, timing
from planning.engine.answers import OPTIONAL, Parsed, parse_answer, value_type
from planning.engine.claims import OUTCOME_OPTIONS
from planning.engine.conflicts import moment
from planning.engine.day_move import on_day_said
from planning.engine.free_times import inside_free_time, moment_of
from planning.engine.in_words import label, value_in_words
from planning.engine.machine import StepMachine, window_asked
from planning.engine.mail_subject import subject_from_text
from planning.engine.plan_people import is_them, swapped, without_names
from planning.engine.record_corrections import at_scale_of, record_changed_by, record_write, with_field
from planning.engine.record_kind import PEOPLE_RECORDS, fields_kept, person_record_made, retyped
from planning.engine.recovery import RECORD_ASKED
from planning.engine.replies import AskValue, Reply, Say
from planning.engine.resolve import ResolutionError, resolve
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.engine.settings import EngineSettings
from planning.engine.text_edits import text_changes
from planning.engine.thread_files import ATTACHMENTS, NOT_A_FILE
from planning.engine.typed_titles import as_title
from planning.engine.week_answer import in_week_said
from planning.references import is_time_of_found
from planning.understanding.commands import (
    KIND,
    OWNER,
    REQUESTER,
    Answer,
    CannotHandle,
    Command,
    Correct,
    Decide,
    Pick,
    clock_without_day,
    names_a_day,
)
from planning.understanding.commands.edited import read_value
from planning.understanding.commands.records_named import record_named
from planning.understanding.kind_said import kind_in_its_place
from planning.understanding.normalize import clean
from planning.understanding.timeexpr import find_times
from planning.understanding.timewords import find_duration
from planning.understanding.weekday_said import in_week_of


class Dialogue:
    """Turns a reply in the thread into changes of the session; the machine then moves it on."""

    def __init__(self, *, machine: StepMachine, runner: ToolRunner, settings: EngineSettings) -> None:
        self._machine = machine
        self._runner = runner
        self._settings = settings

    async def answer(self, session: Session, command: Command, text: str, now: datetime) -> list[Reply]:
        """``command`` (read from ``text``) as the reply to the open question."""
        question = session.question
        if question is None:
            return []
        if question.kind == "value":
            return await self._value(session, command, text, now)
        if question.kind == "pick" and isinstance(command, Pick) and command.beside is not None:
            return await self._pick_beside(session, command)  # "the one right after my 1:1": that meeting read
        if question.kind == "pick":
            return self._pick(session, command)
        if question.kind == "recover":
            return await self._recover(session, command, text, now)
        if question.kind == "unknown_outcome":
            return self._unknown_outcome(session, command)
        if question.kind == "past_start":
            return self._past_start(session, command, text, now)
        if question.kind == "connect":  # any word: look for the account again (the step asks again without it)
            connections.stop_waiting(session)
        return []

    # --- corrections: "actually make it 4pm" -----------------------------------------------------------

    async def correct(self, session: Session, command: Correct, now: datetime) -> list[Reply] | None:
        """A correction of the open plan; None when it fits nothing the plan has."""
        if command.people:
            return await self._people(session, command, now)
        if command.field == KIND:
            return self._record_kind(session, command.value)
        if command.field == OWNER and record_write(session, OWNER) is not None:
            return await self._owner(session, command.value)
        if command.field is not None:
            return self._field_correction(session, command.field, command.value, now, command.replaces)
        for run, name in _correctable(session):  # "actually make it 4pm": an earlier answer first, else the request's
            current = self._current(session, run, name)
            value = _read_as(name, command.value, current, now)
            if value is not None:
                self._set(session, run, name, value)
                self._withdraw_approval(session, run)
                return [Say(private=True, text=_changed(session, run, name, value)), *self._kind(session, run, command)]
        return self._value_in_text(session, command, now)

    def _record_kind(self, session: Session, kind: str) -> list[Reply] | None:
        """ "make her a contact instead" at a new lead's card: the record made as a contact, with the fields said
        that a contact has; None when the plan makes no contact or lead."""
        run = person_record_made(session)
        old = run.step.inputs.get("entityType") if run is not None else None
        if run is None or not isinstance(old, str) or kind not in PEOPLE_RECORDS:
            return None
        if old == kind:
            return [Say(private=True, text=f"It is a {kind.lower()} already.")]
        fields = self._machine_value(session, run, "fields")
        retyped(run, kind)
        self._set(session, run, "fields", fields_kept(fields, kind))
        self._withdraw_approval(session, run)
        return [Say(private=True, text=f"Made it a {kind.lower()} instead of a {old.lower()}.")]

    def _kind(self, session: Session, run: StepRun, command: Correct) -> list[Reply]:
        """ "do coffee wed at 9 instead" at the card of “Lunch with Tom”: the kind of event it opens with takes the
        place of the title's (“Coffee with Tom”), said beside the time it changed."""
        title = self._machine_value(session, run, "title") if run.step.tool == "create_calendar_event" else None
        retitled = kind_in_its_place(title, command.value) if isinstance(title, str) else None
        if retitled is None:
            return []
        self._set(session, run, "title", retitled)
        return [Say(private=True, text=_changed(session, run, "title", retitled))]

    def _value_in_text(self, session: Session, command: Correct, now: datetime) -> list[Reply] | None:
        """ "say friday not thursday", "make it 300" where no value of the plan is one: the words or the value of that
        kind in the texts shown are changed (:mod:`.text_edits`); where no text has one, the user is asked what to
        change and the question stays open. None when the plan has no text."""
        found = text_changes(session, command.value, command.replaces, now, partial(self._machine_value, session))
        for run, name, text in found.changes:
            self._set(session, run, name, text)
            self._withdraw_approval(session, run)
        if found.changes:
            return [Say(private=True, text=_changed(session, run, name, text)) for run, name, text in found.changes]
        if found.problem is None:
            return None
        question = session.question
        replies: list[Reply] = [Say(text=found.problem, tone="problem")]
        if question is not None and question.kind == "approval" and question.step_id is not None:
            self._withdraw_approval(session, session.step(question.step_id))  # the card is shown again
        elif question is not None and question.kind == "value":
            replies.append(AskValue(text=question.prompt, field=question.name))
        return replies

    async def _people(self, session: Session, command: Correct, now: datetime) -> list[Reply] | None:
        """ "actually send it to Priya instead", "change the recipient to Tom", "invite Sarah instead": who an email
        goes to, or who an event invites, is replaced by the people named (looked up like any name), whatever is
        being asked at the moment; None when the plan has no one to replace."""
        keys = (command.field,) if command.field in ("to", "attendees") else ("to", "attendees")
        run = next(
            (
                r
                for r in reversed(session.steps)
                if r.state in ("pending", "waiting") and any(k in r.step.inputs for k in keys)
            ),
            None,
        )
        if run is None:
            return None
        heading = run.step.intent
        key = next(k for k in keys if k in run.step.inputs)
        if command.field == "cc" and key == "to" and run.step.tool in _COPIED:
            key = "cc"  # "cc john too": copied on the email, not one more recipient (an event has no Cc: attendees)
        if command.removing:  # "drop Tom": taken off the ones there
            return self._people_off(session, run, key, command.value, now)
        parsed = parse_answer(key, command.value, now)
        if not parsed.ok:
            return [Say(text=f"I could not change the {label(key)}: {parsed.problem}.", tone="problem")]
        found, problem = await self._addresses_for(session, parsed.names) if parsed.names else ([], None)
        if problem is not None:
            return [Say(text=f"I could not change the {label(key)}: {problem}.", tone="problem")]
        value = [*(parsed.value or []), *found]
        if command.adding:  # "send it to Tom as well": they join the ones there
            there = self._people_now(session, run, key)
            value = [*there, *(a for a in value if a not in there)]
        elif command.replaces:  # "not tom, sarah": the one named replaced, the others kept
            value = swapped(self._people_now(session, run, key), value, command.replaces)
        else:
            self._rename(session, run, parsed.names)
        self._set(session, run, key, value)
        question = session.question
        if question is not None and question.kind == "value" and question.step_id == run.id and question.name == key:
            session.question, run.state = None, "pending"
            return []
        self._withdraw_approval(session, run)
        replies: list[Reply] = [Say(private=True, text=_changed(session, run, key, value))]
        if question is not None and question.kind == "value" and session.question is question:
            question.prompt = question.prompt.replace(heading, run.step.intent)  # "… for “Email laura”?": renamed
            replies.append(AskValue(text=question.prompt, field=question.name))  # what was being asked still is
        return replies

    def _people_now(self, session: Session, run: StepRun, key: str) -> list[str]:
        """The addresses a step's recipients or attendees have now (someone still to be found: those known so far)."""
        try:
            current = self._machine.arguments(session, run).get(key)
        except ResolutionError:  # another value still asked: this one alone, as far as it is known
            current = self._machine_value(session, run, key)
            with suppress(ResolutionError):
                current = resolve(current, session.results(), run.answers)
        return [a for a in current if isinstance(a, str) and "@" in a] if isinstance(current, list) else []

    def _people_off(self, session: Session, run: StepRun, key: str, who: str, now: datetime) -> list[Reply]:
        """The people named taken off the recipients or attendees: each must be one of them (by address, or a name
        its address starts with); else nothing changes and the reply says who is there."""
        heading = run.step.intent
        there = self._people_now(session, run, key)
        parsed = parse_answer(key, who, now)
        named = [*(a.lower() for a in parsed.value or []), *(n.lower() for n in parsed.names)] if parsed.ok else []
        gone = [a for a in there if any(is_them(a, name) for name in named)]
        if not named or not gone or len(gone) < len(named):
            listed = ", ".join(there) or "no one"
            return [
                Say(text=f"I could not take “{who}” off the {label(key)} ({listed}). Nothing changed.", tone="problem")
            ]
        value = [a for a in there if a not in gone]
        if not value:
            text = f"Taking “{who}” off would leave no {label(key)}: nothing changed (say who it should go to instead)."
            return [Say(text=text, tone="problem")]
        self._set(session, run, key, value)
        run.step = run.step.model_copy(update={"intent": without_names(run.step.intent, parsed.names)})
        question = session.question
        self._withdraw_approval(session, run)
        replies: list[Reply] = [Say(private=True, text=_changed(session, run, key, value))]
        if question is not None and question.kind == "value" and session.question is question:
            question.prompt = question.prompt.replace(heading, run.step.intent)  # "… for “Email laura”?": renamed
            replies.append(AskValue(text=question.prompt, field=question.name))  # what was being asked still is
        return replies

    def _rename(self, session: Session, run: StepRun, names: tuple[str, ...]) -> None:
        """A heading that named the person looked up before ("Email Sarah: …") names the people now meant."""
        if not names:
            return
        for other in session.steps:
            filters = other.step.inputs.get("filters") if other.step.tool == "fetch_entity" else None
            looked_up = filters.get("name") if isinstance(filters, dict) else None
            if isinstance(looked_up, str) and looked_up and looked_up in run.step.intent:
                intent = run.step.intent.replace(looked_up, " and ".join(names))
                run.step = run.step.model_copy(update={"intent": intent})
                return

    def _field_correction(
        self, session: Session, key: str, value_text: str, now: datetime, replaces: str | None = None
    ) -> list[Reply] | None:
        """A correction that names its field changes that field of the latest step that has it, whatever is being
        asked at the moment; naming the field being asked is simply the answer to it."""
        run = next(
            (r for r in reversed(session.steps) if r.state in ("pending", "waiting") and key in r.step.inputs), None
        )
        run = run or self._asking_with(session, key)  # "put zoom as the location" while its start is asked
        if run is None:
            return self._record_field_correction(session, key, value_text, now, replaces)
        current = self._current(session, run, key)  # a start read from what was found: that start, its day kept
        read = _read_as(key, value_text, current, now) if key in _READ_AS else None
        parsed = (
            Parsed(value=read) if read is not None else parse_answer(key, value_text, _anchor(current, value_text, now))
        )  # "thursday" for a start: that day at the same hour; "4pm": the same day
        if not parsed.ok and value_type(key) == "datetime" and isinstance(current, str):
            day = on_day_said({"startTime": current}, value_text, now)  # "start it next week": at the same time
            parsed = type(parsed)(value=day) if day is not None else parsed
        if not parsed.ok:
            return [AskValue(text=f"What {label(key)} should I use?", problem=parsed.problem)]
        value = as_title(key, parsed.value, session)
        self._set(session, run, key, value)
        question = session.question
        if question is not None and question.kind == "value" and question.step_id == run.id and question.name == key:
            session.question, run.state = None, "pending"
            return []
        self._withdraw_approval(session, run)
        replies: list[Reply] = [Say(private=True, text=_changed(session, run, key, value))]
        open_question = session.question
        if open_question is not None and open_question.kind == "value":  # what was being asked still is
            replies.append(AskValue(text=open_question.prompt, field=open_question.name))
        return replies

    def _asking_with(self, session: Session, key: str) -> StepRun | None:
        """The step whose value is asked or which is shown for approval, when its tool takes ``key`` though the plan
        left it out (an event's place: "put zoom as the location")."""
        question = session.question
        if question is None or question.kind not in ("value", "approval") or question.step_id is None:
            return None
        run = session.step(question.step_id)
        spec = self._runner.catalog.get(run.step.tool)
        return run if spec is not None and key in spec.args_model.model_fields else None

    def _record_field_correction(
        self, session: Session, key: str, text: str, now: datetime, replaces: str | None = None
    ) -> list[Reply] | None:
        """A field of the CRM record a write makes or changes ("his email's …", "put him as contacted"): set in the
        write's ``fields``, at the scale of the value said as replaced ("135 not 130" where it is 130,000); None when
        no write still to run has a record with that field."""
        run = record_write(session, key)
        if run is None:
            return None
        parsed = parse_answer(key, text, now)
        if not parsed.ok:
            return [AskValue(text=f"What {label(key)} should I use?", problem=parsed.problem)]
        fields = self._machine_value(session, run, "fields")
        with suppress(ResolutionError):  # "about" the record found: its id, as a correction is set over the references
            fields = resolve(fields, session.results(), run.answers)
        value = parsed.value
        record = record_changed_by(session, run)
        if not replaces and record is not None and _same(record.get(key), value):  # "the 48k one": which, as it is
            name = record.get("name") or record.get("subject") or "The record"
            said = value_in_words(key, value, session.tz)
            return [Say(private=True, text=f"“{name}” has that {label(key)} ({said}) already: it is unchanged.")]
        if replaces and isinstance(fields, dict):
            old = parse_answer(key, replaces, now)
            value = at_scale_of(value, old.value, fields.get(key)) if old.ok else value
        self._set(session, run, "fields", with_field(fields, key, value))
        self._withdraw_approval(session, run)
        return [Say(private=True, text=_changed(session, run, key, value))]

    async def _owner(self, session: Session, who: str) -> list[Reply]:
        """The record the open plan writes given to the person named ("put it on john smith not me"), by the name the
        CRM has for them (their contact, found by the name said); to the requester, no owner (the record is theirs).
        No one found, or several: nothing changes and the reply says so."""
        run = record_write(session, OWNER)
        assert run is not None
        owner: str | None = None
        if who != REQUESTER:
            try:
                query = {"entityType": "Contact", "filters": {"name": who}}
                found = await self._runner.run("fetch_entity", query, principal=session.principal)
            except Exception as error:
                return [Say(text=f"I could not look “{who}” up ({error}); the owner is unchanged.", tone="problem")]
            named = [str(r["name"]) for r in found if isinstance(r, dict) and r.get("name")]
            if len(set(named)) != 1:
                which = f"matches {', '.join(named[:4])}" if named else "is no contact I can find"
                return [Say(text=f"“{who}” {which}: the owner is unchanged (say the full name).", tone="problem")]
            owner = named[0]
        fields = self._machine_value(session, run, "fields")
        with suppress(ResolutionError):  # "about" the record found: its id, as a correction is set over the references
            fields = resolve(fields, session.results(), run.answers)
        self._set(session, run, "fields", with_field(fields, OWNER, owner))
        self._withdraw_approval(session, run)
        return [Say(private=True, text=_changed(session, run, OWNER, owner or "you"))]

    def _current(self, session: Session, run: StepRun, name: str) -> Any:
        """The value ``name`` has now, filled where it is known only from what was found ("14:00 on the day of the
        event found": that day's 14:00), so that "make it 2:30" keeps the event's day."""
        value = self._machine_value(session, run, name)
        if is_time_of_found(value) or _found_time(session, run, name, value) is not None:
            try:
                return self._machine.arguments(session, run).get(name, value)
            except ResolutionError:
                return value
        return value

    def _machine_value(self, session: Session, run: StepRun, name: str) -> Any:
        """The value ``name`` has now: as an edit, a correction or an answer left it, else as planned."""
        if run.edited is not None and name in run.edited:
            return run.edited[name]
        return run.overrides.get(name, run.answers.get(name, run.step.inputs.get(name)))

    def _set(self, session: Session, run: StepRun, name: str, value: Any) -> None:
        """Set a field of a step, whether an answer, the request or an edit gave it; a heading that named the old
        subject or title names the new one; a title or subject typed is written as a title (:mod:`.typed_titles`)."""
        value = as_title(name, value, session)
        old = self._machine_value(session, run, name)
        if name in run.answers or _placeholder(run.step.inputs.get(name)):
            run.answers[name] = value  # fills its placeholder if it had one
        run.overrides[name] = value
        if run.edited is not None:
            run.edited = {**run.edited, name: value}
        if value_type(name) == "text" and isinstance(old, str) and old.strip() and old in run.step.intent:
            run.step = run.step.model_copy(update={"intent": run.step.intent.replace(old, str(value))})

    def _withdraw_approval(self, session: Session, run: StepRun) -> None:
        """A changed step needs approval again (and a new start time its own check)."""
        run.approved_hash = None
        question = session.question
        if question is not None and question.step_id == run.id and question.kind in ("approval", "past_start"):
            session.question = None
            run.state = "pending"

    # --- edits at an approval: "e when=Friday at 4pm" -------------------------------------------------

    async def edited(
        self,
        session: Session,
        run: StepRun,
        field: str,
        text: str,
        now: datetime,
        *,
        adding: bool = False,
        before: bool = False,
    ) -> tuple[dict[str, Any] | None, str | None]:
        """The step's arguments with the field a person named ("when", "close_date", "attendees") set to ``text``
        read in that field's type (names of people looked up); or a problem that says what is accepted.
        ``adding``: ``text`` goes after the text the field has ("add a note: …"), if it has some; ``before``: above it
        ("add a line on top: …")."""
        arguments = self._machine.arguments(session, run)
        spec = self._runner.catalog.get(run.step.tool)
        if spec is None or run.step.for_each is not None:
            return None, "this step is repeated for several items: remove items (“r 2”) or skip it instead"
        target = edits.field_for(spec.args_model, arguments, field)
        if target.path is None:
            return None, target.problem
        current: Any = arguments
        for key in target.path.split("."):
            current = current.get(key) if isinstance(current, dict) else None
        if adding and isinstance(current, str) and current.strip():
            text = f"{text}\n\n{current.strip()}" if before else f"{current.rstrip()}\n\n{text}"
        parsed = read_value(target.path, text, current, _anchor(current, text, now))
        if parsed.ok and parsed.names:
            found, problem = await self._addresses_for(session, parsed.names)
            value = [*(parsed.value or []), *found]
            parsed = type(parsed)(value=value) if problem is None else type(parsed)(problem=problem)
        if not parsed.ok:
            return None, f"{target.path.rsplit('.', 1)[-1]}: {parsed.problem}"
        return edits.with_edit(arguments, target.path, parsed.value), None

    # --- values ----------------------------------------------------------------------------------------

    async def _value(self, session: Session, command: Command, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and question.name is not None
        run = session.step(question.step_id)
        name = question.name
        skip = isinstance(command, Decide) and command.action == "skip"
        if skip and name in OPTIONAL:
            run.answers[name] = None
            return self._answered(session, run)
        if name == ATTACHMENTS:  # only a file shared in the thread answers it (``thread_files``), never words
            asked: list[Reply] = []
            self._machine.ask_value(session, run, name, asked, problem=NOT_A_FILE, tries=question.tries + 1)
            return asked
        if skip:  # a required value: the step is left out (and what needs it)
            run.state, run.note, session.question = "skipped", f"skipped by you: no {name} given", None
            return [Say(text=f"Skipped “{run.step.intent}”.")]
        if isinstance(command, CannotHandle):
            again: list[Reply] = []  # "undo that", "a", "actually …": a command or a change, not the value asked
            what, waiting = label(name), command.command in ("approve", "edit")
            why = f"“{text.strip()}” is not a {what}{': nothing waits for approval yet' if waiting else ''}"
            why += f" (reply with the {what}, or “cancel” to stop this plan)"
            self._machine.ask_value(session, run, name, again, problem=why, tries=question.tries + 1)
            return again
        if isinstance(command, Answer) and command.search:  # "whenever you find a gap": the first free slot
            slot = await self._first_free(session, run, name, now)
            if slot is not None:
                run.answers[name] = slot
                return self._answered(session, run)
        if name == RECORD_ASKED and run.step.tool == "fetch_entity":  # "the globex deal": its kind and its name
            kind, named = record_named(text)
            self._as_kind(session, run, kind)
            run.answers[name] = named
            return self._answered(session, run)
        if isinstance(command, Answer):
            text = command.text  # the value, without the words that only accepted it
        parsed = parse_answer(name, text, _within(question.partial, text, now))
        window = window_asked(session, run, name, now)
        in_week = in_week_said(window[0] if window and _one_day(window) else None, text, now)
        if in_week is not None:  # "4pm, starting next week" for a time asked on a Tuesday: next week's Tuesday
            parsed = type(parsed)(value=in_week)
        if parsed.ok and parsed.names:
            found, problem = await self._addresses_for(session, parsed.names)
            if problem is None:
                value = [*(parsed.value or []), *found]
                run.answers[name] = value if value_type(name) == "emails" else value[0]
                return self._answered(session, run)
            parsed = type(parsed)(problem=problem)
        if parsed.ok:
            run.answers[name] = parsed.value
            subject_from_text(run)  # "what should it say?" answered: its subject is made from it, not asked
            told = self._also(session, run, command, now)
            return [*told, *self._answered(session, run)]
        replies: list[Reply] = []
        tries = question.tries + 1
        day = _day_or_week(text, now) if value_type(name) == "datetime" else None
        if day is not None:  # "make it thursday": the time is asked again on that day, the day said was no mistake
            self._machine.ask_value(session, run, name, replies, tries=question.tries, within=day)
        else:
            self._machine.ask_value(session, run, name, replies, problem=parsed.problem, tries=tries)
        if day is not None and session.question is not None:  # "next week" then "Tuesday at 10am"
            session.question.partial = day[0].isoformat()
        return replies

    def _also(self, session: Session, run: StepRun, command: Command, now: datetime) -> list[Reply]:
        """The other values of the step said with an answer ("10:30, and make it an hour"): set where the step has
        such a field; said when it has not, or the value does not read."""
        told: list[Reply] = []
        spec = self._runner.catalog.get(run.step.tool)
        for name, typed in command.also if isinstance(command, Answer) else ():
            parsed = parse_answer(name, typed, now)
            own_field = spec is not None and name in spec.args_model.model_fields
            if not own_field and record_write(session, name) is run:  # "wen li. title cfo": a field of its record
                said = self._record_field_correction(session, name, typed, now) or []
                told += [r for r in said if isinstance(r, Say)]
                continue
            if not own_field:
                problem = f"“{run.step.intent}” has no {label(name)}: I left “{typed}” out."
            elif not parsed.ok:
                problem = f"I could not use “{typed}” as the {label(name)}: {parsed.problem}."
            else:
                self._set(session, run, name, parsed.value)
                continue
            told.append(Say(text=problem, tone="problem"))
        return told

    async def _first_free(self, session: Session, run: StepRun, name: str, now: datetime) -> str | None:
        """The start of the first free slot for the step's length, of everyone it invites, in the day or week the
        request gave (else the coming week): an answer such as "whenever you find a gap" to a start time."""
        window = window_asked(session, run, name, now)
        start = max(window[0], now) if window is not None else now
        end = window[1] if window is not None and window[1] is not None else start + timedelta(days=7)
        try:
            arguments = self._machine.arguments(session, run)
        except ResolutionError:
            arguments = dict(run.step.inputs)
        people = [a for a in arguments.get("attendees") or [] if isinstance(a, str) and "@" in a]
        length = arguments.get("durationMinutes")
        query: dict[str, Any] = {
            "durationMinutes": int(length) if isinstance(length, int) else 30,
            "windowStart": start.isoformat(),
            "windowEnd": end.isoformat(),
        }
        if people:
            query["attendees"] = people
        try:
            slots = await self._runner.run("find_free_slots", query, principal=session.principal)
        except Exception:  # no free/busy: the time is asked as before
            return None
        first = next((s for s in slots or [] if isinstance(s, dict) and s.get("start")), None)
        return str(first["start"]) if first is not None else None

    def _answered(self, session: Session, run: StepRun) -> list[Reply]:
        session.question = None
        run.state = "pending"
        return []

    async def _addresses_for(self, session: Session, names: tuple[str, ...]) -> tuple[list[str], str | None]:
        """Look people up by name ("send it to Priya"); exactly one address each, or a reason."""
        found: list[str] = []
        for name in names:
            try:
                query = {"entityType": "Contact", "filters": {"name": name}}
                records = await self._runner.run("fetch_entity", query, principal=session.principal)
            except Exception as error:
                return [], f"I could not look “{name}” up ({error})"
            emails = [r.get("email") for r in records if isinstance(r, dict) and r.get("email")]
            if not emails:
                return [], f"I found no contact named “{name}” with an email address"
            if len(emails) > 1:
                choices = ", ".join(f"{r.get('name')} <{r.get('email')}>" for r in records[:4])
                return [], f"“{name}” matches several contacts ({choices}); give the address"
            found.append(str(emails[0]))
        return found, None

    # --- choices among candidates ----------------------------------------------------------------------

    async def _pick_beside(self, session: Session, command: Pick) -> list[Reply]:
        """A free time said by the meeting it follows or comes before, among those the search found: its start."""
        question = session.question
        assert question is not None and question.step_id is not None
        slots = _slots_found(session.step(question.step_id).result, question.options)
        placed = await free_time_beside.placed_among(slots, command, self._runner, session)
        if isinstance(placed, str):  # no such meeting, no free time beside it: asked again, with why
            tz = ZoneInfo(session.tz)
            options = [each.item_label(o, tz) for o in question.options]
            return [AskValue(text=question.prompt, problem=placed, options=options)]
        return self._pick(session, placed)

    def _pick(self, session: Session, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        if isinstance(command, Decide) and command.action == "skip":  # none of these: what needed it does not run
            run.state, run.note, session.question = "skipped", "skipped by you: none of the matches", None
            return []
        tz = ZoneInfo(session.tz)
        index = command.index if isinstance(command, Pick) else None
        chosen = question.options[index - 1] if index is not None and 1 <= index <= len(question.options) else None
        at = moment_of(command.at) if isinstance(command, Pick) else None
        if chosen is None and at is not None:  # a free time said by its time, inside the times found (§2.9)
            chosen = inside_free_time(_slots_found(run.result, question.options), at)
        if chosen is None:
            question.tries += 1
            prompt = question.prompt
            if question.tries >= self._settings.max_answer_tries:  # never stuck: say how to get out
                prompt += " Or reply “skip” to leave it out, or “cancel” to stop this plan."
            return [
                AskValue(
                    text=prompt,
                    problem=f"reply with a number from 1 to {len(question.options)}, or say which (“the one at …”)",
                    options=[each.item_label(o, tz) for o in question.options],
                    can_skip=question.tries >= self._settings.max_answer_tries,
                )
            ]
        run.result, run.state, run.picked_from = [chosen], "done", list(question.options)
        session.question = None
        if isinstance(command, Pick) and command.title:  # "1 works. call it roadmap sync": what it books, named
            for later in session.steps:
                if run.id in later.step.depends_on and later.state == "pending" and "title" in later.step.inputs:
                    self._set(session, later, "title", command.title)
        return [Say(text=f"Using {each.item_label(chosen, tz)}.", private=True)]  # a CRM record: its owner only

    # --- lookups that found nothing --------------------------------------------------------------------

    async def _recover(self, session: Session, command: Command, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        skip = isinstance(command, Decide) and command.action == "skip"
        if skip and left_out.can_go_on_without(session, run):  # the write goes on without them (issue 24)
            session.question = None
            return [Say(text=left_out.go_on_without(session, run) + ".")]
        if skip:
            run.state, run.note = "skipped", "skipped: nothing found"
            session.question = None
            return []
        if isinstance(command, CannotHandle):  # "yes", "ok do it", "undo that": a command, never words looked for
            why = f"“{text.strip()}” is not something to look for: nothing has changed yet"
            return [AskValue(text=question.prompt, problem=why, can_skip=True)]
        entity = run.step.inputs.get("entityType")
        if entity in ("Contact", "Lead"):
            parsed = parse_answer("email", text, now)
            if not parsed.ok:
                return [AskValue(text=question.prompt, problem=parsed.problem, can_skip=True)]
            filters = run.step.inputs.get("filters") or {}
            run.result = [{"id": "", "name": str(filters.get("name", "")), "email": parsed.value}]
            run.state, run.note = "done", "address given by you"
            session.question = None
            return []
        if run.step.tool == "fetch_entity":  # "the globex deal": a record of that kind, by its name
            kind, named = record_named(text)
            self._as_kind(session, run, kind)
            run.edited = recovery.named_again(self._machine.arguments(session, run), named)
        else:
            run.edited = {**self._machine.arguments(session, run), "query": text.strip()}
        run.state = "pending"
        session.question = None
        return []

    @staticmethod
    def _as_kind(session: Session, run: StepRun, kind: str | None) -> None:
        """The lookup ``run`` made for a record of ``kind`` (the answer said it), and what the steps after it say
        the record they are about is."""
        if kind is None or kind == run.step.inputs.get("entityType"):
            return
        run.step = recovery.as_kind(run.step, kind)
        for other in session.steps:
            other.step = recovery.retyped(other.step, run.id, kind)

    # --- a start time that has already passed ----------------------------------------------------------

    def _past_start(self, session: Session, command: Command, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        decision = command.action if isinstance(command, Decide) else None
        ask = timing.answer_past_start(session, run, self._machine.arguments(session, run), decision, text, now)
        return [] if ask is None else [ask]

    # --- a write whose outcome is unknown after a restart ----------------------------------------------

    def _unknown_outcome(self, session: Session, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        decision = command.action if isinstance(command, Decide) else None
        if question.name and question.name.startswith("item:"):
            return self._unknown_item(session, run, int(question.name.split(":", 1)[1]), decision)
        if decision == "retry":
            run.attempt += 1
            run.state, run.approved_hash = "pending", None
            session.question = None
            return [Say(text=f"I will ask for your approval to run “{run.step.intent}” again.")]
        if decision == "done":
            run.state, run.note = "done", "marked done by you: its outcome was unknown"
            session.question = None
            return []
        if decision == "skip":
            run.state, run.note = "skipped", "skipped by you: its outcome was unknown"
            session.question = None
            return []
        return [AskValue(text=question.prompt, options=list(OUTCOME_OPTIONS))]

    def _unknown_item(self, session: Session, run: StepRun, index: int, decision: str | None) -> list[Reply]:
        """One item of a repeated step whose outcome is unknown: run it again (after a new approval), count it as
        done, or skip it; the other approved items then go on."""
        question = session.question
        assert question is not None
        if decision == "retry":
            run.attempt += 1
            run.state, run.approved_hash, session.question = "pending", None, None
            return [Say(text=f"I will ask for your approval to run the rest of “{run.step.intent}” again.")]
        if decision == "done":
            run.item_notes[index] = "marked done by you: its outcome was unknown"
        elif decision == "skip":
            run.item_notes[index] = "skipped by you: its outcome was unknown"
        else:
            return [AskValue(text=question.prompt, options=list(OUTCOME_OPTIONS))]
        run.state, session.question = "pending", None
        return []


def _one_day(window: tuple[datetime, datetime | None]) -> bool:
    return window[1] is None or window[1] - window[0] <= timedelta(days=1)


def _within(partial: str | None, text: str, now: datetime) -> datetime:
    """The clock to read an answer with: just before the day or week an earlier answer gave ("next week" →
    "Tuesday at 10am" is that week's Tuesday), unless the answer names its own day."""
    if partial is None or names_a_day(text, "own_day_words"):
        return now
    return datetime.fromisoformat(partial).astimezone(now.tzinfo) - timedelta(microseconds=1)


def _day_or_week(text: str, now: datetime) -> tuple[datetime, datetime | None] | None:
    """The day or week an answer gave without a time (its start and end), if it gave one."""
    found = [t for t in find_times(text, now) if not t.has_clock_time]
    return (found[0].start, found[0].end) if found else None


def _placeholder(value: Any) -> bool:
    return isinstance(value, str) and "PLACEHOLDER_" in value


def _correctable(session: Session) -> list[tuple[StepRun, str]]:
    """Where a bare value ("4pm", "45 minutes") may go, most likely first: the answers given, latest first; then the
    values the request gave (times, lengths, amounts, choices) of the step shown for approval, then of the others."""
    open_runs = [run for run in reversed(session.steps) if run.state in ("pending", "waiting")]
    found = [(run, name) for run in open_runs for name in reversed(list(run.answers)) if value_type(name) != "text"]
    question = session.question
    shown = [run for run in open_runs if question is not None and question.step_id == run.id]
    for run in [*shown, *(run for run in open_runs if run not in shown)]:
        for name, value in run.step.inputs.items():
            literal = not (isinstance(value, str) and "{{" in value) or is_time_of_found(value)
            literal = literal or _found_time(session, run, name, value) is not None  # a start read from a mail
            if literal and value_type(name) in _BARE_TYPES and (run, name) not in found:
                found.append((run, name))
    for run in shown:  # "and make it an hour" at a move that only shifts it: an event's length may always change
        if run.step.tool in _EVENT_WRITES and run.step.for_each is None and (run, "durationMinutes") not in found:
            found.append((run, "durationMinutes"))
    return found


def _found_time(session: Session, run: StepRun, name: str, value: Any) -> str | None:
    """A time the plan takes from what a finished step found ("{{extract_details.result.data.startTime}}": the start
    read from a mail), as it is now, shown on the card: a value the user may correct like one they gave."""
    if value_type(name) != "datetime" or not isinstance(value, str) or not value.startswith("{{"):
        return None
    with suppress(ResolutionError):
        found = resolve(value, session.results(), run.answers)
        return found if isinstance(found, str) and moment(found) is not None else None
    return None


_EVENT_WRITES = ("create_calendar_event", "update_calendar_event")
_READ_AS = ("startTime", "durationMinutes")  # "thursday": the same hour that day; "an hour": a length


_BARE_TYPES = ("datetime", "duration", "number", "choice")


def _read_as(name: str, text: str, current: Any, now: datetime) -> Any:
    """``text`` read as the value of ``name`` if it is one: a length only where a length goes; a day alone moves a
    time to that day at the same hour ("change it to Friday"). None when it does not fit."""
    kind = value_type(name)
    if kind == "datetime" and (moved := moment(current)) is not None:
        text = in_week_of(text, moved, now)  # "make it wed": the Wednesday of the week of the time it had
    length = find_duration(clean(text))
    if kind == "duration":
        return length.minutes if length is not None else None
    if length is not None and kind == "datetime" and not any(t.has_clock_time for t in find_times(text, now)):
        return None
    parsed = parse_answer(name, text, _anchor(current, text, now))
    if parsed.ok:
        return None if parsed.names else parsed.value
    if kind != "datetime" or not isinstance(current, str):
        return None
    day = on_day_said({"startTime": current}, text, now)  # "next week": its weekday in that week, at the same time
    if day is not None:
        return day
    try:
        earlier = datetime.fromisoformat(current).astimezone(now.tzinfo)
    except ValueError:
        return None
    days = [t for t in find_times(text, now) if not t.has_clock_time]
    if not days:
        return None
    return days[0].start.replace(hour=earlier.hour, minute=earlier.minute, second=0, microsecond=0).isoformat()


_COPIED = frozenset({"send_email", "create_draft", "forward_email"})  # the writes with a Cc


def _same(current: Any, said: Any) -> bool:
    """Whether a value said is the one a record has now (48000 and 48000.0; "closed_won" in any case)."""
    if isinstance(current, int | float) and isinstance(said, int | float):
        return not isinstance(current, bool) and not isinstance(said, bool) and float(current) == float(said)
    return isinstance(current, str) and isinstance(said, str) and current.casefold() == said.casefold()


def _changed(session: Session, run: StepRun, name: str, value: Any) -> str:
    """ "Changed the start time to Wed 11 Mar, 15:00 EDT." (and which step, when the plan has several changes): said
    privately (``Say.private``), as the card it changes is shown: the values are the requester's, never a channel's."""
    where = ""
    if sum(1 for other in session.steps if other.kind == "write") > 1:
        where = f" of “{run.step.intent}”"
    return f"Changed the {label(name)}{where} to {value_in_words(name, value, session.tz)}."


def _anchor(previous: Any, text: str, now: datetime) -> datetime:
    """ "make it 4pm" keeps the day of the earlier answer: read the new time against that day."""
    if isinstance(previous, str) and clock_without_day(text.strip()):
        try:
            earlier = datetime.fromisoformat(previous)
        except ValueError:
            return now
        day_start = earlier.astimezone(now.tzinfo).replace(hour=0, minute=0, second=0, microsecond=0)
        return max(day_start, now) if day_start.date() == now.date() else day_start
    return now


def _slots_found(result: Any, shown: list[Any]) -> list[dict[str, Any]]:
    """The free times a search found (all of them, while it asks which), else those shown."""
    found = result if isinstance(result, list) and result else shown
    return [slot for slot in found if isinstance(slot, dict)]
