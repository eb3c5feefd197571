"""The conversation engine's public face: a message in a thread, a decision on a step, an edit, a restart.

Front ends (terminal chat, Slack) call these and render the replies; they hold no plan state themselves.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, Literal
from zoneinfo import ZoneInfo

from integrations.base.files import FileFacts
from planning.engine import claims, connections, each, followups, reading, table, targets, texts, thread_files
from planning.engine.answers import value_type
from planning.engine.audit import Auditor
from planning.engine.checks import ChoiceKey
from planning.engine.dialogue import Dialogue
from planning.engine.file_facts import AttachedFile, known_files
from planning.engine.intentions import view_of
from planning.engine.lease import ClaimLease, process_owner
from planning.engine.machine import StepMachine
from planning.engine.observe import ApprovedPlans, NoObserver, Observer
from planning.engine.receipts import Receipt, handling, new_session_id, session_id_for, taken
from planning.engine.replies import AskApproval, AskValue, Refused, Reply, Say, ShowPlan
from planning.engine.runner import ToolRunner, argument_errors
from planning.engine.session import Question, Session, StepRun
from planning.engine.sessions import SessionRepository
from planning.engine.settings import EngineSettings
from planning.engine.takeover import Takeover
from planning.engine.turns import as_turn
from planning.engine.view import PlanView
from planning.engine.workspaces import same_workspace_prefix, workspace_of
from planning.pipeline import RequestPlanner
from planning.planner.shared_files import with_shared_files
from planning.store import PlanStore, SessionRecord, VersionConflict
from planning.types import Plan, Step
from planning.understanding.clarify import describe
from planning.understanding.commands import Answer, Change, Command, Correct, Decide, Pick, Thanks, Undo
from planning.validation import validate_plan

logger = logging.getLogger(__name__)
Decision = Literal["approve", "skip", "cancel"]
Handler = Callable[[Session, str, str, Command], Awaitable[list[Reply]]]


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
        self._store = store
        self._runner = runner
        self._planner = planner or RequestPlanner()
        self._settings = settings or EngineSettings()
        self._clock = clock or (lambda: datetime.now(UTC))
        self._sessions = SessionRepository(
            store, self._clock, self._settings.session_ttl_seconds, redact=self._settings.audit_redact
        )
        self._observer = observer or NoObserver()
        self._turns = asyncio.Semaphore(self._settings.max_concurrent_turns)  # bounded work per process
        self._audit = Auditor(store, redact=self._settings.audit_redact)
        self._memory = memory
        lease_seconds = self._settings.claim_lease_seconds
        self._lease = ClaimLease(store, owner=owner or process_owner(), lease_seconds=lease_seconds)
        self._machine = StepMachine(
            on_done=self._remember,
            runner=runner,
            store=store,
            settings=self._settings,
            clock=self._clock,
            checkpoint=self._save,
            claim=self._claim_and_save,
            lease=self._lease,
            audit=self._audit,
        )
        self._takeover = Takeover(store=store, machine=self._machine, lease=self._lease, save=self._save)
        self._dialogue = Dialogue(machine=self._machine, runner=runner, settings=self._settings)

    # --- entry points --------------------------------------------------------------------------------

    @as_turn
    async def message(
        self,
        *,
        thread_key: str,
        user: str,
        text: str,
        tz: str = "UTC",
        files: Sequence[str | FileFacts | AttachedFile] = (),
        receipt: Receipt | None = None,
    ) -> list[Reply]:
        """A message in a thread: a new request, or an answer to the plan open in that thread. ``files``: the files
        shared with it (``slack:`` references, or their facts to show them by name), attached to the email a new
        request sends, or in a reply the answer to the open plan's question for a file, else joining its emails
        not sent yet (§2.7). ``receipt``: the request's, from a front end that may hand it over again; handled
        again, a request whose plan exists or whose reply a plan took returns nothing."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        shared = known_files(files)
        async with self._turns, self._lock(thread_key):
            with handling(receipt):
                return await self._message(thread_key, user, text, tz, shared, receipt)

    async def _message(
        self, thread_key: str, user: str, text: str, tz: str, shared: list[AttachedFile], receipt: Receipt | None
    ) -> list[Reply]:
        session = await self._open_session(thread_key)
        if receipt is not None and receipt.again and await self._handled(receipt, thread_key, user, session):
            logger.info("a request handled before was delivered again; nothing to do (thread %s)", thread_key)
            return []
        if session is not None:
            session.receipts = taken(session.receipts, receipt)
        if session is None:
            if not text.strip():  # a file alone asks for nothing
                return []
            followed = await self._follow_up(thread_key, user, text, tz)
            if followed is not None:
                return followed
            return await self._start(thread_key, user, text, tz, files=shared)
        if user != session.requester and user not in self._settings.approvers:
            return await self._refuse(session, user, "answer")
        if shared:
            return await self._with_files(session, user, text, shared)
        return await self._continue(session, user, text)

    async def _handled(self, receipt: Receipt, thread_key: str, user: str, session: Session | None) -> bool:
        """Whether a request delivered again was handled before: its plan exists, or a plan here took it."""
        if await self._store.get(session_id_for(receipt)) is not None:
            return True
        if session is not None and receipt.key in session.receipts:
            return True
        latest = await self._store.latest_for_thread(thread_key, requester=user)
        return latest is not None and receipt.key in latest.data.get("receipts", [])

    async def request_files(self, session_id: str) -> list[AttachedFile]:
        """The files shared with a plan's request and in its thread (a plan made again from an edited request keeps
        them)."""
        session = await self._get(session_id)
        return list(session.files) if session is not None else []

    @as_turn
    async def decide(
        self, *, session_id: str, step_id: str, decision: Decision, user: str, args_hash: str | None = None
    ) -> list[Reply]:
        """A click on Approve / Skip / Cancel for a step shown with ``args_hash``."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        session = await self._get(session_id)
        if session is None:
            return [Refused(text=texts.NO_SUCH_PLAN, reason="no_such_plan", tone="problem")]
        async with self._turns, self._lock(session.thread_key):
            session = await self._get(session_id)
            assert session is not None
            if self._check_decider(session, user) is not None:
                return await self._refuse(session, user, decision)
            if decision == "cancel":
                return await self._cancel(session, user)
            return await self._decide_step(session, step_id, decision, user, args_hash)

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
            session_id, user, "choose", lambda session: self._choose(session, step_id, key, user, args_hash)
        )

    @as_turn
    async def remove_items(self, *, session_id: str, step_id: str, numbers: list[int], user: str) -> list[Reply]:
        """Take items (numbered from 1 as shown) out of a repeated step waiting for approval; the rest is shown
        for approval again."""
        return await self._as_decider(
            session_id, user, "remove", lambda session: self._remove_items(session, step_id, numbers, user)
        )

    async def _remove_items(self, session: Session, step_id: str, numbers: list[int], user: str) -> list[Reply]:
        question = session.question
        if question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        run = session.step(step_id)
        if run.step.for_each is None or run.items is None:
            return [
                Refused(
                    text="This step is not repeated for several items: Skip it instead.",
                    reason="not_repeated",
                    tone="info",
                )
            ]
        removed, unknown = each.remove(run, numbers)
        replies: list[Reply] = []
        if unknown:
            replies.append(Say(text=f"There is no item {', '.join(map(str, unknown))} to remove.", private=True))
        if removed:
            replies.append(Say(text=f"Removed item {', '.join(map(str, removed))} of “{run.step.intent}” ({user})."))
            await self._audit.record(session, "edited", self._clock(), actor=user, run=run, removed=removed)
        if not run.open_items():
            run.state, run.note, session.question = "skipped", f"every item removed by {user}", None
            return [*replies, *await self._machine.advance(session)]
        run.state, session.question = "pending", None
        return [*replies, *await self._machine.advance(session)]

    @as_turn
    async def edit(self, *, session_id: str, step_id: str, arguments: dict[str, Any], user: str) -> list[Reply]:
        """New arguments for a step waiting for approval: checked, then shown for approval again."""
        if not self._allowed(user):
            return [Refused(text=texts.NOT_ALLOWED, reason="not_allowed")]
        return await self._as_decider(
            session_id, user, "edit", lambda session: self._edit(session, step_id, arguments, user)
        )

    async def _as_decider(
        self, session_id: str, user: str, what: str, act: Callable[[Session], Awaitable[list[Reply]]]
    ) -> list[Reply]:
        """Run ``act`` on the plan under its thread's lock, if ``user`` may decide for it (else a refusal)."""
        session = await self._get(session_id)
        if session is None:
            return [Refused(text=texts.NO_SUCH_PLAN, reason="no_such_plan", tone="problem")]
        async with self._turns, self._lock(session.thread_key):
            session = await self._get(session_id)
            assert session is not None
            if self._check_decider(session, user) is not None:
                return await self._refuse(session, user, what)
            return await act(session)

    def field_errors(self, tool: str, arguments: dict[str, Any]) -> dict[str, str]:
        """Per-field problems of an edit, for a form to show next to the fields."""
        return argument_errors(self._runner.catalog, tool, arguments)

    async def read_edit(self, *, session_id: str, step_id: str, field: str, text: str) -> tuple[Any, str | None]:
        """A value typed in the edit form for ``field`` (an argument's path) read as "edit FIELD=VALUE" reads it:
        "Friday 1pm", "1 hour", "Tom" (an address looked up). (value, None), or (None, what is wrong)."""
        session = await self._get(session_id)
        question = session.question if session is not None else None
        if session is None or question is None or question.step_id != step_id:
            return None, texts.MOVED_ON
        now = self._clock().astimezone(_zone(session.tz))
        arguments, problem = await self._dialogue.edited(session, session.step(step_id), field, text, now)
        if arguments is None:
            return None, problem
        value: Any = arguments
        for key in field.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        return value, None

    async def resume(self) -> dict[str, list[Reply]]:
        """After a restart: reconcile every open plan with the store and say where each one stands (nothing for a
        plan whose running step another live process holds)."""
        out: dict[str, list[Reply]] = {}
        for record in await self._store.list_open():
            async with self._lock(record.thread_key):
                session = await self._get(record.id)
                if session is not None and session.open:
                    out[session.thread_key] = await self._takeover.reconcile(session) or []
        return out

    async def take_over_stale(self) -> dict[str, list[Reply]]:
        """Ask about every write whose process stopped renewing its claim for a lease (call this now and then)."""
        out: dict[str, list[Reply]] = {}
        lease = self._lease.lease_seconds
        for claim in await self._store.stale_claims(idle_seconds=lease):
            record = await self._store.get(claim.session_id)
            if record is not None and record.open and record.thread_key not in out:
                async with self._lock(record.thread_key):
                    session = await self._get(record.id)
                    replies = await self._takeover.reconcile(session) if session and session.open else None
                if replies:
                    out[record.thread_key] = replies
            # a claim the plan no longer waits on (closed, or never saved as running) ends, so it is asked about
            # if that step is approved again, and found no more
            await self._store.expire_claim(claim.session_id, claim.step_id, idle_seconds=lease)
        return out

    async def expire_abandoned(self) -> dict[str, list[Reply]]:
        """Close every open plan that waited past its lifetime (the session TTL since its question was asked, or
        since it was made) and return what to say in each one's thread (call this now and then). A plan with a step
        running is left to its lease. Of processes sweeping at once, the one that closes a plan says so: once."""
        out: dict[str, list[Reply]] = {}
        ttl = timedelta(seconds=self._settings.session_ttl_seconds)
        for record in await self._store.list_open():
            if self._clock() - _made_at(record) <= ttl:  # a plan asks nothing before it is made: not expired
                continue
            async with self._turns, self._lock(record.thread_key):
                session = await self._get(record.id)
                if session is None or not session.open or not self._expired(session):
                    continue
                if any(run.state == "running" for run in session.steps):
                    continue
                try:
                    out[session.thread_key] = await self._expire(session)
                except VersionConflict:  # another process changed it first: it is theirs to tell
                    continue
        return out

    async def open_plans(self, user: str | None = None, *, team: str | None = None) -> list[PlanView]:
        """Open plans, of ``user`` only if given, of Slack workspace ``team`` only if given."""
        records = await self._store.list_open(requester=user)
        return [view_of(self._from_record(r)) for r in records if team is None or workspace_of(r.thread_key) == team]

    async def is_open(self, thread_key: str) -> bool:
        """Whether a plan is open in this thread (a reply there is meant for it)."""
        return await self._store.open_for_thread(thread_key) is not None

    async def requester_of(self, session_id: str) -> str | None:
        session = await self._get(session_id)
        return session.requester if session is not None else None

    async def workspace_of_plan(self, session_id: str) -> str | None:
        """The Slack workspace (team id) a plan was asked in ("" outside Slack); None for no such plan."""
        session = await self._get(session_id)
        return workspace_of(session.thread_key) if session is not None else None

    async def pending_approval(self, session_id: str) -> AskApproval | None:
        """The step waiting for approval in a plan, with its arguments as they would run."""
        session = await self._get(session_id)
        if session is None or session.question is None or session.question.kind != "approval":
            return None
        replies = self._reissue(session)
        return next((r for r in replies if isinstance(r, AskApproval)), None)

    async def open_question(self, session_id: str) -> AskApproval | AskValue | None:
        """What a plan is waiting for from its requester (to ask again where it was never seen), if anything."""
        session = await self._get(session_id)
        if session is None or session.question is None or not session.open:
            return None
        if session.question.kind == "approval":
            return await self.pending_approval(session_id)
        return connections.ask(session) or AskValue(text=session.question.prompt)

    async def account_connected(self, *, team: str, user: str, kind: str) -> dict[str, list[Reply]]:
        """``user`` of ``team`` has just connected their ``kind`` account (``user`` "": the CRM of the whole
        workspace): each plan that waits for it goes on (thread key → what to say there). ``team`` "": any."""
        out: dict[str, list[Reply]] = {}
        for record in await self._store.list_open(requester=user or None):
            if not user and not team:
                break
            async with self._turns, self._lock(record.thread_key):
                session = await self._get(record.id)
                if session is None or not connections.waiting_for(session, kind):
                    continue
                if team and session.principal.team not in ("", team):
                    continue
                connections.stop_waiting(session)
                out[session.thread_key] = await self._machine.advance(session)
        return out

    def _allowed(self, user: str) -> bool:
        """``PLANBOT_ALLOWED_USERS``, when set, names everyone who may use the bot."""
        return not self._settings.allowed_users or user in self._settings.allowed_users

    @as_turn
    async def cancel(self, *, session_id: str, user: str) -> list[Reply]:
        return await self.decide(session_id=session_id, step_id="", decision="cancel", user=user)

    @as_turn
    async def follow_up(
        self, *, thread_key: str, user: str, text: str, tz: str = "UTC", receipt: Receipt | None = None
    ) -> list[Reply]:
        """Only a follow-up ("also invite Tom", "undo that") to ``user``'s own plan in this thread, ended within
        the session TTL: for a channel thread, where other words are chatter and start nothing. [] otherwise.
        ``receipt`` as for ``message``."""
        if not self._allowed(user) or not text.strip():
            return []
        async with self._turns, self._lock(thread_key):
            if await self._open_session(thread_key) is not None:
                return []
            if receipt is not None and receipt.again and await self._store.get(session_id_for(receipt)) is not None:
                return []
            record = await self._store.latest_for_thread(thread_key, requester=user)
            if record is None or record.open:
                return []
            if self._clock() - record.updated_at > timedelta(seconds=self._settings.session_ttl_seconds):
                return []
            with handling(receipt):
                return await self._follow_up(thread_key, user, text, tz) or []

    # --- a new request -------------------------------------------------------------------------------

    async def _follow_up(self, thread_key: str, user: str, text: str, tz: str) -> list[Reply] | None:
        """ "undo that", "make it 4pm instead", "also invite Priya" after this person's last plan in the thread
        ended: a new plan from its values (contract §2.7); None when ``text`` is no such follow-up."""
        record = await self._store.latest_for_thread(thread_key, requester=user)
        if record is None or record.open:
            return None
        now = self._clock().astimezone(_zone(tz))
        earlier = self._from_record(record)
        [command, *_] = reading.read_after(text, earlier)
        if isinstance(command, Change) and command.field == "when":  # "and tomorrow?": the earlier request again
            again = followups.restated(earlier, text, now)
            return await self._start(thread_key, user, again, tz) if again is not None else None
        if isinstance(command, Thanks):
            return [Say(text=texts.WELCOME)]
        if not isinstance(command, Undo | Change):
            return None
        follow = followups.follow_up(earlier, command, now)
        if follow is None:
            return None
        said = [Say(text=line + ".") for line in follow.cannot]
        if not follow.plan.steps:
            return [*said, Say(text="There is nothing in your last plan here that I can undo.")] if said else None
        problems = validate_plan(follow.plan, self._runner.catalog)
        if problems:
            logger.error("follow-up plan failed validation: %s", "; ".join(map(str, problems)))
            return [Say(text=f"I could not build that change. {texts.TRY_AGAIN}", tone="problem")]
        catalog = self._runner.catalog
        session = Session(
            id=new_session_id(),
            thread_key=thread_key,
            requester=user,
            text=text,
            tz=tz,
            created_at=self._clock(),
            parse=followups.parse_of(follow),
            steps=follow.runs(lambda tool: _kind(catalog, tool)),
            state="collecting",
        )
        limited = await self._create_within_limit(session)
        if limited is not None:
            return [limited]
        return [*said, *await self._machine.advance(session)]

    async def _start(
        self,
        thread_key: str,
        user: str,
        text: str,
        tz: str,
        chosen: tuple[str, str] | None = None,
        *,
        files: Sequence[AttachedFile] = (),
    ) -> list[Reply]:
        now = self._clock().astimezone(_zone(tz))
        early = await self._rate_limited(user, thread_key)  # a cheap early answer; the binding check is at creation
        if early is not None:
            return [early]
        understood = await self._planner.understand_async(text, now, chosen)
        understood = replace(understood, plan=with_shared_files(understood.plan, [file.ref for file in files]))
        earlier = await self._store.latest_for_thread(thread_key, requester=user)
        pointed: followups.FollowUp | None = None
        if earlier is not None and not earlier.open:  # "book a follow-up with them": the earlier plan's people
            plan = followups.with_earlier_people(self._from_record(earlier), text, understood.plan)
            understood = replace(understood, plan=plan)
            # "push it back an hour": what the earlier plan changed or found
            pointed = followups.with_earlier_record(self._from_record(earlier), text, plan, understood.parse.goals[0])
        parse = understood.parse
        intents = {g.intent for g in parse.goals}
        self._observer.count("requests", understood="/".join(sorted(intents)))
        if not understood.plan.steps:
            if intents == {"chat"}:
                return [Say(text=texts.HELP)]
            outside = next((goal.outside for goal in parse.goals if goal.outside is not None), None)
            if outside is not None:
                return [Refused(text=texts.cant_do(outside), reason="out_of_scope", private=False)]
            if "unsupported" in intents:  # it sounded like ours: say what was not understood, and how to say it
                return [Refused(text=texts.not_understood(text), reason="not_understood", private=False)]
            reason = understood.planning_problem or "I could not turn that into steps"
            return [Say(text=f"{reason}. {texts.TRY_AGAIN}", tone="problem")]
        catalog = self._runner.catalog
        steps = [StepRun(step=step, kind=_kind(catalog, step.tool)) for step in understood.plan.steps]
        if pointed is not None:
            steps = pointed.runs(lambda tool: _kind(catalog, tool))
        session = Session(
            id=new_session_id(),
            thread_key=thread_key,
            requester=user,
            text=text,
            tz=tz,
            created_at=self._clock(),
            parse=parse,
            steps=steps,
            files=list(files),
        )
        replies: list[Reply] = []
        if "unsupported" in intents:
            replies.append(Say(text=texts.PARTLY_UNSUPPORTED, tone="problem"))
        if parse.clarify:
            session.state = "clarifying"
            options = [describe(choice.intent, choice.entity) for choice in parse.choices]
            how = "reply with a number" if options else "reply “yes” to go ahead with this plan"
            prompt = f"{parse.clarify} ({how}, or tell me what you meant)"
            session.question = Question(
                kind="clarify",
                prompt=prompt,
                asked_at=self._clock(),
                options=[{"intent": c.intent, "entity": c.entity} for c in parse.choices],
            )
            limited = await self._create_within_limit(session)
            asked = AskValue(text=prompt, options=options)
            return [limited] if limited else [*replies, ShowPlan(view=view_of(session)), asked]
        session.state = "collecting"
        which = None
        if pointed is not None:  # several found where one is meant: which one
            which = followups.ask_which(session, pointed, partial(each.item_label, tz=_zone(tz)), self._clock())
        limited = await self._create_within_limit(session)
        if limited is not None:
            return [limited]
        return [*replies, *([which] if which else []), *await self._machine.advance(session)]

    async def _create_within_limit(self, session: Session) -> Say | None:
        """Count and create under one per-user lock, so the limit holds exactly across replicas."""
        if self._settings.max_plans_per_hour <= 0:
            await self._create(session)
            return None
        team = workspace_of(session.thread_key)
        async with self._lock(f"user:{team}:{session.requester}" if team else f"user:{session.requester}"):
            limited = await self._rate_limited(session.requester, session.thread_key)
            if limited is None:
                await self._create(session)
            return limited

    async def _remember(self, session: Session) -> None:
        """A finished plan whose changes were approved and ran becomes an example for later planning."""
        approved = [r for r in session.steps if r.kind == "write" and r.state == "done" and r.decided_by]
        if self._memory is None or not approved:
            return
        plan = Plan(steps=tuple(r.step for r in session.steps))
        scope = session.thread_key.split(":")[1] if session.thread_key.startswith("slack:") else "default"
        try:
            who = session.requester  # what is learned from a request is forgotten with its requester
            remember = self._memory.remember
            await asyncio.to_thread(remember, session.text, session.parse, plan, scope=scope, requester=who)
        except Exception:  # remembering helps later plans; this one is done either way
            logger.warning("could not remember plan %s", session.id, exc_info=True)

    async def _rate_limited(self, user: str, thread_key: str) -> Say | None:
        """The hourly plan limit of ``user`` in the workspace of ``thread_key`` (one user id may be two people)."""
        limit = self._settings.max_plans_per_hour
        if limit <= 0:
            return None
        since, prefix = self._clock() - timedelta(hours=1), same_workspace_prefix(thread_key)
        started = await self._store.count_created_since(user, since, thread_prefix=prefix)
        if started < limit:
            return None
        self._observer.count("rate_limited")
        return Refused(text=texts.rate_limited(started, limit), reason="rate_limited")

    # --- a reply in the thread -----------------------------------------------------------------------

    async def _with_files(self, session: Session, user: str, text: str, shared: list[AttachedFile]) -> list[Reply]:
        """Files shared in a reply: kept with the plan; the answer to its question for a file, else attached to its
        emails not sent yet (an approval they change is asked again). Words with them are read as any reply,
        unless the files answered what was asked."""
        if self._expired(session):
            return await self._expire(session)
        session.files = known_files([*session.files, *shared])
        question = session.question
        if question is not None and question.kind == "clarify":  # the request, re-planned, takes the files along
            if text.strip():
                return await self._continue(session, user, text)
            await self._save(session)
            options = [describe(option["intent"], option["entity"]) for option in question.options]
            kept = Say(text=f"I will keep {', '.join(file.label for file in shared)} with your request.")
            return [kept, AskValue(text=question.prompt, options=options)]
        attached = thread_files.attach_in_thread(session, [file.ref for file in shared])
        for run in attached.steps:
            await self._audit.record(session, "edited", self._clock(), actor=user, run=run, files=attached.refs)
        told = thread_files.told(attached, shared)
        if attached.answered or attached.reopened:
            return [told, *await self._machine.advance(session)]
        if text.strip():
            return [told, *await self._continue(session, user, text)]
        await self._save(session)
        question = session.question  # still asked: ask it again
        if question is not None and question.kind == "approval":
            return [told, *self._reissue(session)]
        return [told, AskValue(text=question.prompt)] if question is not None else [told]

    async def _continue(self, session: Session, user: str, text: str) -> list[Reply]:
        """A reply to the open plan: read once into commands, each run by the handler its table row names."""
        if self._expired(session):
            return await self._expire(session)
        replies: list[Reply] = []
        for command in reading.read(text, session):
            replies += await self._dispatch(session, user, text, command)
            if not session.open:
                break
        return replies

    async def _dispatch(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        kind: str = "none" if question is None else question.kind
        if (
            question is not None
            and question.offered is not None
            and table.label(command) in ("pick:new", "pick:answer")
        ):
            kind = "offer"
        row = table.row_for(kind, command)
        handler: Handler = getattr(self, f"_on_{row.handler}")
        return await handler(session, user, text, command)

    # --- the table's handlers (planning.engine.table) -----------------------------------------------------

    async def _on_cancel(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return await self._cancel(session, user)

    async def _on_take_offer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None
        offered, question.offered = question.offered or "", None
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "dropped for a new request"
        session.question = None
        await self._close(session, "cancelled")
        await self._audit.record(session, "cancelled", self._clock(), actor=user)
        dropped = Say(text=f"Dropped the plan “{session.text}”.")
        started = await self._start(session.thread_key, user, offered, session.tz, files=session.files)
        return [dropped, ShowPlan(view=view_of(session)), *started]

    async def _on_keep_offer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None
        offered, question.offered = question.offered or "", None
        if _free_text(question):  # the words offered were the text asked for after all
            now = self._clock().astimezone(_zone(session.tz))
            answered = await self._dialogue.answer(session, Answer(offered), offered, now)
            return [*answered, *await self._machine.advance(session)]
        await self._save(session)
        return [AskValue(text=question.prompt)]

    async def _on_correct(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        assert isinstance(command, Correct)
        now = self._clock().astimezone(_zone(session.tz))
        corrected = await self._dialogue.correct(session, command, now)
        if corrected is not None:
            return [*corrected, *await self._machine.advance(session)]
        if session.question is None:
            return await self._on_busy(session, user, text, command)
        return await self._on_answer(session, user, text, Answer(text))  # it fits nothing: read as the answer

    async def _on_busy(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return await self._while_running(session, clicked=False)

    async def _on_clarify_pick(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        assert isinstance(command, Pick) and command.index is not None and session.question is not None
        option = session.question.options[command.index - 1]
        await self._close(session, "cancelled")  # one of the readings offered: plan the request again as that
        chosen = (str(option["intent"]), str(option["entity"]))
        return await self._start(session.thread_key, user, session.text, session.tz, chosen=chosen, files=session.files)

    async def _on_clarify_yes(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        session.question, session.state = None, "collecting"
        return await self._machine.advance(session)

    async def _on_clarify_new(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        await self._close(session, "cancelled")
        return await self._start(session.thread_key, user, text, session.tz, files=session.files)

    async def _on_approve(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        return await self._decide_step(session, question.step_id, "approve", user, question.args_hash)

    async def _on_skip(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None
        return await self._decide_step(session, question.step_id, "skip", user, question.args_hash)

    async def _on_card_choice(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Pick)
        if command.key not in ("free_slot", "use_existing", "create_another"):
            return await self._on_approval_words(session, user, text, command)
        key: ChoiceKey | Literal["approve"] = "approve" if command.key == "create_another" else command.key
        return await self._choose(session, question.step_id, key, user, question.args_hash)

    async def _on_remove(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Decide)
        return await self._remove_items(session, question.step_id, list(command.numbers), user)

    async def _on_edit(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None and question.step_id is not None and isinstance(command, Decide)
        now = self._clock().astimezone(_zone(session.tz))
        run = session.step(question.step_id)
        arguments, problem = await self._dialogue.edited(session, run, command.field or "", command.value or "", now)
        if arguments is None:
            return [
                Refused(text=f"That edit is not valid ({problem}). Nothing changed.", reason="invalid", tone="problem")
            ]
        return await self._edit(session, question.step_id, arguments, user)

    async def _on_approval_words(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        return [Say(text=texts.APPROVAL_WORDS, private=True)]

    async def _on_maybe_new(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        now = self._clock().astimezone(_zone(session.tz))
        question = session.question
        assert question is not None
        if await self._is_new_request(session, text, now):  # any words would fit a text: offered, not taken
            return await self._offer(session, text, question.partial)
        return await self._on_answer(session, user, text, Answer(text))

    async def _on_answer(self, session: Session, user: str, text: str, command: Command) -> list[Reply]:
        question = session.question
        assert question is not None
        now = self._clock().astimezone(_zone(session.tz))
        partial = question.partial
        replies = await self._dialogue.answer(session, command, text, now)
        await self._audit.record(
            session,
            "answered",
            self._clock(),
            actor=user,
            question=question.kind,
            name=question.name,
            step=question.step_id,
            answer=text,
        )
        if session.question is not None:  # asked again: save and wait
            if _asked_again(question, session.question, replies) and await self._is_new_request(session, text, now):
                return await self._offer(session, text, partial)
            await self._save(session)
            return replies
        return [*replies, *await self._machine.advance(session)]

    async def _is_new_request(self, session: Session, text: str, now: datetime) -> bool:
        """Whether a reply that does not answer the question is a request of its own: understood with good
        confidence, without a question back, as something else than the open plan is for."""
        understood = await self._planner.understand_async(text, now, None)
        parse = understood.parse
        if parse.clarify or not understood.plan.steps or parse.confidence < self._settings.new_request_confidence:
            return False
        if {goal.intent for goal in parse.goals} & {"chat", "unsupported"}:
            return False
        ours = {(goal.intent, goal.entity) for goal in session.parse.goals}
        our_tools = {run.step.tool for run in session.steps}
        theirs = {(goal.intent, goal.entity) for goal in parse.goals}
        return not theirs <= ours or not {step.tool for step in understood.plan.steps} <= our_tools

    async def _offer(self, session: Session, text: str, partial: str | None) -> list[Reply]:
        """Offer to drop the open plan for the new request, or to keep answering what it asks."""
        question = session.question
        assert question is not None
        question.offered, question.partial = text.strip(), partial  # a day the reply gave is not an answer
        await self._save(session)
        offer = (
            f"“{text.strip()}” sounds like a new request. Reply “new” to drop the open plan (“{session.text}”) and "
            "start this one, or answer the question to go on with it:"
        )
        if question.kind == "pick":  # a number answers the pick: the offer is in words only
            labels = [each.item_label(option, _zone(session.tz)) for option in question.options]
            return [Say(text=offer), AskValue(text=question.prompt, options=labels)]
        return [Say(text=offer), AskValue(text=question.prompt, options=list(_OFFER_OPTIONS))]

    # --- decisions -----------------------------------------------------------------------------------

    def _check_decider(self, session: Session, user: str) -> Refused | None:
        if user != session.requester and user not in self._settings.approvers:
            return Refused(text=texts.NOT_YOURS, reason="not_yours")
        return None

    async def _refuse(self, session: Session, user: str, what: str) -> list[Reply]:
        await self._audit.record(session, "refused", self._clock(), actor=user, attempted=what)
        return [Refused(text=texts.NOT_YOURS, reason="not_yours")]

    async def _decide_step(
        self, session: Session, step_id: str, decision: Decision, user: str, shown_hash: str | None
    ) -> list[Reply]:
        if not session.open:
            return [Refused(text=texts.already_over(session.state), reason="over", tone="info")]
        question = session.question
        if question is None:
            return await self._while_running(session, clicked=True)
        if question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        if shown_hash is not None and shown_hash != question.args_hash:
            return [Refused(text=texts.STALE_APPROVAL, reason="changed", tone="info"), *self._reissue(session)]
        if self._approval_expired(question.asked_at):
            question.asked_at = self._clock()
            await self._save(session)
            return [Refused(text=texts.EXPIRED_APPROVAL, reason="expired", tone="info"), *self._reissue(session)]
        run = session.step(step_id)
        replies: list[Reply] = []
        if decision == "skip":
            run.state, run.decided_by, run.note = "skipped", user, f"skipped by {user}"
            session.question = None
            await self._audit.record(session, "skipped", self._clock(), actor=user, run=run)
            replies.append(Say(text=f"Skipped{_named(session, run)} ({user})."))
        else:
            if not await self._machine.still_as_shown(session, run, replies):  # its target changed, or is gone
                return [*replies, *await self._machine.advance(session)]
            arguments = self._machine.arguments(session, run)
            await self._audit.record(
                session,
                "approved",
                self._clock(),
                actor=user,
                run=run,
                arguments=arguments,
                args_hash=question.args_hash,
            )
            replies.append(Say(text=f"Approved{_named(session, run)} ({user})."))
            await self._machine.run_approved(session, run, user, replies)
        return [*replies, *await self._machine.advance(session)]

    def _reissue(self, session: Session) -> list[Reply]:
        question = session.question
        if question is None or question.step_id is None:
            return []
        run = session.step(question.step_id)
        arguments = self._machine.arguments(session, run)
        return [
            AskApproval(
                session_id=session.id,
                step_id=run.id,
                tool=run.step.tool,
                intent=run.step.intent,
                arguments=arguments,
                args_hash=question.args_hash or "",
                items=each.approval_items(session, run) if run.step.for_each is not None and run.items else [],
                target=targets.target_of(session, run, arguments) if run.step.for_each is None else None,
                files=thread_files.described(session, arguments) if run.step.for_each is None else [],
                checks=question.checks,
            )
        ]

    async def _choose(
        self, session: Session, step_id: str, choice: ChoiceKey | Literal["approve"], user: str, shown_hash: str | None
    ) -> list[Reply]:
        """Instead of approving: the next free slot (shown for approval again) or the existing record."""
        question = session.question
        if not session.open or question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        if choice == "approve" or (shown_hash is not None and shown_hash != question.args_hash):
            return await self._decide_step(session, step_id, "approve", user, shown_hash)  # "create another"
        run = session.step(step_id)
        replies = self._machine.choose(session, run, choice, user)
        if replies is None:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        action = "edited" if choice == "free_slot" else "skipped"  # a new time; or nothing created, the record used
        await self._audit.record(session, action, self._clock(), actor=user, run=run, choice=choice)
        return [*replies, *await self._machine.advance(session)]

    async def _edit(self, session: Session, step_id: str, arguments: dict[str, Any], user: str) -> list[Reply]:
        question = session.question
        if question is None or question.kind != "approval" or question.step_id != step_id:
            return [Refused(text=texts.MOVED_ON, reason="moved_on", tone="info")]
        run = session.step(step_id)
        problems = argument_errors(self._runner.catalog, run.step.tool, arguments)
        if problems:
            detail = "; ".join(f"{k}: {v}" for k, v in problems.items())
            return [
                Refused(text=f"That edit is not valid ({detail}). Nothing changed.", reason="invalid", tone="problem")
            ]
        run.step = _relabelled(run.step, self._machine.arguments(session, run), arguments, session.text)
        run.edited = dict(arguments)
        await self._audit.record(session, "edited", self._clock(), actor=user, run=run, arguments=run.edited)
        run.state, session.question = "pending", None  # shown again, checked again (busy times, duplicates)
        updated = Say(text=f"Updated “{run.step.intent}”. Please approve it again.")
        return [updated, *await self._machine.advance(session)]

    async def _cancel(self, session: Session, user: str) -> list[Reply]:
        if not session.open:
            return [Refused(text=texts.already_over(session.state), reason="over", tone="info")]
        started = [run.step.intent for run in session.steps if run.state in ("running", "unknown")]
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "cancelled"
        session.question = None
        await self._close(session, "cancelled")
        await self._audit.record(session, "cancelled", self._clock(), actor=user)
        text = f"Cancelled the plan ({user}). Nothing else will run."
        if started:
            text += " " + claims.may_have_happened(started)
        return [Say(text=text), ShowPlan(view=view_of(session))]

    # --- expiry and restarts -------------------------------------------------------------------------

    def _approval_expired(self, asked_at: datetime) -> bool:
        return self._clock() - asked_at > timedelta(seconds=self._settings.approval_ttl_seconds)

    def _expired(self, session: Session) -> bool:
        last = session.question.asked_at if session.question else session.created_at
        return self._clock() - last > timedelta(seconds=self._settings.session_ttl_seconds)

    async def _expire(self, session: Session) -> list[Reply]:
        for run in session.steps:
            if run.state in ("pending", "waiting"):
                run.state, run.note = "skipped", "expired"
        session.question = None
        await self._close(session, "expired")
        await self._audit.record(session, "expired", self._clock())
        return [Say(text=texts.SESSION_EXPIRED, tone="problem"), ShowPlan(view=view_of(session))]

    async def _while_running(self, session: Session, *, clicked: bool) -> list[Reply]:
        """A word about a plan that waits for no answer: a step of it is running, here or in a process that
        stopped; take it over if that process's lease ran out. A click on it (``clicked``) is refused."""
        replies = await self._takeover.reconcile(session)
        if replies is not None:
            return replies
        running = self._takeover.running_write(session)
        lease = self._lease.lease_seconds
        text = (
            claims.still_running(running.step.intent, lease) if running else texts.MOVED_ON if clicked else texts.BUSY
        )
        if clicked:
            return [Refused(text=text, reason="moved_on", tone="info")]
        return [Say(text=text, private=True)]

    # --- persistence ---------------------------------------------------------------------------------

    def _lock(self, thread_key: str) -> AbstractAsyncContextManager[None]:
        """One thread's work at a time, across every process sharing the store."""
        return self._store.thread_lock(thread_key)

    async def _open_session(self, thread_key: str) -> Session | None:
        return await self._sessions.open_for_thread(thread_key)

    async def _get(self, session_id: str) -> Session | None:
        return await self._sessions.get(session_id)

    def _from_record(self, record: SessionRecord) -> Session:
        return self._sessions.from_record(record)

    async def _create(self, session: Session) -> None:
        await self._sessions.create(session)
        self._observer.count("plans_started")
        now = self._clock()
        await self._audit.record(session, "asked", now, text=session.text)
        planned = [{"id": r.id, "tool": r.step.tool, "intent": r.step.intent} for r in session.steps]
        await self._audit.record(session, "planned", now, steps=planned, explanation=session.parse.explanation)

    async def _save(self, session: Session) -> None:
        await self._sessions.save(session)

    async def _claim_and_save(self, session: Session, key: str, digest: str) -> bool:
        return await self._sessions.claim_and_save(session, key, digest, self._lease.owner)

    async def _close(self, session: Session, state: Literal["cancelled", "expired"]) -> None:
        session.state = state
        await self._save(session)


_OFFER_OPTIONS = ("new: drop the open plan and start the new request", "an answer to the question: go on")


def _asked_again(before: Question, after: Question, replies: list[Reply]) -> bool:
    """Whether a reply left the same question asked again: it did not answer it."""
    same = after.kind == before.kind and after.step_id == before.step_id and after.name == before.name
    return (
        same
        and before.kind in ("value", "pick", "recover", "past_start")
        and any(isinstance(reply, AskValue) for reply in replies)
    )


def _free_text(question: Question) -> bool:
    """Whether the question takes any words as its answer (an email's text, a subject)."""
    return question.kind == "value" and question.name is not None and value_type(question.name) == "text"


def _made_at(record: SessionRecord) -> datetime:
    """When the engine made a stored plan, by its own clock (the store's ``created_at`` is the store's)."""
    try:
        made = datetime.fromisoformat(str(record.data.get("created_at")))
    except ValueError:
        return record.created_at
    return made if made.tzinfo is not None else made.replace(tzinfo=UTC)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


_HEADING_FIELDS = ("title", "subject")  # what a heading may be named by; never a body


def _relabelled(step: Step, before: dict[str, Any], after: dict[str, Any], request: str) -> Step:
    """After an edit, a heading that named the old title or subject names the new one only when the request
    itself gave the new words ("Create the event 'Roadmap chat'" → "… 'Roadmap planning'"). The heading is seen
    by everyone in a channel, and the Edit form is the requester's own: what was typed there (a body, a subject,
    a title) never renames it; the requester's card and "As it ran" show it."""
    intent = step.intent
    for name in _HEADING_FIELDS:
        old, new = before.get(name), after.get(name)
        if not (isinstance(old, str) and old.strip() and isinstance(new, str) and new.strip()):
            continue
        if old in intent and new.casefold() in request.casefold() and old != before.get("body"):
            intent = intent.replace(old, new)
    return step if intent == step.intent else step.model_copy(update={"intent": intent})


def _named(session: Session, run: StepRun) -> str:
    """A step as who decided it reads it (' “Email Priya”'): by its intent, never by what it acts on, since who
    decided is told in the thread, which everyone in a channel sees."""
    return f" “{run.step.intent}”"


def _kind(catalog: Any, tool: str) -> Literal["read", "write"]:
    spec = catalog.get(tool)
    return "read" if spec is not None and spec.kind == "read" else "write"
