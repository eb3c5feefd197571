"""Now and then, across every open plan: after a restart, each says where it stands; a write whose process
stopped is asked about; a plan that waited too long is closed; an account just connected lets its plans go on. And
for one request handled again after its process stopped: where the plan it made stands (``made_by``)."""

from datetime import UTC, datetime, timedelta

from planning.engine import connections
from planning.engine.decisions import Decisions, expired_notice
from planning.engine.intentions import view_of
from planning.engine.parts import Parts
from planning.engine.receipts import Receipt, session_id_for, taken
from planning.engine.replies import AskApproval, AskValue, Reply, ShowPlan
from planning.engine.session import Session
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

    async def made_by(self, receipt: Receipt) -> list[Reply]:
        """Where the plan made by the request with ``receipt`` stands, moved on as after a restart, with what it asks
        (its process may have stopped before showing either); [] for no such plan, or while a live process runs one
        of its writes (that process shows it)."""
        record = await self._parts.store.get(session_id_for(receipt))
        if record is None:
            return []
        async with self._parts.lock(record.thread_key):
            session = await self._parts.get(record.id)
            if session is None or not session.open:
                return [ShowPlan(view=view_of(session))] if session is not None else []
            replies = await self._parts.takeover.reconcile(session)
            if replies is None:
                return []
            asked = self.asked(session)
            if asked is not None and not any(isinstance(reply, AskApproval | AskValue) for reply in replies):
                replies = [*replies, asked]
        return replies

    def asked(self, session: Session) -> AskApproval | AskValue | None:
        """What an open plan waits for from its requester, asked again (where it was never seen), if anything."""
        if session.question is None or not session.open:
            return None
        if session.question.kind == "approval":
            return next((r for r in self._decisions.reissue(session) if isinstance(r, AskApproval)), None)
        return connections.ask(session) or AskValue(text=session.question.prompt, field=session.question.name)

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

    async def expiring(self) -> list[tuple[str, int]]:
        """The open plans past their lifetime (the session TTL since their question was asked, or since they were
        made), as (id, version), to close one by one with ``expire``."""
        ttl = timedelta(seconds=self._parts.settings.session_ttl_seconds)
        records = await self._parts.store.list_open()
        return [(r.id, r.version) for r in records if self._parts.clock() - _made_at(r) > ttl]  # made: it asks

    async def expire(self, session_id: str, receipt: Receipt | None = None) -> dict[str, list[Reply]]:
        """Close a plan past its lifetime and return what to say in its thread (nothing for a plan not past it, or
        with a step running: that is left to its lease). Of processes closing it at once, the one that closes it
        says so: once. The closing keeps its ``receipt``: handled again (its process stopped before telling), a
        closing that closed the plan already says so again, and only that one."""
        record = await self._parts.store.get(session_id)
        if record is None:
            return {}
        async with self._parts.turns, self._parts.lock(record.thread_key):
            session = await self._parts.get(session_id)
            if session is None:
                return {}
            if not session.open:
                again = receipt is not None and receipt.again and receipt.key in session.receipts
                return {session.thread_key: expired_notice(session)} if again and session.state == "expired" else {}
            if not self._parts.expired(session) or any(run.state == "running" for run in session.steps):
                return {}
            session.receipts = taken(session.receipts, receipt)
            try:
                return {session.thread_key: await self._decisions.expire(session)}
            except VersionConflict:  # another process changed it first: it is theirs to tell
                return {}

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
