"""The conversation engine's front door: a message in a thread, a decision on a step, an edit, a restart.

Front ends (terminal chat, Slack) call these and render the replies (a :class:`~planning.engine.turns.Turn`, whose
``outcome`` says what it came to); they hold no plan state themselves. Behind the door: a new request or a
follow-up (:mod:`~planning.engine.starting`), a reply to the open plan by the table of what happens next
(:mod:`~planning.engine.handlers`), decisions on a step (:mod:`~planning.engine.decisions`), the new-request offer
(:mod:`~planning.engine.offers`), and the sweeps over every open plan (:mod:`~planning.engine.sweeps`).
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import Any

from integrations.base.files import FileFacts
from integrations.base.principal import Principal
from planning.engine import texts
from planning.engine.audit import Auditor
from planning.engine.checks import ChoiceKey
from planning.engine.decisions import Decision, Decisions
from planning.engine.dialogue import Dialogue
from planning.engine.elsewhere import answered_thread
from planning.engine.file_facts import AttachedFile, known_files
from planning.engine.handlers import Handlers
from planning.engine.intentions import view_of
from planning.engine.lease import ClaimLease, process_owner
from planning.engine.machine import StepMachine
from planning.engine.observe import ApprovedPlans, NoObserver, Observer
from planning.engine.offers import Offers
from planning.engine.parts import Parts
from planning.engine.receipts import Receipt, handling, taken
from planning.engine.replies import AskApproval, AskValue, Refused, Reply, Say
from planning.engine.runner import ToolRunner, argument_errors
from planning.engine.session import Session
from planning.engine.sessions import SessionRepository
from planning.engine.settings import EngineSettings
from planning.engine.starting import Starter, remember
from planning.engine.sweeps import Sweeps
from planning.engine.takeover import Takeover
from planning.engine.turns import as_turn
from planning.engine.view import PlanView
from planning.pipeline import RequestPlanner
from planning.store import PlanStore

__all__ = ["Conversation", "Decision"]

logger = logging.getLogger(__name__)


class Conversation:
    def __init__(
        self,
        *,
        store: PlanStore,
        runner: ToolRunner,
        planner: RequestPlanner | None = None,
        settings: EngineSettings | None = None,
        clock: Callable[[], datetime] | None = None,
        observer: Observer | None = None,
        memory: ApprovedPlans | None = None,
        owner: str | None = None,
    ) -> None:
        settings = settings or EngineSettings()
        clock = clock or (lambda: datetime.now(UTC))
        sessions = SessionRepository(store, clock, settings.session_ttl_seconds, redact=settings.audit_redact)
        audit = Auditor(store, redact=settings.audit_redact)
        lease = ClaimLease(store, owner=owner or process_owner(), lease_seconds=settings.claim_lease_seconds)

        async def claim_and_save(session: Session, key: str, digest: str) -> bool:
            return await sessions.claim_and_save(session, key, digest, lease.owner)

        machine = StepMachine(
            on_done=partial(remember, None if settings.audit_redact else memory),  # redaction: nothing learned
            runner=runner,
            store=store,
            settings=settings,
            clock=clock,
            checkpoint=sessions.save,
            claim=claim_and_save,
            lease=lease,
            audit=audit,
        )
        self._parts = Parts(
            store=store,
            runner=runner,
            planner=planner or RequestPlanner(),
            settings=settings,
            clock=clock,
            sessions=sessions,
            observer=observer or NoObserver(),
            turns=asyncio.Semaphore(settings.max_concurrent_turns),
            audit=audit,
            memory=memory,
            lease=lease,
            machine=machine,
            takeover=Takeover(store=store, machine=machine, lease=lease, save=sessions.save),
            dialogue=Dialogue(machine=machine, runner=runner, settings=settings),
        )
        self._decisions = Decisions(self._parts)
        self._starter = Starter(self._parts)
        self._offers = Offers(self._parts, self._starter)
        self._handlers = Handlers(self._parts, self._decisions, self._starter, self._offers)
        self._sweeps = Sweeps(self._parts, self._decisions)

    # --- entry points --------------------------------------------------------------------------------

    @as_turn
    async def message(
        self,
        *,
        thread_key: str,
        text: str,
        who: Principal | None = None,
        user: str = "",
        tz: str = "UTC",
        files: Sequence[str | FileFacts | AttachedFile] = (),
        receipt: Receipt | None = None,
    ) -> list[Reply]:
        """A message in a thread: a new request, or an answer to the plan open in that thread. ``files``: the files
        shared with it (``slack:`` references, or their facts to show them by name), attached to the email a new
        request sends, or in a reply the answer to the open plan's question for a file, else joining its emails
        not sent yet (§2.7). ``receipt``: the request's, from a front end that may hand it over again; handled
        again, a request whose plan exists or whose reply a plan took returns nothing. ``who``: the principal the
        front end made (``user`` and ``tz`` alone: a person of no workspace, as the terminal chat's)."""
        who = who or Principal(team="", user=user, zone=tz)
        if not self._allowed(who.user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        shared = known_files(files)
        async with self._parts.turns, self._parts.lock(thread_key):
            with handling(receipt):
                return await self._message(who, thread_key, text, shared, receipt)

    async def refusal_to_start(self, *, who: Principal) -> Say | None:
        """What a new request of ``who`` is refused with before any planning (not allowed, the hourly limit), for a
        front end that shows nothing in public for a refused request; None: it may start (the binding check is
        still made when the plan is created)."""
        if not self._allowed(who.user):
            return Refused(text=texts.NOT_ALLOWED, reason="not_allowed")
        return await self._starter.rate_limited(who)

    async def _message(
        self, who: Principal, thread_key: str, text: str, shared: list[AttachedFile], receipt: Receipt | None
    ) -> list[Reply]:
        user = who.user
        session = await self._parts.open_session(thread_key)
        if (
            receipt is not None
            and receipt.again
            and await self._starter.handled_before(receipt, thread_key, user, session)
        ):
            logger.info("a request handled before was delivered again; nothing to do (thread %s)", thread_key)
            return []
        if session is not None:
            session.receipts = taken(session.receipts, receipt)
        if session is None:
            if not text.strip():  # a file alone asks for nothing
                return []
            followed = await self._starter.after(who, thread_key, text)
            if followed is not None:
                return followed
            return await self._starter.start(who, thread_key, text, files=shared)
        if user != session.requester and user not in self._parts.settings.approvers:
            return await self._decisions.refuse(session, user, "answer")
        if shared:
            return await self._handlers.with_files(session, user, text, shared)
        return await self._handlers.reply(session, user, text)

    async def request_files(self, session_id: str) -> list[AttachedFile]:
        """The files shared with a plan's request and in its thread (a plan made again from an edited request keeps
        them)."""
        session = await self._parts.get(session_id)
        return list(session.files) if session is not None else []

    @as_turn
    async def decide(
        self, *, session_id: str, step_id: str, decision: Decision, user: str, args_hash: str | None = None
    ) -> list[Reply]:
        """A click on Approve / Skip / Cancel for a step shown with ``args_hash``."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        session = await self._parts.get(session_id)
        if session is None:
            return [Refused(text=texts.NO_SUCH_PLAN, reason="no_such_plan", tone="problem")]
        async with self._parts.turns, self._parts.lock(session.thread_key):
            session = await self._parts.get(session_id)
            assert session is not None
            if self._decisions.check_decider(session, user) is not None:
                return await self._decisions.refuse(session, user, decision)
            if decision == "cancel":  # requests said beside the plan ("also …") start even so
                return [*await self._decisions.cancel(session, user), *await self._handlers.then(session)]
            decided = await self._decisions.decide_step(session, step_id, decision, user, args_hash)
            return [*decided, *await self._handlers.then(session)]  # "undo that and <then>": said once done

    @as_turn
    async def choose(
        self, *, session_id: str, step_id: str, choice: str, user: str, args_hash: str | None = None
    ) -> list[Reply]:
        """A click on a choice of the approval card shown with ``args_hash``: "free_slot" (book the next free slot
        instead) or "use_existing" (use the record that already exists)."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        if choice not in ("free_slot", "use_existing"):
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        key: ChoiceKey = "free_slot" if choice == "free_slot" else "use_existing"
        return await self._as_decider(
            session_id, user, "choose", lambda session: self._decisions.choose(session, step_id, key, user, args_hash)
        )

    @as_turn
    async def remove_items(self, *, session_id: str, step_id: str, numbers: list[int], user: str) -> list[Reply]:
        """Take items (numbered from 1 as shown) out of a repeated step waiting for approval; the rest is shown
        for approval again."""
        return await self._as_decider(
            session_id, user, "remove", lambda session: self._decisions.remove_items(session, step_id, numbers, user)
        )

    @as_turn
    async def edit(self, *, session_id: str, step_id: str, arguments: dict[str, Any], user: str) -> list[Reply]:
        """New arguments for a step waiting for approval: checked, then shown for approval again."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        return await self._as_decider(
            session_id, user, "edit", lambda session: self._decisions.edit(session, step_id, arguments, user)
        )

    async def _as_decider(
        self, session_id: str, user: str, what: str, act: Callable[[Session], Awaitable[list[Reply]]]
    ) -> list[Reply]:
        """Run ``act`` on the plan under its thread's lock, if ``user`` may decide for it (else a refusal)."""
        session = await self._parts.get(session_id)
        if session is None:
            return [Refused(text=texts.NO_SUCH_PLAN, reason="no_such_plan", tone="problem")]
        async with self._parts.turns, self._parts.lock(session.thread_key):
            session = await self._parts.get(session_id)
            assert session is not None
            if self._decisions.check_decider(session, user) is not None:
                return await self._decisions.refuse(session, user, what)
            return await act(session)

    def field_errors(self, tool: str, arguments: dict[str, Any]) -> dict[str, str]:
        """Per-field problems of an edit, for a form to show next to the fields."""
        return argument_errors(self._parts.runner.catalog, tool, arguments)

    async def read_edit(self, *, session_id: str, step_id: str, field: str, text: str) -> tuple[Any, str | None]:
        """A value typed in the edit form for ``field`` (an argument's path) read as "edit FIELD=VALUE" reads it:
        "Friday 1pm", "1 hour", "Tom" (an address looked up). (value, None), or (None, what is wrong)."""
        return await self._decisions.read_edit(await self._parts.get(session_id), step_id, field, text)

    def _allowed(self, user: str) -> bool:
        """``PLANBOT_ALLOWED_USERS``, when set, names everyone who may use the bot."""
        return not self._parts.settings.allowed_users or user in self._parts.settings.allowed_users

    @as_turn
    async def cancel(self, *, session_id: str, user: str) -> list[Reply]:
        return await self.decide(session_id=session_id, step_id="", decision="cancel", user=user)

    @as_turn
    async def follow_up(
        self,
        *,
        thread_key: str,
        text: str,
        who: Principal | None = None,
        user: str = "",
        tz: str = "UTC",
        receipt: Receipt | None = None,
    ) -> list[Reply]:
        """Only a follow-up ("also invite Tom", "undo that") to ``who``'s own plan in this thread, ended within
        the session TTL, or words pointing back at it (``Starter.pointed_follow_up``): for a channel thread, where
        other words are chatter and start nothing. [] otherwise. ``receipt`` and ``who`` as for ``message``."""
        who = who or Principal(team="", user=user, zone=tz)
        if not self._allowed(who.user) or not text.strip():
            return []
        async with self._parts.turns, self._parts.lock(thread_key):
            if not await self._starter.may_follow_up(who, thread_key, receipt):
                return []
            with handling(receipt):
                return await self._starter.pointed_follow_up(who, thread_key, text)

    # --- now and then (planning.engine.sweeps) ----------------------------------------------------------

    async def resume(self) -> dict[str, list[Reply]]:
        """After a restart: where each open plan stands (nothing for one another live process is running)."""
        return await self._sweeps.resume()

    async def take_over_stale(self) -> dict[str, list[Reply]]:
        """Ask about every write whose process stopped renewing its claim for a lease."""
        return await self._sweeps.take_over_stale()

    async def expiring(self) -> list[tuple[str, int]]:
        """The open plans past their lifetime, as (id, version): each to close with ``expire``."""
        return await self._sweeps.expiring()

    async def expire(self, session_id: str, receipt: Receipt | None = None) -> dict[str, list[Reply]]:
        """Close a plan past its lifetime; what to say in its thread. The closing with ``receipt`` handled again
        (its process stopped before telling) says it again."""
        return await self._sweeps.expire(session_id, receipt)

    async def account_connected(self, *, team: str, user: str, kind: str) -> dict[str, list[Reply]]:
        """``user`` of ``team`` connected their ``kind`` account: each plan waiting for it goes on."""
        return await self._sweeps.account_connected(team=team, user=user, kind=kind)

    # --- what is open ----------------------------------------------------------------------------------

    async def open_plans(self, user: str | None = None, *, team: str | None = None) -> list[PlanView]:
        """Open plans, of ``user`` only if given, of Slack workspace ``team`` only if given."""
        records = await self._parts.store.list_open(requester=user)
        return [
            view_of(session)
            for session in map(self._parts.from_record, records)
            if team is None or session.team == team
        ]

    async def is_open(self, thread_key: str) -> bool:
        """Whether a plan is open in this thread (a reply there is meant for it)."""
        return await self._parts.store.open_for_thread(thread_key) is not None

    async def answered_elsewhere(self, *, who: Principal, text: str, threads: str) -> str | None:
        """The thread of ``who``'s plan (among keys starting with ``threads``) whose open question ``text``, typed
        outside it, answers; None when it is a request of its own (:mod:`planning.engine.elsewhere`)."""
        return await answered_thread(self._parts, self._offers, who, text, threads)

    async def requester_of(self, session_id: str) -> str | None:
        session = await self._parts.get(session_id)
        return session.requester if session is not None else None

    async def workspace_of_plan(self, session_id: str) -> str | None:
        """The Slack workspace (team id) a plan was asked in ("" outside Slack); None for no such plan."""
        session = await self._parts.get(session_id)
        return session.team if session is not None else None

    async def pending_approval(self, session_id: str) -> AskApproval | None:
        """The step waiting for approval in a plan, with its arguments as they would run."""
        session = await self._parts.get(session_id)
        if session is None or session.question is None or session.question.kind != "approval":
            return None
        replies = self._decisions.reissue(session)
        return next((r for r in replies if isinstance(r, AskApproval)), None)

    async def open_question(self, session_id: str) -> AskApproval | AskValue | None:
        """What a plan is waiting for from its requester (to ask again where it was never seen), if anything."""
        session = await self._parts.get(session_id)
        return self._sweeps.asked(session) if session is not None else None

    async def made_by(self, receipt: Receipt) -> list[Reply]:
        """For a request handled again (its process stopped after its plan was made): where that plan stands and
        what it asks, to show where it may never have been shown; [] when the request made no plan."""
        return await self._sweeps.made_by(receipt)
