"""How the SQLite plan store writes values and reads rows: times as fixed-width ISO text in UTC (so that text
order is time order), documents as JSON text, booleans as 0/1."""

import json
from datetime import UTC, datetime

from planning.store.columns import Row
from planning.store.protocol import AuditEntry, SessionRecord, StepClaim


def time_text(value: datetime | None) -> str | None:
    """Fixed-width ISO text in UTC, so that text order is time order."""
    if value is None:
        return None
    if value.tzinfo is None:
        raise ValueError(f"the plan store keeps aware datetimes only, not {value.isoformat()}")
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def session_from(row: Row) -> SessionRecord:
    id_, thread_key, requester, state, open_, version, data, created_at, updated_at, expires_at = row
    return SessionRecord(
        id=id_,
        thread_key=thread_key,
        requester=requester,
        state=state,
        open=bool(open_),
        version=version,
        data=json.loads(data),
        created_at=datetime.fromisoformat(created_at),
        updated_at=datetime.fromisoformat(updated_at),
        expires_at=_time(expires_at),
    )


def claim_from(row: Row) -> StepClaim:
    session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at, owner, heartbeat_at = row
    return StepClaim(
        session_id=session_id,
        step_id=step_id,
        args_hash=args_hash,
        claimed_at=datetime.fromisoformat(claimed_at),
        outcome=outcome,
        result=None if result is None else json.loads(result),
        error=error,
        finished_at=_time(finished_at),
        owner=owner,
        heartbeat_at=datetime.fromisoformat(heartbeat_at),
    )


def audit_from(row: Row) -> AuditEntry:
    at, session_id, thread_key, actor, requester, action, step_id, tool, detail = row
    return AuditEntry(
        at=datetime.fromisoformat(at),
        session_id=session_id,
        thread_key=thread_key,
        actor=actor,
        requester=requester,
        action=action,
        step_id=step_id,
        tool=tool,
        detail=json.loads(detail),
    )
