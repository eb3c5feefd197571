"""In-memory plan store: for tests and the terminal front end. Nothing survives the process."""

import asyncio
import copy
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

from planning.store.locks import KeyedLocks
from planning.store.protocol import (
    AuditEntry,
    Clock,
    FinishedOutcome,
    SessionExists,
    SessionNotFound,
    SessionRecord,
    StepClaim,
    StepNotRunning,
    StoreError,
    VersionConflict,
    check_audit_limit,
    check_aware,
    check_finished_outcome,
    check_idle_seconds,
    encode_document,
    encode_json,
    utc_now,
)


def _copy(record: SessionRecord) -> SessionRecord:
    """A record whose document the caller cannot change behind the store's back (models are frozen, dicts not)."""
    return record.model_copy(update={"data": copy.deepcopy(record.data)})


class InMemoryPlanStore:
    """A ``PlanStore`` kept in dictionaries; one ``asyncio.Lock`` makes every operation atomic.

    ``thread_lock`` serialises the tasks of this process (there is no other process to share the store with).
    """

    def __init__(self, *, clock: Clock = utc_now) -> None:
        self._clock = clock
        self._lock = asyncio.Lock()
        self._sessions: dict[str, SessionRecord] = {}
        self._claims: dict[tuple[str, str], StepClaim] = {}
        self._audit: list[AuditEntry] = []
        self._thread_locks = KeyedLocks()
        self._closed = False

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError("the plan store is closed")

    def _open_on_thread(self, thread_key: str) -> SessionRecord | None:
        return next((s for s in self._sessions.values() if s.open and s.thread_key == thread_key), None)

    async def create(self, record: SessionRecord) -> SessionRecord:
        async with self._lock:
            self._check_open()
            if record.id in self._sessions:
                raise SessionExists.duplicate_id(record.id)
            if record.open and self._open_on_thread(record.thread_key) is not None:
                raise SessionExists.thread_taken(record.thread_key)
            now = self._clock()
            stored = SessionRecord(**{**record.model_dump(), "version": 1, "created_at": now, "updated_at": now})
            self._sessions[record.id] = stored
            return _copy(stored)

    async def get(self, session_id: str) -> SessionRecord | None:
        async with self._lock:
            self._check_open()
            found = self._sessions.get(session_id)
            return None if found is None else _copy(found)

    async def open_for_thread(self, thread_key: str) -> SessionRecord | None:
        async with self._lock:
            self._check_open()
            found = self._open_on_thread(thread_key)
            return None if found is None else _copy(found)

    async def latest_for_thread(self, thread_key: str, *, requester: str) -> SessionRecord | None:
        async with self._lock:
            self._check_open()
            mine = [s for s in self._sessions.values() if s.thread_key == thread_key and s.requester == requester]
            latest = max(mine, key=lambda s: (s.updated_at, s.created_at), default=None)
            return None if latest is None else _copy(latest)

    async def save(self, record: SessionRecord, *, expected_version: int) -> SessionRecord:
        async with self._lock:
            return self._save(record, expected_version)

    def _save(self, record: SessionRecord, expected_version: int) -> SessionRecord:
        """``save`` with the lock held."""
        self._check_open()
        current = self._sessions.get(record.id)
        if current is None:
            raise SessionNotFound(record.id)
        if current.version != expected_version:
            raise VersionConflict(record.id, expected=expected_version, actual=current.version)
        if record.open and not current.open:
            holder = self._open_on_thread(current.thread_key)
            if holder is not None:
                raise SessionExists.thread_taken(current.thread_key)
        stored = SessionRecord(
            id=current.id,
            thread_key=current.thread_key,
            requester=current.requester,
            state=record.state,
            open=record.open,
            version=expected_version + 1,
            data=copy.deepcopy(record.data),
            created_at=current.created_at,
            updated_at=self._clock(),
            expires_at=record.expires_at,
        )
        self._sessions[record.id] = stored
        return _copy(stored)

    async def list_open(self, *, requester: str | None = None) -> list[SessionRecord]:
        async with self._lock:
            self._check_open()
            found = [s for s in self._sessions.values() if s.open and (requester is None or s.requester == requester)]
            return [_copy(s) for s in sorted(found, key=lambda s: (s.created_at, s.id))]

    async def claim_step(self, session_id: str, step_id: str, *, args_hash: str, owner: str = "") -> bool:
        async with self._lock:
            self._check_open()
            if session_id not in self._sessions:
                raise SessionNotFound(session_id)
            return self._claim(session_id, step_id, args_hash, owner)

    def _claim(self, session_id: str, step_id: str, args_hash: str, owner: str) -> bool:
        if (session_id, step_id) in self._claims:
            return False
        now = self._clock()
        self._claims[(session_id, step_id)] = StepClaim(
            session_id=session_id, step_id=step_id, args_hash=args_hash, claimed_at=now, owner=owner, heartbeat_at=now
        )
        return True

    async def claim_and_save(
        self, record: SessionRecord, *, expected_version: int, step_id: str, args_hash: str, owner: str = ""
    ) -> SessionRecord | None:
        encode_document(record.data)  # a bad document fails before anything changes, as in ``save``
        async with self._lock:
            self._check_open()
            if (record.id, step_id) in self._claims and record.id in self._sessions:
                current = self._sessions[record.id]
                if current.version != expected_version:
                    raise VersionConflict(record.id, expected=expected_version, actual=current.version)
                return None
            saved = self._save(record, expected_version)
            self._claim(record.id, step_id, args_hash, owner)
            return saved

    async def renew_claim(self, session_id: str, step_id: str, *, owner: str) -> bool:
        async with self._lock:
            self._check_open()
            claim = self._claims.get((session_id, step_id))
            if claim is None or claim.outcome != "running" or claim.owner != owner:
                return False
            self._claims[(session_id, step_id)] = claim.model_copy(update={"heartbeat_at": self._clock()})
            return True

    async def expire_claim(self, session_id: str, step_id: str, *, idle_seconds: float) -> StepClaim | None:
        check_idle_seconds(idle_seconds)
        async with self._lock:
            self._check_open()
            claim = self._claims.get((session_id, step_id))
            now = self._clock()
            idle_since = now - timedelta(seconds=idle_seconds)
            if claim is None or claim.outcome != "running" or claim.heartbeat_at > idle_since:
                return None
            ended = claim.model_copy(update={"outcome": "unknown", "finished_at": now})
            self._claims[(session_id, step_id)] = ended
            return ended.model_copy(update={"result": copy.deepcopy(ended.result)})

    async def stale_claims(self, *, idle_seconds: float, limit: int = 100) -> list[StepClaim]:
        check_idle_seconds(idle_seconds)
        async with self._lock:
            self._check_open()
            before = self._clock() - timedelta(seconds=idle_seconds)
            found = [c for c in self._claims.values() if c.outcome == "running" and c.heartbeat_at <= before]
        return sorted(found, key=lambda c: (c.heartbeat_at, c.session_id, c.step_id))[:limit]

    async def finish_step(
        self,
        session_id: str,
        step_id: str,
        *,
        outcome: FinishedOutcome,
        result: Any = None,
        error: str | None = None,
    ) -> None:
        check_finished_outcome(outcome)
        stored_result = json.loads(encode_json(result))  # validated, and a copy the caller cannot change
        async with self._lock:
            self._check_open()
            claim = self._claims.get((session_id, step_id))
            if claim is None or claim.outcome != "running":
                raise StepNotRunning(session_id, step_id)
            self._claims[(session_id, step_id)] = StepClaim(
                session_id=session_id,
                step_id=step_id,
                args_hash=claim.args_hash,
                claimed_at=claim.claimed_at,
                outcome=outcome,
                result=stored_result,
                error=error,
                finished_at=self._clock(),
                owner=claim.owner,
                heartbeat_at=claim.heartbeat_at,
            )

    async def get_claim(self, session_id: str, step_id: str) -> StepClaim | None:
        async with self._lock:
            self._check_open()
            claim = self._claims.get((session_id, step_id))
            return None if claim is None else claim.model_copy(update={"result": copy.deepcopy(claim.result)})

    async def append_audit(self, entry: AuditEntry) -> None:
        encode_document(entry.detail)  # a model_copy(update=...) skips validation; the other backends check too
        kept = entry.model_copy(update={"detail": copy.deepcopy(entry.detail)})
        async with self._lock:
            self._check_open()
            self._audit.append(kept)

    async def prune_audit(self, before: datetime) -> int:
        async with self._lock:
            self._check_open()
            kept = [entry for entry in self._audit if entry.at >= before]
            removed = len(self._audit) - len(kept)
            self._audit = kept
            return removed

    async def prune_sessions(self, before: datetime) -> int:
        async with self._lock:
            self._check_open()
            gone = {s.id for s in self._sessions.values() if not s.open and s.updated_at < before}
            self._sessions = {key: s for key, s in self._sessions.items() if key not in gone}
            self._claims = {key: claim for key, claim in self._claims.items() if key[0] not in gone}
            return len(gone)

    async def audit(
        self,
        *,
        thread_key: str | None = None,
        user: str | None = None,
        limit: int = 200,
        thread_prefix: str | None = None,
    ) -> list[AuditEntry]:
        check_audit_limit(limit)
        async with self._lock:
            self._check_open()
            found = [
                e
                for e in self._audit
                if thread_key in (None, e.thread_key)
                and user in (None, e.actor, e.requester)
                and (thread_prefix is None or e.thread_key.startswith(thread_prefix))
            ]
        ordered = sorted(enumerate(found), key=lambda pair: (pair[1].at, pair[0]))  # appended order breaks ties
        return [e.model_copy(update={"detail": copy.deepcopy(e.detail)}) for _, e in ordered[-limit:]]

    async def count_created_since(self, requester: str, since: datetime, *, thread_prefix: str | None = None) -> int:
        check_aware(since)
        async with self._lock:
            self._check_open()
            return sum(
                1
                for s in self._sessions.values()
                if s.requester == requester
                and s.created_at >= since
                and (thread_prefix is None or s.thread_key.startswith(thread_prefix))
            )

    @asynccontextmanager
    async def thread_lock(self, thread_key: str) -> AsyncIterator[None]:
        self._check_open()
        async with self._thread_locks.hold(thread_key):
            yield

    async def close(self) -> None:
        self._closed = True
