"""Approvals that went stale: right before an approved change of an existing thing runs (an update, a delete, an
answer to an invitation, a reply, a forward), the thing is read again and compared with what its card showed.

What the card showed is its ``seen`` fields (``CardChecks.seen``), kept with the approval request in the plan
session (the store), so the comparison holds after a restart. When the thing changed (the event moved, the deal's
stage changed), the change does not run: the new state is put where the plan read it and the card is shown again.
When it is gone, the step is skipped and the user is told. A read that fails leaves the decision as it was.
"""

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo

from planning.engine import targets
from planning.engine.conflicts import moment
from planning.engine.replies import Refused, Reply, Say
from planning.engine.runner import ToolRunner
from planning.engine.session import Session, StepRun
from planning.references import parse_reference, templates_in

logger = logging.getLogger(__name__)
Read = Callable[[str, dict[str, Any]], Awaitable[Any]]
Arguments = Callable[[Session, StepRun], dict[str, Any]]
Kind = Literal["event", "email", "record"]
KINDS: dict[str, Kind] = {
    "update_calendar_event": "event",
    "delete_calendar_event": "event",
    "respond_to_event": "event",
    "reply_email": "email",
    "forward_email": "email",
    "create_draft": "email",  # a draft reply: the email it answers (``replyTo``)
    "update_entity": "record",
    "delete_entity": "record",
}
READS: dict[Kind, str] = {"event": "fetch_calendar_events", "email": "fetch_emails", "record": "fetch_entity"}
FIELDS: dict[Kind, tuple[str, ...]] = {
    "event": ("title", "startTime", "endTime", "attendees", "location", "myResponse"),
    "email": ("subject", "from", "date"),
    "record": (
        "name", "email", "phone", "company", "title", "status", "amount", "stage", "closeDate",
        "domain", "industry", "owner", "body", "subject", "dueDate",
    ),
}  # fmt: skip
TIMES = frozenset({"startTime", "endTime", "date"})


def seen_of(tool: str, record: dict[str, Any] | None) -> dict[str, Any] | None:
    """The fields of ``record`` that a change of ``tool`` is judged by, comparable across reads; None when the
    write acts on no known thing."""
    kind = KINDS.get(tool)
    if kind is None or not isinstance(record, dict) or not record.get("id"):
        return None
    seen: dict[str, Any] = {"id": str(record["id"])}
    for key in FIELDS[kind]:
        if key in record:
            seen[key] = _comparable(key, record[key])
    return seen


@dataclass(frozen=True)
class Verdict:
    """``same`` (run it), ``changed`` (ask again, with ``record`` as it is now) or ``gone`` (skip it)."""

    state: Literal["same", "changed", "gone"]
    record: dict[str, Any] | None = None


async def reread(
    read: Read,
    tool: str,
    seen: dict[str, Any],
    record: dict[str, Any],
    *,
    lookup: tuple[str, dict[str, Any]] | None = None,
    entity: str | None = None,
) -> Verdict:
    """Read the thing again: the read that found it (without its limit), then by its name; matched by id.
    ``entity``: a CRM record's type."""
    kind = KINDS[tool]
    attempts: list[tuple[str, dict[str, Any]]] = []
    if lookup is not None and lookup[0] == READS[kind]:
        attempts.append((lookup[0], {k: v for k, v in lookup[1].items() if k != "limit"}))
    by_name = _by_name(kind, record, entity)
    if by_name is not None:
        attempts.append((READS[kind], by_name))
    for read_tool, arguments in attempts:
        found = await read(read_tool, arguments)
        if not isinstance(found, list):
            return Verdict("same")  # this calendar or CRM cannot say: as before
        match = next((r for r in found if isinstance(r, dict) and str(r.get("id")) == seen["id"]), None)
        if match is None and any(isinstance(r, dict) and str(r.get("seriesId")) == seen["id"] for r in found):
            return Verdict("same")  # a whole series seen (a weekly meeting made): read by days, it shows as its
            # occurrences, each naming the series; the series is still there
        if match is not None:
            return Verdict("changed" if _differs(tool, seen, match) else "same", match)
    return Verdict("gone") if attempts else Verdict("same")


def changes(tool: str, seen: dict[str, Any], record: dict[str, Any], tz: ZoneInfo) -> list[str]:
    """ "start: Tue 3 Mar, 11:00 EST → Tue 3 Mar, 12:00 EST", "stage: proposal → closed_won"."""
    now = seen_of(tool, record) or {}
    lines = []
    for key in FIELDS[KINDS[tool]]:
        if key in seen and key in now and seen[key] != now[key]:
            before, after = _shown(key, seen.get(key), tz), _shown(key, now.get(key), tz)
            lines.append(f"{key}: {before} → {after}")
    return lines


class Recheck:
    """Right before an approved change runs: is its thing still as the card showed it?"""

    def __init__(self, *, runner: ToolRunner, arguments: Arguments, clock: Callable[[], datetime]) -> None:
        self._runner = runner
        self._arguments = arguments
        self._clock = clock

    async def still_as_shown(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """True to go ahead. Otherwise the step waits for a new approval (the thing changed) or is skipped (it is
        gone), and ``replies`` say so."""
        if run.step.for_each is not None:
            return await self._items_as_shown(session, run, replies)
        question = session.question
        checks = question.checks if question is not None and question.step_id == run.id else None
        seen = checks.seen if checks is not None else None
        record = targets.record_of(session, run)
        if seen is None or record is None:
            return True
        arguments = self._arguments(session, run)
        entity = arguments.get("entityType")
        try:
            verdict = await reread(
                self._read(session),
                run.step.tool,
                seen,
                record,
                lookup=self._lookup(session, run),
                entity=entity if isinstance(entity, str) else None,
            )
        except Exception as error:  # reading again is a safeguard: without it the decision stands
            logger.info("plan %s step %s: could not read its target again (%s)", session.id, run.id, type(error))
            return True
        if verdict.state == "same":
            return True
        name = targets.target_of(session, run, arguments)
        what = f"“{name.name}”" if name is not None else "What this step acts on"
        session.question, session.state = None, "collecting"
        if verdict.state == "gone":
            run.state, run.note = "skipped", "what it acts on no longer exists"
            gone = f"{what} no longer exists (deleted since you saw it), so I skipped “{run.step.intent}”."
            replies.append(Refused(text=gone, reason="gone", tone="info"))
            return False
        assert verdict.record is not None
        told = changes(run.step.tool, seen, verdict.record, _zone(session.tz))
        targets.replace_record(session, run, verdict.record)
        run.state = "pending"
        detail = f" ({'; '.join(told)})" if told else ""
        replies.append(
            Refused(
                text=f"{what} changed since you saw it{detail}. Nothing was done: here it is as it is now, "
                "for you to approve again.",
                reason="changed",
                tone="info",
            )
        )
        return False

    async def _items_as_shown(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """A step repeated for each item ("delete all my meetings on Thursday"): the read that found the items is
        made again. Items no longer there are left out (said); when any item changed, nothing runs and the card
        comes back with the items as they are now."""
        kind, source = KINDS.get(run.step.tool), _items_source(session, run)
        if kind is None or source is None or source.step.tool != READS[kind] or not run.items:
            return True
        try:
            arguments = {k: v for k, v in self._arguments(session, source).items() if k != "limit"}
            found = await self._read(session)(source.step.tool, arguments)
        except Exception as error:  # reading again is a safeguard: without it the decision stands
            logger.info("plan %s step %s: could not read its items again (%s)", session.id, run.id, type(error))
            return True
        if not isinstance(found, list):
            return True
        now = {str(r.get("id")): r for r in found if isinstance(r, dict) and r.get("id")}
        gone, changed = [], []
        for index in run.open_items():
            item = run.items[index]
            if not isinstance(item, dict) or not item.get("id"):
                continue
            fresh = now.get(str(item["id"]))
            if fresh is None:
                gone.append(index)
            elif _differs(run.step.tool, seen_of(run.step.tool, item) or {}, fresh):
                changed.append((index, fresh))
        for index in gone:
            run.item_notes[index] = "left out: no longer there (moved or deleted since you saw it)"
        names = ", ".join(f"“{_name(run.items[i])}”" for i in gone)
        if changed:
            for index, fresh in changed:
                run.items[index] = fresh
            run.state, session.question, session.state = "pending", None, "collecting"
            shown = ", ".join(f"“{_name(fresh)}”" for _, fresh in changed)
            text = f"{shown} changed since you saw {'them' if len(changed) > 1 else 'it'}"
            text += f", and {names} {'are' if len(gone) > 1 else 'is'} no longer there" if gone else ""
            replies.append(
                Refused(
                    text=f"{text}. Nothing was done: here is what is there now, to approve again.",
                    reason="changed",
                    tone="info",
                )
            )
            return False
        if gone:
            replies.append(
                Say(text=f"Left out {names}: no longer there (moved or deleted since you saw it).", private=True)
            )
        return True

    def _read(self, session: Session) -> Read:
        async def read(tool: str, arguments: dict[str, Any]) -> Any:
            return await self._runner.run(tool, arguments, zone=session.tz, principal=session.principal)

        return read

    def _lookup(self, session: Session, run: StepRun) -> tuple[str, dict[str, Any]] | None:
        found = targets.source_of(session, run)
        if found is None or found[0].step.for_each is not None:
            return None
        try:
            return found[0].step.tool, self._arguments(session, found[0])
        except Exception:  # its arguments no longer resolve: read by name only
            return None


def _items_source(session: Session, run: StepRun) -> StepRun | None:
    """The read whose result a repeated step goes over (``for_each: {{find.result.data}}``)."""
    bodies = templates_in(run.step.for_each) if isinstance(run.step.for_each, str) else []
    ref = parse_reference(bodies[0]) if len(bodies) == 1 else None
    if ref is None or ref.path != ("data",):
        return None
    try:
        return session.step(ref.step_id)
    except KeyError:
        return None


def _name(record: Any) -> str:
    if not isinstance(record, dict):
        return str(record)
    return str(record.get("title") or record.get("name") or record.get("subject") or record.get("id"))


def _differs(tool: str, seen: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether a field the card showed has another value now (a field this read does not return is not judged)."""
    now = seen_of(tool, record) or {}
    return any(key in now and now[key] != value for key, value in seen.items())


def _by_name(kind: Kind, record: dict[str, Any], entity: str | None) -> dict[str, Any] | None:
    if kind == "event" and record.get("title"):
        start = moment(record.get("startTime"))
        since = {"start": (start - timedelta(days=1)).isoformat()} if start is not None else {}
        return {"query": str(record["title"]), **since}
    if kind == "email" and record.get("subject"):
        return {"subject": str(record["subject"])}
    if kind == "record" and record.get("name") and entity:
        return {"entityType": entity, "filters": {"name": str(record["name"])}}
    return None


def _comparable(key: str, value: Any) -> Any:
    if key in TIMES:
        found = moment(value)
        return found.timestamp() if found is not None else value
    if key == "attendees" and isinstance(value, list):
        return sorted(str(v).casefold() for v in value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return value


def _shown(key: str, value: Any, tz: ZoneInfo) -> str:
    if value in (None, "", []):
        return "—"
    if key in TIMES and isinstance(value, float):
        return targets.when_text(datetime.fromtimestamp(value, tz).isoformat(), tz)
    if key == "amount":
        return targets.money(value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
