"""The checks made before a change is shown for approval, and what the user may choose instead of approving.

- A new or moved event on a busy time (``conflicts``): the card names what is there and offers the next free slot.
- A new record or event that already exists (``duplicates``): the card shows it and offers to use it.
- A change of an existing thing: the card's view of it is kept (``staleness``) to be compared before it runs.

A check that cannot be made (the service does not answer, or cannot say) leaves the card as it would be without.
"""

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from planning.engine import attendee_facts, conflicts, duplicates, staleness, targets
from planning.engine.checks import CardChecks, Choice, ChoiceKey, Notice
from planning.engine.replies import Reply, Say
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun

logger = logging.getLogger(__name__)


class CardCheck:
    def __init__(self, *, runner: ToolRunner, clock: Callable[[], datetime]) -> None:
        self._runner = runner
        self._clock = clock

    async def before_card(self, session: Session, run: StepRun, arguments: dict[str, Any]) -> CardChecks | None:
        """What the card for ``run`` (a write, with these arguments) must also say; None when nothing."""
        if run.kind != "write":
            return None
        if run.step.for_each is not None:  # what the card showed of each item, to compare before they run
            seen = [staleness.seen_of(run.step.tool, item) for item in run.items or []]
            return CardChecks(seen={"items": seen}) if any(seen) else None
        tool = run.step.tool
        record = targets.record_of(session, run)
        tz = _zone(session.tz)
        notices: list[Notice] = []
        choices: list[Choice] = []
        existing: dict[str, Any] | None = None
        free: dict[str, str] | None = None
        if tool == "update_calendar_event":  # "take sarah off …" when she is not on it
            notices.extend(attendee_facts.notices(arguments, record))
        if tool == "create_entity":
            existing = await self._checked(session, run, duplicates.existing_record(self._read(session), arguments))
            if existing is not None:
                notices.append(duplicates.record_notice(str(arguments.get("entityType")), existing))
        booking = conflicts.booking_of(tool, arguments, record)
        if booking is not None and booking.end > self._clock():
            found = await self._busy(session, run, booking, arguments)
            if found is not None:
                same, busy = found
                if same is not None:
                    existing = same
                    notices.append(duplicates.event_notice(same, tz))
                if busy:
                    notices.append(conflicts.notice(busy, booking, tz, _names(session)))
                    free = await self._checked(
                        session, run, conflicts.next_free(self._read(session), booking, self._clock())
                    )
                    if free is not None:
                        choices.append(conflicts.offer(free, booking, tz))
        if existing is not None:
            choices.append(duplicates.USE_EXISTING)
        checks = CardChecks(
            notices=notices,
            choices=choices,
            approve_label=duplicates.CREATE_ANOTHER if existing is not None else "Approve",
            free_slot=free,
            existing=existing,
            seen=staleness.seen_of(tool, record),
        )
        return None if checks.empty else checks

    async def _busy(
        self, session: Session, run: StepRun, booking: conflicts.Booking, arguments: dict[str, Any]
    ) -> tuple[dict[str, Any] | None, list[conflicts.Busy]] | None:
        """The identical event already there (a new event only), and who is busy then."""
        read = self._read(session)
        events = await self._checked(session, run, conflicts.own_events(read, booking)) if booking.own else []
        if events is None:
            events = []
        same = duplicates.existing_event(events, arguments) if run.step.tool == "create_calendar_event" else None
        known = [same["id"]] if same and same.get("id") else []
        busy = conflicts.own_busy(events, booking, known) if booking.own else []
        theirs = await self._checked(session, run, conflicts.attendees_busy(read, booking))
        return same, [*busy, *(theirs or [])]

    async def _checked(self, session: Session, run: StepRun, check: Any) -> Any:
        try:
            return await check
        except Exception as error:  # a check is a help, never a reason to stop: the card goes out without it
            logger.info("plan %s step %s: a check before approval failed (%s)", session.id, run.id, type(error))
            return None

    def _read(self, session: Session) -> conflicts.Read:
        async def read(tool: str, arguments: dict[str, Any]) -> Any:
            return await self._runner.run(tool, arguments, zone=session.tz, principal=session.principal)

        return read


def apply_choice(
    session: Session, run: StepRun, key: ChoiceKey, user: str, arguments: dict[str, Any]
) -> list[Reply] | None:
    """Do what the user chose instead of approving: the next free slot (the step changes and is shown for approval
    again), or the existing record (it stands as the step's result). None when that choice was not offered."""
    question = session.question
    checks = question.checks if question is not None else None
    if checks is None or key not in {c.key for c in checks.choices}:
        return None
    if key == "free_slot" and checks.free_slot is not None:
        start = checks.free_slot["start"]
        if run.edited is not None:
            run.edited = {k: v for k, v in {**run.edited, "startTime": start}.items() if k != "shiftMinutes"}
        else:
            run.overrides["startTime"] = start
            if "shiftMinutes" in arguments or "shiftMinutes" in run.step.inputs:
                run.overrides["shiftMinutes"] = None  # a move by an amount becomes a move to the slot
        run.state, run.approved_hash, session.question, session.state = "pending", None, None, "collecting"
        when = targets.when_text(start, _zone(session.tz), checks.free_slot["end"])
        return [Say(text=f"Changed “{run.step.intent}” to {when}. Please approve it again.")]
    if key == "use_existing" and checks.existing is not None:
        run.state, run.result, run.decided_by = "done", checks.existing, user
        run.used_existing, run.note = True, "used the existing one"
        session.question, session.state = None, "collecting"
        name = checks.existing.get("name") or checks.existing.get("title") or checks.existing.get("id")
        return [Say(text=f"Using the existing “{name}” for “{run.step.intent}”: nothing new created.", private=True)]
    return None


def _names(session: Session) -> dict[str, str]:
    """Address → name of the people the plan looked up (to say "Priya Shah is busy", not an address)."""
    found: dict[str, str] = {}

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            email, name = value.get("email"), value.get("name")
            if isinstance(email, str) and isinstance(name, str) and name:
                found.setdefault(email.casefold(), name)
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    for run in session.steps:
        if run.state == "done":
            visit(run.result)
    return found


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
