"""The audit trail: who asked, what was planned, who decided what with which arguments, what ran and how it
ended. Records in the store (not log lines), readable with ``planbot audit``; with redaction on, arguments and
results are kept as hashes only."""

import hashlib
import json
import logging
from datetime import datetime
from typing import Any

from planning.engine.session import Session, StepRun
from planning.store import AuditEntry, PlanStore

logger = logging.getLogger(__name__)
MAX_DETAIL_CHARS = 4000


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
        entry = AuditEntry(
            at=at,
            session_id=session.id,
            thread_key=session.thread_key,
            actor=actor or session.requester,
            requester=session.requester,
            action=action,
            step_id=run.id if run else None,
            tool=run.step.tool if run else None,
            detail={key: self._kept(key, value) for key, value in detail.items()},
        )
        try:
            await self._store.append_audit(entry)
        except Exception:  # an audit failure is logged loudly but never stops the user's work
            logger.exception("could not write the audit entry %s for plan %s", action, session.id)

    def _kept(self, key: str, value: Any) -> Any:
        if key in ("arguments", "result", "text", "answer") and self._redact:
            return {"sha256": _digest(value)}
        text = json.dumps(value, default=str, ensure_ascii=False)
        if len(text) > MAX_DETAIL_CHARS:
            return {"sha256": _digest(value), "truncated": text[:MAX_DETAIL_CHARS]}
        return json.loads(text)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()
