"""Sessions in the store: documents in, documents out, each save checked against the version last read. With
``redact``, a closed session is stored without its contents (``redaction``)."""

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from planning.engine.redaction import redacted
from planning.engine.session import TERMINAL, Session
from planning.store import PlanStore, SessionRecord, VersionConflict

logger = logging.getLogger(__name__)


class SessionRepository:
    def __init__(
        self, store: PlanStore, clock: Callable[[], datetime], ttl_seconds: float, *, redact: bool = False
    ) -> None:
        self._store = store
        self._clock = clock
        self._ttl = timedelta(seconds=ttl_seconds)
        self._redact = redact
        self._versions: dict[str, int] = {}

    async def open_for_thread(self, thread_key: str) -> Session | None:
        record = await self._store.open_for_thread(thread_key)
        return self.from_record(record) if record is not None else None

    async def get(self, session_id: str) -> Session | None:
        record = await self._store.get(session_id)
        return self.from_record(record) if record is not None else None

    def from_record(self, record: SessionRecord) -> Session:
        self._versions[record.id] = record.version
        if "team" not in record.data:  # stored before the plan kept the team it was asked in
            return Session.model_validate({**record.data, "team": record.team_of_thread()})
        return Session.model_validate(record.data)

    async def create(self, session: Session) -> None:
        record = await self._store.create(self._record(session, 1))
        self._versions[session.id] = record.version

    async def save(self, session: Session) -> None:
        """Raises ``VersionConflict`` when another process saved this plan since it was read here."""
        expected = self._versions[session.id]
        try:
            saved = await self._store.save(self._record(session, expected), expected_version=expected)
        except VersionConflict:
            logger.warning("plan %s changed elsewhere; this change was not applied", session.id)
            raise
        self._versions[session.id] = saved.version

    async def claim_and_save(self, session: Session, key: str, digest: str, owner: str) -> bool:
        """Claim a step and save the session in one transaction; False (nothing saved) when it was claimed before."""
        expected = self._versions[session.id]
        saved = await self._store.claim_and_save(
            self._record(session, expected), expected_version=expected, step_id=key, args_hash=digest, owner=owner
        )
        if saved is None:
            return False
        self._versions[session.id] = saved.version
        return True

    def _record(self, session: Session, version: int) -> SessionRecord:
        now = self._clock()
        closed = session.state in TERMINAL
        return SessionRecord(
            id=session.id,
            thread_key=session.thread_key,
            requester=session.requester,
            state=session.state,
            open=not closed,
            version=version,
            data=(redacted(session) if closed and self._redact else session).model_dump(mode="json"),
            created_at=session.created_at,
            updated_at=now,
            expires_at=now + self._ttl,
        )
