"""Whether a step's ``run_if`` holds (contract §2.6), and, when it does not, why, in words.

A condition looks at a list an earlier read found: ``empty`` holds when it found nothing ("if my Thursday 11am is
open"), ``not_empty`` when it found something ("or at 3 if 9 is taken"). A step whose condition does not hold is
skipped and the user is told what was there ("you have Launch review at 14:00").
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine.resolve import ResolutionError, resolve
from planning.engine.session import Session, StepRun
from planning.references import parse_reference, templates_in


@dataclass(frozen=True, slots=True)
class Verdict:
    holds: bool
    reason: str = ""


def ready(session: Session, run: StepRun) -> bool:
    """Every step the conditions look at has finished."""
    for condition in run.step.run_if:
        looked_at = _looked_at(session, condition.reference)
        if looked_at is None or looked_at.state != "done":
            return False
    return True


def judge(session: Session, run: StepRun) -> Verdict:
    """All conditions must hold; the first that does not says why."""
    for condition in run.step.run_if:
        try:
            found = resolve(condition.reference, session.results(), {})
        except ResolutionError:
            found = []
        items = found if isinstance(found, list) else ([] if found is None else [found])
        if condition.wants_empty and items:
            return Verdict(False, f"you have {_things(items, session.tz)} then")
        if not condition.wants_empty and not items:
            looked_at = _looked_at(session, condition.reference)
            if looked_at is not None and looked_at.step.tool == "fetch_calendar_events":
                return Verdict(False, "that time is free, so the other time is not needed")
            return Verdict(False, "there were none")
    return Verdict(True)


def _looked_at(session: Session, reference: str) -> StepRun | None:
    """The step whose result a condition looks at."""
    bodies = templates_in(reference)
    ref = parse_reference(bodies[0]) if bodies else None
    return session.step(ref.step_id) if ref is not None else None


def _things(items: list[Any], tz: str) -> str:
    named = [_thing(item, tz) for item in items[:3]]
    more = f" and {len(items) - 3} more" if len(items) > 3 else ""
    return ", ".join(named) + more


def _thing(item: Any, tz: str) -> str:
    if not isinstance(item, dict):
        return "something"
    title = str(item.get("title") or item.get("subject") or "an event")
    start = item.get("startTime") or item.get("start")
    if isinstance(start, str):
        try:
            at = datetime.fromisoformat(start).astimezone(ZoneInfo(tz))
            return f"{title} at {at:%H:%M}"
        except (ValueError, KeyError):
            return title
    return title
