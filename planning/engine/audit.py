"""The audit trail: who asked, what was planned, who decided what with which arguments, what ran and how it
ended. Records in the store (not log lines), readable with ``planbot audit``.

With redaction on, nothing of the request is kept (as in a closed plan, ``redaction``): the request's text, the
explanation, arguments, answers and results as hashes only; a planned step's title as its tool's name in words
("Send an email"); step ids as ``step1``, ``step2``, ... (the planner names them after people: ``find_priya``)."""

import hashlib
import json
import logging
from datetime import datetime
from typing import Any

from integrations.base.titles import tool_title
from planning.engine.redaction import redacted_ids
from planning.engine.session import Session, StepRun
from planning.store import AuditEntry, PlanStore

logger = logging.getLogger(__name__)
MAX_DETAIL_CHARS = 4000
_HASHED = frozenset({"arguments", "result", "text", "answer", "explanation"})  # kept as hashes with redaction on
_STEP_IDS = frozenset({"step"})  # details that name a step by its id


class Auditor:
    def __init__(self, store: PlanStore, *, redact: bool) -> None:
        self._store = store
        self._redact = redact

    async def record(
        self,
        session: Session,
        action: str,
        at: datetime,
        *,
        actor: str | None = None,
        run: StepRun | None = None,
        **detail: Any,
    ) -> None:
        ids = redacted_ids(session) if self._redact else {}
        entry = AuditEntry(
            at=at,
            session_id=session.id,
            thread_key=session.thread_key,
            actor=actor or session.requester,
            requester=session.requester,
            action=action,
            step_id=ids.get(run.id, run.id) if run else None,
            tool=run.step.tool if run else None,
            detail={key: self._kept(key, value, ids) for key, value in detail.items()},
        )
        try:
            await self._store.append_audit(entry)
        except Exception:  # an audit failure is logged loudly but never stops the user's work
            logger.exception("could not write the audit entry %s for plan %s", action, session.id)

    def _kept(self, key: str, value: Any, ids: dict[str, str]) -> Any:
        if self._redact and key in _HASHED:
            return {"sha256": _digest(value)}
        if self._redact and key in _STEP_IDS and isinstance(value, str):
            value = ids.get(value, value)
        if self._redact and key == "steps" and isinstance(value, list):
            value = [_titled(step, ids) for step in value]
        text = json.dumps(value, default=str, ensure_ascii=False)
        if len(text) > MAX_DETAIL_CHARS:
            return {"sha256": _digest(value), "truncated": text[:MAX_DETAIL_CHARS]}
        return json.loads(text)


def _titled(step: Any, ids: dict[str, str]) -> Any:
    """A planned step (``{"id", "tool", "intent"}``) with its id renamed and its title its tool's name in words."""
    if not isinstance(step, dict):
        return step
    tool = str(step.get("tool") or "")
    step_id = str(step.get("id") or "")
    return {**step, "id": ids.get(step_id, step_id), "intent": tool_title(tool)}


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()
