"""Now and then, across every open plan: after a restart, each says where it stands; a write whose process
stopped is asked about; a plan that waited too long is closed; an account just connected lets its plans go on."""

from datetime import UTC, datetime, timedelta

from planning.engine import connections
from planning.engine.decisions import Decisions
from planning.engine.parts import Parts
from planning.engine.replies import Reply
from planning.store import SessionRecord, VersionConflict


class Sweeps:
    def __init__(self, parts: Parts, decisions: Decisions) -> None:
        self._parts = parts
        self._decisions = decisions

    async def resume(self) -> dict[str, list[Reply]]:
        """After a restart: reconcile every open plan with the store and say where each one stands (nothing for a
        plan whose running step another live process holds)."""
        out: dict[str, list[Reply]] = {}
        for record in await self._parts.store.list_open():
            async with self._parts.lock(record.thread_key):
                session = await self._parts.get(record.id)
                if session is not None and session.open:
                    out[session.thread_key] = await self._parts.takeover.reconcile(session) or []
        return out

    async def take_over_stale(self) -> dict[str, list[Reply]]:
        """Ask about every write whose process stopped renewing its claim for a lease (call this now and then)."""
        out: dict[str, list[Reply]] = {}
        lease = self._parts.lease.lease_seconds
        for claim in await self._parts.store.stale_claims(idle_seconds=lease):
            record = await self._parts.store.get(claim.session_id)
            if record is not None and record.open and record.thread_key not in out:
                async with self._parts.lock(record.thread_key):
                    session = await self._parts.get(record.id)
                    replies = await self._parts.takeover.reconcile(session) if session and session.open else None
                if replies:
                    out[record.thread_key] = replies
            # a claim the plan no longer waits on (closed, or never saved as running) ends, so it is asked about
            # if that step is approved again, and found no more
            await self._parts.store.expire_claim(claim.session_id, claim.step_id, idle_seconds=lease)
        return out

    async def expire_abandoned(self) -> dict[str, list[Reply]]:
        """Close every open plan that waited past its lifetime (the session TTL since its question was asked, or
        since it was made) and return what to say in each one's thread (call this now and then). A plan with a step
        running is left to its lease. Of processes sweeping at once, the one that closes a plan says so: once."""
        out: dict[str, list[Reply]] = {}
        ttl = timedelta(seconds=self._parts.settings.session_ttl_seconds)
        for record in await self._parts.store.list_open():
            if self._parts.clock() - _made_at(record) <= ttl:  # a plan asks nothing before it is made: not expired
                continue
            async with self._parts.turns, self._parts.lock(record.thread_key):
                session = await self._parts.get(record.id)
                if session is None or not session.open or not self._parts.expired(session):
                    continue
                if any(run.state == "running" for run in session.steps):
                    continue
                try:
                    out[session.thread_key] = await self._decisions.expire(session)
                except VersionConflict:  # another process changed it first: it is theirs to tell
                    continue
        return out

    async def account_connected(self, *, team: str, user: str, kind: str) -> dict[str, list[Reply]]:
        """``user`` of ``team`` has just connected their ``kind`` account (``user`` "": the CRM of the whole
        workspace): each plan that waits for it goes on (thread key → what to say there). ``team`` "": any."""
        out: dict[str, list[Reply]] = {}
        for record in await self._parts.store.list_open(requester=user or None):
            if not user and not team:
                break
            async with self._parts.turns, self._parts.lock(record.thread_key):
                session = await self._parts.get(record.id)
                if session is None or not connections.waiting_for(session, kind):
                    continue
                if team and session.principal.team not in ("", team):
                    continue
                connections.stop_waiting(session)
                out[session.thread_key] = await self._parts.machine.advance(session)
        return out


def _made_at(record: SessionRecord) -> datetime:
    """When the engine made a stored plan, by its own clock (the store's ``created_at`` is the store's)."""
    try:
        made = datetime.fromisoformat(str(record.data.get("created_at")))
    except ValueError:
        return record.created_at
    return made if made.tzinfo is not None else made.replace(tzinfo=UTC)
