"""Answers in the thread: values, choices, corrections, confirmations, and the words that steer a plan."""

import re
from datetime import datetime, timedelta
from typing import Any, Literal

from planning.engine import connections, edits, timing
from planning.engine.answers import OPTIONAL, parse_answer, value_type
from planning.engine.claims import OUTCOME_OPTIONS
from planning.engine.machine import StepMachine
from planning.engine.replies import AskValue, Reply, Say
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.engine.settings import EngineSettings
from planning.engine.thread_files import ATTACHMENTS, NOT_A_FILE
from planning.understanding.timeexpr import find_times

Command = Literal["cancel", "approve", "skip", "edit", "yes", "no"]
_CANCEL = re.compile(
    r"^\s*(?:cancel|stop|abort|never ?mind|forget it|quit)\b[\s.!]*(?:it|this|that|the plan)?[\s.!]*$", re.I
)
_APPROVE = re.compile(
    r"^\s*(?:approve|approved|yes|y|yep|yeah|ok|okay|go|go ahead|do it|send it|confirm|sure)[\s.!]*$", re.I
)
_SKIP = re.compile(r"^\s*(?:skip|s|no|n|don't|do not|pass|leave it)(?: it| this| that| this step)?[\s.!]*$", re.I)
_CORRECTION = re.compile(
    r"^\s*(?:actually|sorry|wait|oops|no,|correction:?|i meant|make (?:it|that)|change (?:it|that) to)[\s,:]*"
    r"(?:make (?:it|that)|change (?:it|that) to|it should be|the \w+ (?:is|should be)|use)?[\s,:]*(?P<value>.+)$",
    re.I,
)
_FIELD_CORRECTION = re.compile(
    r"^\s*(?:(?:actually|sorry|wait|oops|no|correction|i meant)[\s,:]+(?:(?:make|set|change|use)\s+)?|"
    r"(?:make|set|change)\s+)(?:the\s+)?(?P<field>subject(?: line)?|title|body|text|message|start time|start|"
    r"time|length|duration|location|place|room)\s*(?::|=|\s(?:to|as|be|is|should be)\b)?\s*(?P<value>\S.*)$",
    re.I,
)
FIELD_NAMES = {
    "subject": "subject",
    "subject line": "subject",
    "title": "title",
    "body": "body",
    "text": "body",
    "message": "body",
    "start time": "startTime",
    "start": "startTime",
    "time": "startTime",
    "length": "durationMinutes",
    "duration": "durationMinutes",
    "location": "location",
    "place": "location",
    "room": "location",
}
_EDIT = re.compile(r"^\s*(?:edit|e)\s+(?P<field>[A-Za-z_. -]+?)\s*[=:]\s*(?P<value>.+)$", re.I)


def command_of(text: str) -> Command | None:
    if _CANCEL.match(text):
        return "cancel"
    if _APPROVE.match(text):
        return "approve"
    if _SKIP.match(text):
        return "skip"
    if _EDIT.match(text):
        return "edit"
    return None


_REMOVE = re.compile(
    r"^\s*(?:r|rm|remove|drop|without|leave out|not)\s+(?:items?\s+|#)?"
    r"(?P<numbers>\d+(?:\s*(?:,|and|&|\s)\s*#?\d+)*)\s*$",
    re.I,
)


def removal_request(text: str) -> list[int] | None:
    """ "r 2", "remove 2 and 3", "drop #1": the numbers of items to take out of a repeated step."""
    match = _REMOVE.match(text)
    return [int(n) for n in re.findall(r"\d+", match.group("numbers"))] if match else None


def edit_request(text: str) -> tuple[str, str] | None:
    match = _EDIT.match(text)
    return (match.group("field"), match.group("value").strip()) if match else None


class Dialogue:
    """Turns a reply in the thread into changes of the session; the machine then moves it on."""

    def __init__(self, *, machine: StepMachine, runner: ToolRunner, settings: EngineSettings) -> None:
        self._machine = machine
        self._runner = runner
        self._settings = settings

    async def answer(self, session: Session, text: str, now: datetime) -> list[Reply]:
        question = session.question
        if question is None:
            return []
        if question.kind == "value":
            return await self._value(session, text, now)
        if question.kind == "pick":
            return self._pick(session, text)
        if question.kind == "recover":
            return await self._recover(session, text, now)
        if question.kind == "unknown_outcome":
            return self._unknown_outcome(session, text)
        if question.kind == "past_start":
            return self._past_start(session, text, now)
        if question.kind == "connect":  # any word: look for the account again (the step asks again without it)
            connections.stop_waiting(session)
        return []

    # --- corrections: "actually make it 4pm" -----------------------------------------------------------

    def correction(self, session: Session, text: str, now: datetime) -> list[Reply] | None:
        """Apply ``text`` to the field it names ("actually make the subject “Q3 numbers”"), or to an earlier
        answer it fits ("actually make it 4pm"); None when it is not a correction."""
        named = self._field_correction(session, text, now)
        if named is not None:
            return named
        match = _CORRECTION.match(text)
        if not match:
            return None
        value_text = match.group("value")
        for run in reversed(session.steps):
            if run.state not in ("pending", "waiting") or not run.answers:
                continue
            for name in reversed(list(run.answers)):
                parsed = parse_answer(name, value_text, _anchor(run.answers[name], value_text, now))
                if parsed.ok and value_type(name) != "text" and not parsed.names:
                    run.answers[name] = parsed.value
                    self._withdraw_approval(session, run)
                    return [Say(text=f"Changed the {name} of “{run.step.intent}” to {parsed.value}.")]
        return None

    def _field_correction(self, session: Session, text: str, now: datetime) -> list[Reply] | None:
        """A correction that names its field changes that field of the latest step that has it, whatever is being
        asked at the moment; naming the field being asked is simply the answer to it."""
        match = _FIELD_CORRECTION.match(text)
        if match is None:
            return None
        key = FIELD_NAMES[match.group("field").lower()]
        run = next(
            (r for r in reversed(session.steps) if r.state in ("pending", "waiting") and key in r.step.inputs), None
        )
        if run is None:
            return None
        value_text = match.group("value").strip().strip("\"“”'")
        current = run.overrides.get(key, run.answers.get(key, run.step.inputs.get(key)))
        parsed = parse_answer(key, value_text, _anchor(current, value_text, now))  # "4pm": the same day
        if not parsed.ok:
            return [AskValue(text=f"What {key} should I use?", problem=parsed.problem)]
        run.answers[key] = parsed.value  # fills its placeholder if it had one
        run.overrides[key] = parsed.value
        question = session.question
        if question is not None and question.kind == "value" and question.step_id == run.id and question.name == key:
            session.question, run.state = None, "pending"
            return []
        self._withdraw_approval(session, run)
        replies: list[Reply] = [Say(text=f"Changed the {key} of “{run.step.intent}” to {parsed.value}.")]
        open_question = session.question
        if open_question is not None and open_question.kind == "value":  # what was being asked still is
            replies.append(AskValue(text=open_question.prompt))
        return replies

    def _withdraw_approval(self, session: Session, run: StepRun) -> None:
        """A changed step needs approval again (and a new start time its own check)."""
        run.approved_hash = None
        question = session.question
        if question is not None and question.step_id == run.id and question.kind in ("approval", "past_start"):
            session.question = None
            run.state = "pending"

    # --- edits at an approval: "e when=Friday at 4pm" -------------------------------------------------

    async def edited(
        self, session: Session, run: StepRun, field: str, text: str, now: datetime
    ) -> tuple[dict[str, Any] | None, str | None]:
        """The step's arguments with the field a person named ("when", "close_date", "attendees") set to ``text``
        read in that field's type (names of people looked up); or a problem that says what is accepted."""
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
        parsed = edits.read_value(target.path, text, current, _anchor(current, text, now))
        if parsed.ok and parsed.names:
            found, problem = await self._addresses_for(session, parsed.names)
            value = [*(parsed.value or []), *found]
            parsed = type(parsed)(value=value) if problem is None else type(parsed)(problem=problem)
        if not parsed.ok:
            return None, f"{target.path.rsplit('.', 1)[-1]}: {parsed.problem}"
        return edits.with_edit(arguments, target.path, parsed.value), None

    # --- values ----------------------------------------------------------------------------------------

    async def _value(self, session: Session, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and question.name is not None
        run = session.step(question.step_id)
        name = question.name
        if _SKIP.match(text) and name in OPTIONAL:
            run.answers[name] = None
            return self._answered(session, run)
        if name == ATTACHMENTS:  # only a file shared in the thread answers it (``thread_files``), never words
            asked: list[Reply] = []
            self._machine.ask_value(session, run, name, asked, problem=NOT_A_FILE, tries=question.tries + 1)
            return asked
        if _SKIP.match(text):  # a required value: the step is left out (and what needs it)
            run.state, run.note, session.question = "skipped", f"skipped by you: no {name} given", None
            return [Say(text=f"Skipped “{run.step.intent}”.")]
        parsed = parse_answer(name, text, _within(question.partial, text, now))
        if parsed.ok and command_of(text) in ("approve", "edit"):  # meant for an approval, not the value asked
            parsed = type(parsed)(problem=f"“{text.strip()}” is not a {name}: nothing waits for approval yet")
        if parsed.ok and parsed.names:
            found, problem = await self._addresses_for(session, parsed.names)
            if problem is None:
                value = [*(parsed.value or []), *found]
                run.answers[name] = value if value_type(name) == "emails" else value[0]
                return self._answered(session, run)
            parsed = type(parsed)(problem=problem)
        if parsed.ok:
            run.answers[name] = parsed.value
            return self._answered(session, run)
        replies: list[Reply] = []
        tries = question.tries + 1
        partial = _day_or_week(text, now) if value_type(name) == "datetime" else None
        self._machine.ask_value(session, run, name, replies, problem=parsed.problem, tries=tries)
        if partial is not None and session.question is not None:  # "next week" then "Tuesday at 10am"
            session.question.partial = partial
        return replies

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

    def _pick(self, session: Session, text: str) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        if _SKIP.match(text):  # none of these: the steps that needed it do not run
            run.state, run.note, session.question = "skipped", "skipped by you: none of the matches", None
            return []
        chosen = _choose(question.options, text)
        if chosen is None:
            question.tries += 1
            prompt = question.prompt
            if question.tries >= self._settings.max_answer_tries:  # never stuck: say how to get out
                prompt += " Or reply “skip” to leave it out, or “cancel” to stop this plan."
            return [
                AskValue(
                    text=prompt,
                    problem=f"reply with a number from 1 to {len(question.options)}",
                    options=[_describe(o) for o in question.options],
                    can_skip=question.tries >= self._settings.max_answer_tries,
                )
            ]
        run.result, run.state = [chosen], "done"
        session.question = None
        return [Say(text=f"Using {_describe(chosen)}.", private=True)]  # a CRM record: its owner only

    # --- lookups that found nothing --------------------------------------------------------------------

    async def _recover(self, session: Session, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        if _SKIP.match(text):
            run.state, run.note = "skipped", "skipped: nothing found"
            session.question = None
            return []
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
        run.edited = {**self._machine.arguments(session, run), "query": text.strip()}
        run.state = "pending"
        session.question = None
        return []

    # --- a start time that has already passed ----------------------------------------------------------

    def _past_start(self, session: Session, text: str, now: datetime) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        ask = timing.answer_past_start(session, run, self._machine.arguments(session, run), text, now)
        return [] if ask is None else [ask]

    # --- a write whose outcome is unknown after a restart ----------------------------------------------

    def _unknown_outcome(self, session: Session, text: str) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        run = session.step(question.step_id)
        if question.name and question.name.startswith("item:"):
            return self._unknown_item(session, run, int(question.name.split(":", 1)[1]), text)
        if re.match(r"^\s*(?:run it again|again|retry|re-?run|yes)\b", text, re.I):
            run.attempt += 1
            run.state, run.approved_hash = "pending", None
            session.question = None
            return [Say(text=f"I will ask for your approval to run “{run.step.intent}” again.")]
        if re.match(r"^\s*(?:it went through|done|it worked|no|mark (?:it )?done)\b", text, re.I):
            run.state, run.note = "done", "marked done by you: its outcome was unknown"
            session.question = None
            return []
        if re.match(r"^\s*(?:skip|leave it|neither)\b", text, re.I):
            run.state, run.note = "skipped", "skipped by you: its outcome was unknown"
            session.question = None
            return []
        return [AskValue(text=question.prompt, options=list(OUTCOME_OPTIONS))]

    def _unknown_item(self, session: Session, run: StepRun, index: int, text: str) -> list[Reply]:
        """One item of a repeated step whose outcome is unknown: run it again (after a new approval), count it as
        done, or skip it; the other approved items then go on."""
        question = session.question
        assert question is not None
        if re.match(r"^\s*(?:run it again|again|retry|re-?run|yes)\b", text, re.I):
            run.attempt += 1
            run.state, run.approved_hash, session.question = "pending", None, None
            return [Say(text=f"I will ask for your approval to run the rest of “{run.step.intent}” again.")]
        if re.match(r"^\s*(?:it went through|done|it worked|no|mark (?:it )?done)\b", text, re.I):
            run.item_notes[index] = "marked done by you: its outcome was unknown"
        elif re.match(r"^\s*(?:skip|leave it|neither)\b", text, re.I):
            run.item_notes[index] = "skipped by you: its outcome was unknown"
        else:
            return [AskValue(text=question.prompt, options=list(OUTCOME_OPTIONS))]
        run.state, session.question = "pending", None
        return []


_OWN_DAY = re.compile(r"\b(?:next|this|last|today|tonight|tomorrow|\d{1,2}[/-]\d{1,2}|\d{4}-\d{2})", re.I)


def _within(partial: str | None, text: str, now: datetime) -> datetime:
    """The clock to read an answer with: just before the day or week an earlier answer gave ("next week" →
    "Tuesday at 10am" is that week's Tuesday), unless the answer names its own day."""
    if partial is None or _OWN_DAY.search(text):
        return now
    return datetime.fromisoformat(partial).astimezone(now.tzinfo) - timedelta(microseconds=1)


def _day_or_week(text: str, now: datetime) -> str | None:
    """The start of the day or week an answer gave without a time, if it gave one."""
    found = [t for t in find_times(text, now) if not t.has_clock_time]
    return found[0].start.isoformat() if found else None


_CLOCK_ONLY = re.compile(r"^(?:at\s+)?(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?|noon|midday)\W*$", re.I)


def _anchor(previous: Any, text: str, now: datetime) -> datetime:
    """ "make it 4pm" keeps the day of the earlier answer: read the new time against that day."""
    if isinstance(previous, str) and _CLOCK_ONLY.match(text.strip()):
        try:
            earlier = datetime.fromisoformat(previous)
        except ValueError:
            return now
        day_start = earlier.astimezone(now.tzinfo).replace(hour=0, minute=0, second=0, microsecond=0)
        return max(day_start, now) if day_start.date() == now.date() else day_start
    return now


def _choose(options: list[dict[str, Any]], text: str) -> dict[str, Any] | None:
    number = re.fullmatch(r"\s*#?(\d{1,2})[.)]?\s*", text)
    if number and 1 <= int(number.group(1)) <= len(options):
        return options[int(number.group(1)) - 1]
    wanted = text.strip().lower()
    hits = [o for o in options if wanted and wanted in _describe(o).lower()]
    return hits[0] if len(hits) == 1 else None


def _describe(item: dict[str, Any]) -> str:
    parts = [str(item[k]) for k in ("name", "title", "subject", "email", "company", "startTime") if item.get(k)]
    return " · ".join(parts[:3]) or str(item.get("id", "?"))
