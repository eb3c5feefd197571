"""Times that need the user's word before a write: a start already past, a date that does not exist.

The past check runs in the step machine right before a write is shown for approval, on the arguments as they
would run: a time from the request, an answer, or a slot a read found all pass through it, and the approval
card never shows a past start the user has not confirmed. Only writes that book a start (a new event, a moved
one) are checked; reads over the past need no confirmation.
"""

from datetime import datetime, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine import texts
from planning.engine.answers import parse_answer, value_type
from planning.engine.replies import AskValue
from planning.engine.session import Question, Session, StepRun
from planning.references import placeholder_name, templates_in

EXAMPLE_TIME = "“tomorrow at 10am”"
BOOKS_A_START = frozenset({"create_calendar_event", "update_calendar_event"})
_GRACE = timedelta(minutes=1)


def why_asked(session: Session, run: StepRun, name: str) -> str | None:
    """Why a date and time is asked for: the request named a date that does not exist."""
    goals = session.parse.goals
    if value_type(name) != "datetime" or not 0 <= run.step.goal < len(goals):
        return None
    missing = goals[run.step.goal].scope.get("impossible_date")
    return texts.no_such_date(missing) if isinstance(missing, str) else None


def passed_start(run: StepRun, arguments: dict[str, Any], now: datetime) -> datetime | None:
    """The start a create or move would book that has already passed and was not confirmed."""
    value = arguments.get("startTime")
    if run.step.tool not in BOOKS_A_START or not isinstance(value, str) or value == run.past_ok:
        return None
    try:
        start = datetime.fromisoformat(value)
    except ValueError:
        return None
    if start.tzinfo is None:
        start = start.replace(tzinfo=now.tzinfo)
    return start if start < now - _GRACE else None


def ask_if_start_passed(session: Session, run: StepRun, arguments: dict[str, Any], now: datetime) -> AskValue | None:
    """Ask "8:00 today has already passed. Book it anyway, or give another time?" when it has."""
    start = passed_start(run, arguments, now)
    if start is None:
        return None
    prompt = texts.start_has_passed(_when(start, now.astimezone(zone(session.tz))))
    run.state = "waiting"
    session.question = Question(kind="past_start", step_id=run.id, name="startTime", prompt=prompt, asked_at=now)
    session.state = "collecting"
    return AskValue(text=prompt, example=texts.PAST_START_EXAMPLE)


def answer_past_start(
    session: Session, run: StepRun, arguments: dict[str, Any], decision: str | None, text: str, now: datetime
) -> AskValue | None:
    """ "yes" (``decision`` "approve") keeps the time; "another time" asks for it; a new time (``text``) replaces it
    (and is checked again). None when answered."""
    question = session.question
    assert question is not None
    start = arguments.get("startTime")
    if decision == "another_time":
        return AskValue(text=texts.ANOTHER_TIME, example=EXAMPLE_TIME)
    if decision == "approve":
        run.past_ok = start if isinstance(start, str) else None
    else:
        parsed = parse_answer("startTime", text, now)
        if not parsed.ok:
            question.tries += 1
            return AskValue(text=question.prompt, example=texts.PAST_START_EXAMPLE, problem=parsed.problem)
        _set_start(run, arguments, parsed.value)
    session.question = None
    run.state = "pending"
    return None


def _set_start(run: StepRun, arguments: dict[str, Any], value: str) -> None:
    """An answered placeholder takes the new answer; a time written in the plan is replaced by an edit."""
    planned = _placeholder_of(str(run.step.inputs.get("startTime", "")))
    if run.edited is None and planned is not None:
        run.answers[planned] = value
    else:
        run.edited = {**arguments, "startTime": value}


def _placeholder_of(value: str) -> str | None:
    """The name of the placeholder ``value`` is, whole ("{{PLACEHOLDER_startTime}}" → "startTime")."""
    bodies = templates_in(value)
    whole = len(bodies) == 1 and value.strip().startswith("{{") and value.strip().endswith("}}")
    return placeholder_name(bodies[0]) if whole else None


def _when(start: datetime, now: datetime) -> str:
    """ "8:00 today", "15:00 yesterday", "9:30 on Friday 27 February 2026"."""
    local = start.astimezone(now.tzinfo)
    clock = f"{local.hour}:{local.minute:02d}"
    days = (now.date() - local.date()).days
    if days == 0:
        return f"{clock} today"
    if days == 1:
        return f"{clock} yesterday"
    year = f" {local.year}" if local.year != now.year else ""
    return f"{clock} on {local:%A} {local.day} {local:%B}{year}"


def zone(name: str) -> tzinfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
