"""What every piece of the conversation shares: the store and its sessions, the runner, the planner, the settings
and clock, the audit, the lease and the step machine; with the few things they all do with them (lock a thread,
load, save and close a plan, tell a tool's kind, the time now in a zone). Built once by
:class:`planning.engine.conversation.Conversation`."""

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal
from zoneinfo import ZoneInfo

from planning.engine.audit import Auditor
from planning.engine.dialogue import Dialogue
from planning.engine.lease import ClaimLease
from planning.engine.machine import StepMachine
from planning.engine.observe import ApprovedPlans, Observer
from planning.engine.runner import ToolRunner
from planning.engine.session import Session
from planning.engine.sessions import SessionRepository
from planning.engine.settings import EngineSettings
from planning.engine.takeover import Takeover
from planning.pipeline import RequestPlanner
from planning.store import PlanStore, SessionRecord


@dataclass(frozen=True, slots=True)
class Parts:
    store: PlanStore
    runner: ToolRunner
    planner: RequestPlanner
    settings: EngineSettings
    clock: Callable[[], datetime]
    sessions: SessionRepository
    observer: Observer
    turns: asyncio.Semaphore  # bounded work per process
    audit: Auditor
    memory: ApprovedPlans | None
    lease: ClaimLease
    machine: StepMachine
    takeover: Takeover
    dialogue: Dialogue

    def now(self, tz: str) -> datetime:
        """The time now in the zone named (UTC for a name that is none)."""
        return self.clock().astimezone(zone(tz))

    def kind(self, tool: str) -> Literal["read", "write"]:
        spec = self.runner.catalog.get(tool)
        return "read" if spec is not None and spec.kind == "read" else "write"

    def lock(self, thread_key: str) -> AbstractAsyncContextManager[None]:
        """One thread's work at a time, across every process sharing the store."""
        return self.store.thread_lock(thread_key)

    async def open_session(self, thread_key: str) -> Session | None:
        return await self.sessions.open_for_thread(thread_key)

    async def get(self, session_id: str) -> Session | None:
        return await self.sessions.get(session_id)

    def from_record(self, record: SessionRecord) -> Session:
        return self.sessions.from_record(record)

    async def create(self, session: Session) -> None:
        await self.sessions.create(session)
        self.observer.count("plans_started")
        now = self.clock()
        await self.audit.record(session, "asked", now, text=session.text)
        planned = [{"id": r.id, "tool": r.step.tool, "intent": r.step.intent} for r in session.steps]
        await self.audit.record(session, "planned", now, steps=planned, explanation=session.parse.explanation)

    async def save(self, session: Session) -> None:
        await self.sessions.save(session)

    async def close(self, session: Session, state: Literal["cancelled", "expired"]) -> None:
        session.state = state
        await self.save(session)

    def approval_expired(self, asked_at: datetime) -> bool:
        return self.clock() - asked_at > timedelta(seconds=self.settings.approval_ttl_seconds)

    def expired(self, session: Session) -> bool:
        last = session.question.asked_at if session.question else session.created_at
        return self.clock() - last > timedelta(seconds=self.settings.session_ttl_seconds)


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")
