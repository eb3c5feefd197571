"""How the PostgreSQL plan store reads rows: psycopg returns native values (aware datetimes, JSONB as Python)."""

from planning.store.columns import Row
from planning.store.protocol import AuditEntry, SessionRecord, StepClaim


def session_from(row: Row) -> SessionRecord:
    id_, thread_key, requester, state, open_, version, data, created_at, updated_at, expires_at = row
    return SessionRecord(
        id=id_,
        thread_key=thread_key,
        requester=requester,
        state=state,
        open=open_,
        version=version,
        data=data,
        created_at=created_at,
        updated_at=updated_at,
        expires_at=expires_at,
    )


def claim_from(row: Row) -> StepClaim:
    session_id, step_id, args_hash, claimed_at, outcome, result, error, finished_at, owner, heartbeat_at = row
    return StepClaim(
        session_id=session_id,
        step_id=step_id,
        args_hash=args_hash,
        claimed_at=claimed_at,
        outcome=outcome,
        result=result,
        error=error,
        finished_at=finished_at,
        owner=owner,
        heartbeat_at=heartbeat_at,
    )


def audit_from(row: Row) -> AuditEntry:
    at, session_id, thread_key, actor, requester, action, step_id, tool, detail = row
    return AuditEntry(
        at=at,
        session_id=session_id,
        thread_key=thread_key,
        actor=actor,
        requester=requester,
        action=action,
        step_id=step_id,
        tool=tool,
        detail=detail,
    )
