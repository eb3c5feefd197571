"""The step machine: runs what may run, asks for what is missing, waits for approvals, recovers.

``advance`` moves a session as far as it can go without the user and returns what to tell them. Every
transition is saved (``checkpoint``) before it is acted on.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from integrations.base.errors import PermissionDeniedError
from planning.engine import (
    busy_at,
    chained,
    claims,
    conditions,
    connections,
    each,
    findings,
    left_out,
    news,
    recovery,
    standing,
    targets,
    thread_files,
    timing,
    word_search,
)
from planning.engine.answers import OPTIONAL, example_for, value_type
from planning.engine.checks import CardChecks, ChoiceKey, Notice, card_hash
from planning.engine.clear_pick import clear_choice
from planning.engine.in_words import LABELS, day_in_words, label, value_in_words
from planning.engine.intentions import FINISHED, goal_title, view_of
from planning.engine.lease import ClaimLease
from planning.engine.moved_weekday import in_week_of_found
from planning.engine.outcomes import fail, jsonable, outcome
from planning.engine.own_address import without_requester
from planning.engine.precheck import CardCheck, apply_choice
from planning.engine.replies import AskApproval, AskValue, Reply, Say, ShowPlan
from planning.engine.resolve import MissingValueError, ResolutionError, resolve, unfilled_placeholders
from planning.engine.runner import ToolRunner, describe_failure
from planning.engine.session import Question, Recovery, Session, StepRun
from planning.engine.settings import EngineSettings
from planning.engine.staleness import Recheck
from planning.engine.stored_values import as_stored
from planning.engine.target_text import organised_by_other
from planning.engine.writes import ClaimedWrites
from planning.references import references_in
from planning.store import PlanStore, StepClaim
from planning.types import Goal, TimeRange

if TYPE_CHECKING:
    from planning.engine.audit import Auditor

logger = logging.getLogger(__name__)
Checkpoint = Callable[[Session], Awaitable[None]]
ClaimCheckpoint = Callable[[Session, str, str], Awaitable[bool]]  # session, claim key, args hash: claimed?
MAX_ROUNDS = 200


class StepMachine:
    def __init__(
        self,
        *,
        runner: ToolRunner,
        store: PlanStore,
        settings: EngineSettings,
        clock: Callable[[], datetime],
        checkpoint: Checkpoint,
        claim: ClaimCheckpoint,
        lease: ClaimLease,
        audit: "Auditor | None" = None,
        on_done: Callable[[Session], Awaitable[None]] | None = None,
    ) -> None:
        self._runner = runner
        self._store = store
        self._settings = settings
        self._clock = clock
        self._checkpoint = checkpoint
        self._claim = claim
        self._lease = lease
        self._audit = audit
        self._on_done = on_done
        self._checks = CardCheck(runner=runner, clock=clock)
        self._recheck = Recheck(runner=runner, arguments=self.arguments, clock=clock)
        self._writes = ClaimedWrites(
            runner=runner,
            store=store,
            clock=clock,
            checkpoint=checkpoint,
            claim=claim,
            lease=lease,
            audited=self._audited,
            arguments=self.arguments,
        )

    # --- the loop ------------------------------------------------------------------------------------

    async def advance(self, session: Session) -> list[Reply]:
        replies: list[Reply] = []
        for _ in range(MAX_ROUNDS):
            if not session.open or session.question is not None:
                break
            self._apply_conditions(session, replies)
            self._skip_orphans(session)
            if await self._an_account_missing(session, replies):  # said before any question or read
                break
            reads = self._ready_reads(session)
            if reads:
                stop = await self._run_reads(session, reads, replies)
                if stop:
                    break
                continue
            if self._ask_next_value(session, replies):
                break
            nxt = self._next_needing_approval(session)
            if nxt is not None and _approved_items_left(nxt):  # items approved before a pause: they go on
                await self._writes.run_items(session, nxt, nxt.decided_by or session.requester, replies)
                continue
            if nxt is not None:
                if await self._waits_for_account(session, nxt, replies):
                    break
                if not self._ask_if_start_passed(session, nxt, replies):
                    await self._ask_approval(session, nxt, replies)
                    if nxt.state == "failed":  # refused before any approval (not the requester's to change)
                        continue
                break
            if all(run.state in FINISHED for run in session.steps):
                self._finish(session, replies)
                if session.state == "done" and self._on_done is not None:
                    await self._on_done(session)
                break
            if _unstick(session):  # a step left waiting with no question open: ask it again
                continue
            session.state = "failed"
            replies.append(Say(text="The plan is stuck: a step waits for another that cannot finish.", tone="problem"))
        await self._checkpoint(session)
        replies.append(ShowPlan(view=view_of(session)))
        return replies

    def _apply_conditions(self, session: Session, replies: list[Reply]) -> None:
        """A step whose ``run_if`` does not hold is skipped, and the user is told why (contract §2.6)."""
        for run in session.steps:
            if run.state != "pending" or not run.step.run_if or not conditions.ready(session, run):
                continue
            verdict = conditions.judge(session, run)
            if not verdict.holds:
                run.state, run.note = "skipped", verdict.reason
                replies.append(Say(text=f"Not doing “{run.step.intent}”: {verdict.reason}."))

    def _skip_orphans(self, session: Session) -> None:
        """A step that needs the result of a skipped or failed step cannot run; one that only comes after it and
        has its own ``run_if`` that holds still runs (contract §2.6)."""
        by_id = {run.id: run for run in session.steps}
        changed = True
        while changed:
            changed = False
            for run in session.steps:
                if run.state != "pending":
                    continue
                blocked = [d for d in run.step.depends_on if by_id[d].state in ("skipped", "failed")]
                if blocked and run.step.run_if and not _uses_results_of(run, blocked):
                    ready = conditions.ready(session, run)
                    if ready and conditions.judge(session, run).holds:
                        continue
                if blocked:
                    run.state = "skipped"
                    run.note = f"needs {blocked[0]}, which did not run"
                    changed = True

    def _deps_done(self, session: Session, run: StepRun) -> bool:
        """Every dependency finished (a skipped one counts when this step only comes after it, by its own
        condition: ``_skip_orphans`` decided that)."""
        return all(
            session.step(dep).state == "done" or (session.step(dep).state == "skipped" and bool(run.step.run_if))
            for dep in run.step.depends_on
        )

    def _needs_approval(self, run: StepRun) -> bool:
        return run.kind == "write" or self._settings.approve_reads

    def _ready_reads(self, session: Session) -> list[StepRun]:
        return [
            run
            for run in session.steps
            if run.state == "pending"
            and not self._needs_approval(run)
            and self._deps_done(session, run)
            and not unfilled_placeholders(run.step.arguments, run.answers)
        ]

    # --- reads ---------------------------------------------------------------------------------------

    async def _run_reads(self, session: Session, reads: list[StepRun], replies: list[Reply]) -> bool:
        """Run independent reads at once. True when the session now waits for the user."""
        session.state = "running"
        for run in reads:
            run.state = "running"
        await self._checkpoint(session)
        outcomes = await asyncio.gather(*(self._call(session, run) for run in reads), return_exceptions=True)
        waiting = False
        for run, result in zip(reads, outcomes, strict=True):
            need = connections.need_of(result, self._runner.kind_of(run.step.tool))
            if need is not None:  # the requester's own account is missing: wait for it, one question at a time
                if waiting:
                    run.state = "pending"
                else:
                    replies.append(connections.wait(session, run, need, self._clock()))
                    waiting = True
                continue
            if isinstance(result, BaseException):
                fail(run, result, replies)
                await self._audited(session, "failed", run, error=run.error)
                continue
            await self._audited(session, "ran", run, result=jsonable(result))
            if waiting and self._would_ask(session, run, result):
                run.state = "pending"  # one question at a time: read again once the open one is answered
                continue
            waiting = await self._after_read(session, run, result, replies) or waiting
        return waiting

    def _would_ask(self, session: Session, run: StepRun, data: Any) -> bool:
        """Whether this read's result needs the user (nothing found, or several to pick from)."""
        if not self._is_lookup(session, run) or not isinstance(data, list):
            return False
        return not data or (len(data) > 1 and self._uses_first(session, run))

    async def _call(self, session: Session, run: StepRun) -> Any:
        if run.step.for_each is not None:  # a read for each item: its result is the list of each read's data
            run.items = each.resolve_items(session, run)
            return [
                await self._runner.run(
                    run.step.tool,
                    each.item_arguments(session, run, index),
                    zone=session.tz,
                    principal=session.principal,
                )
                for index, item in enumerate(run.items)
                if not each.excluded(run, item)
            ]
        return await self._runner.run(
            run.step.tool, self.arguments(session, run), zone=session.tz, principal=session.principal
        )

    def arguments(self, session: Session, run: StepRun) -> dict[str, Any]:
        """The step's arguments with every placeholder and reference filled (an edit replaces them), each value in
        the form it is stored in (``stored_values``: the card shows what will be written); for a step repeated for
        each item, every item still to run with its arguments."""
        if run.step.for_each is not None and run.items is not None and run.edited is None:
            return each.approved_arguments(session, run)
        if run.edited is not None:
            filled = dict(run.edited)
        else:
            filled = _without_blanks({**resolve(run.step.inputs, session.results(), run.answers), **run.overrides})
            filled = without_requester(run.step.tool, run.step.inputs, filled, session.principal.address)
        return as_stored(run.step.tool, filled, locale=session.principal.locale, zone=session.tz)

    def _is_lookup(self, session: Session, run: StepRun) -> bool:
        return any(ref.step_id == run.id for other in session.steps for ref in references_in(other.step.arguments))

    async def _after_read(self, session: Session, run: StepRun, data: Any, replies: list[Reply]) -> bool:
        lookup = self._is_lookup(session, run)
        if lookup and run.step.tool == "find_free_slots" and isinstance(data, list) and not data:
            run.state, run.result, run.note = "skipped", [], "no free time found"  # never booked (contract §2.9)
            searched = recovery.describe_lookup(run.step, self.arguments(session, run), session.tz)
            told = f"There is no {searched}, so nothing was booked."  # whose time is busy: the requester's to see
            replies.append(Say(text=told, tone="problem", private=True, kept=True))
            return False
        if lookup and isinstance(data, list) and not data:
            return await self._recover(session, run, replies)
        if lookup and isinstance(data, list) and run.step.pick == "always":  # nothing named it: always asked
            run.result = data
            return self._ask_pick(session, run, data, replies)
        if lookup and isinstance(data, list) and len(data) > 1 and self._uses_first(session, run):
            clear = clear_choice(run.step, data)  # "the Acme deal": the one named so, or the only open one
            if clear is None:
                run.result = data
                return self._ask_pick(session, run, data, replies)
            data = [clear.item]
            chosen = each.item_label(clear.item, ZoneInfo(session.tz))
            replies.append(Say(text=f"Using {chosen} ({clear.why}).", private=True))
        if not lookup and run.step.tool == "fetch_emails" and isinstance(data, list) and not data:
            data = await self._mail_in_other_words(session, run, replies)  # "about rehearsing": "shall we rehearse"
        if lookup:  # "move lunch w maria to thurs": the Thursday of the lunch's week
            in_week_of_found(session, run, data, self._clock().astimezone(ZoneInfo(session.tz)).date())
        run.state, run.result = "done", data
        if not lookup and not _decides_others(session, run):  # a check or a list to go over is not an answer
            try:
                arguments = self.arguments(session, run)
                there = await self._busy_there(session, run, arguments, data)
                said = findings.answer(session, run, arguments, data, there=there)
            except ResolutionError:
                said = None
            replies.append(outcome(run, data, answer=said, zone=session.tz))
        return False

    async def _mail_in_other_words(self, session: Session, run: StepRun, replies: list[Reply]) -> list[Any]:
        """A question about mail that found none as worded: the mails that hold its words in any form
        (``word_search``), said so; none found: nothing."""
        args = self.arguments(session, run)
        search = partial(self._runner.run, run.step.tool, zone=session.tz, principal=session.principal)
        worded, kept = await word_search.found_by_words(run.step, args, search)
        if not kept:
            return []
        run.edited = worded
        searched = recovery.describe_lookup(run.step, args, session.tz)
        replies.append(Say(text=f"Nothing matched {searched} as said; {word_search.WORD_FORMS} found {len(kept)}."))
        return kept

    async def _busy_there(
        self, session: Session, run: StepRun, arguments: dict[str, Any], data: Any
    ) -> list[dict[str, Any]]:
        """ "Am I free at 11?" found no free time: the requester's events there, for the answer to name."""
        if not busy_at.asks_own_time(session, run, arguments, data):
            return []
        read = partial(self._runner.run, zone=session.tz, principal=session.principal)
        return await busy_at.events_there(read, arguments)

    def _uses_first(self, session: Session, run: StepRun) -> bool:
        return any(
            ref.step_id == run.id and ref.path[:2] == ("data", 0)
            for other in session.steps
            for ref in references_in(other.step.arguments)
        )

    # --- recovery ------------------------------------------------------------------------------------

    async def _recover(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        args = self.arguments(session, run)
        if len(session.recoveries) < self._settings.max_recoveries:  # "the globex quote task": by each word
            search = partial(self._runner.run, run.step.tool, zone=session.tz, principal=session.principal)
            worded, kept = await word_search.found_by_words(run.step, args, search)
            if kept:
                self._record(session, run, word_search.STRATEGY.rstrip(","), "found")
                run.edited = worded
                searched = recovery.describe_lookup(run.step, args, session.tz)
                said = f"Nothing matched {searched} as said; {word_search.STRATEGY} found {len(kept)}."
                replies.append(Say(text=said))
                return await self._after_read(session, run, kept, replies)
        wider = recovery.searches(run.step, args, [other.step for other in session.steps])
        tried: list[str] = []  # one recovery: the same name in the other kinds of record, then a broader search
        for strategy, new_args in wider if len(session.recoveries) < self._settings.max_recoveries else []:
            try:
                data = await self._runner.run(run.step.tool, new_args, zone=session.tz, principal=session.principal)
            except Exception as error:
                data, strategy = [], f"{strategy} (failed: {describe_failure(error).message})"
            tried.append(strategy)
            found = isinstance(data, list) and bool(data)
            if found:
                break
        if tried:
            self._record(session, run, "; ".join(tried), "found" if found else "nothing")
            if found and strategy == recovery.COMING:  # asked, never taken
                run.edited, run.result = new_args, data
                said = f"I found no {recovery.describe_lookup(run.step, args, session.tz).removeprefix('an ')}."
                return self._ask_pick(session, run, data, replies, nothing_matched=said)
            if found:
                run.edited = new_args
                for other in session.steps:  # a deal found for an account looked for: what the note is about
                    other.step = recovery.retyped(other.step, run.id, str(new_args.get("entityType")))
                replies.append(
                    Say(
                        text=f"Nothing matched {recovery.describe_lookup(run.step, args, session.tz)}; "
                        f"a broader search ({strategy}) found {len(data)}."
                    )
                )
                return await self._after_read(session, run, data, replies)
        if len(session.recoveries) >= self._settings.max_recoveries and left_out.can_go_on_without(session, run):
            replies.append(Say(text=left_out.go_on_without(session, run) + "."))  # never the write dropped
            return False
        if len(session.recoveries) >= self._settings.max_recoveries:
            run.state, run.error = "failed", "nothing found, and no recovery attempts are left"
            replies.append(
                Say(text=f"I could not find {recovery.describe_lookup(run.step, args, session.tz)}.", tone="problem")
            )
            return False
        run.state = "waiting"
        prompt = (
            f"I could not find {recovery.describe_lookup(run.step, args, session.tz)}. "
            + (
                "Reply with their email address, "
                if run.step.inputs.get("entityType") in ("Contact", "Lead")
                else "Reply with a few words to search for, "
            )
            + "or “skip” / “cancel”."
        )
        session.question = Question(kind="recover", step_id=run.id, prompt=prompt, asked_at=self._clock())
        session.state = "collecting"
        replies.append(AskValue(text=prompt, can_skip=True))
        return True

    def _record(self, session: Session, run: StepRun, strategy: str, outcome: str) -> None:
        session.recoveries.append(Recovery(step_id=run.id, strategy=strategy, outcome=outcome, at=self._clock()))
        session.history.append(f"recovery {len(session.recoveries)} on {run.id}: {strategy} -> {outcome}")

    def _ask_pick(
        self, session: Session, run: StepRun, data: list[Any], replies: list[Reply], *, nothing_matched: str = ""
    ) -> bool:
        options = [each.item_label(item, ZoneInfo(session.tz)) for item in data[:5]]
        run.state = "waiting"
        prompt = f"I found {len(data)} matches for “{run.step.intent}”. Which one? Reply with a number."
        if run.step.pick == "always" or nothing_matched:
            said = nothing_matched or "Nothing you named matched one of your events."
            prompt = f"{said} Which one do you mean? Reply with a number."
        if run.step.tool == "find_free_slots":  # the first free times, as choices before the booking (§2.9)
            prompt = f"I found {len(data)} free times. Which one should I book? Reply with a number or the time."
        session.question = Question(
            kind="pick", step_id=run.id, prompt=prompt, asked_at=self._clock(), options=list(data[:5])
        )
        session.state = "collecting"
        replies.append(AskValue(text=prompt, options=options))
        return True

    # --- values --------------------------------------------------------------------------------------

    def _ask_next_value(self, session: Session, replies: list[Reply]) -> bool:
        for run in session.steps:
            if run.state != "pending" or run.edited is not None:
                continue
            missing = unfilled_placeholders(run.step.arguments, run.answers)
            told = news.news_of(session, run, missing) if missing else {}
            if told:  # "… and email the team so nobody shows up at 9:30": what the plan just changed
                run.answers.update(told)
                missing = unfilled_placeholders(run.step.arguments, run.answers)
            if missing and news.waits_for_news(session, run, missing):
                continue
            if missing:
                self.ask_value(session, run, missing[0], replies, problem=timing.why_asked(session, run, missing[0]))
                return True
            if run.step.for_each is None and self._deps_done(session, run):
                try:
                    self.arguments(session, run)
                except MissingValueError as gap:  # "the partner summit from the emails": no date in them
                    problem = f"I could not find the {LABELS.get(gap.name, gap.name)} in what I read."
                    self.ask_value(session, run, gap.name, replies, problem=problem)
                    return True
                except ResolutionError:
                    continue  # the approval step says why
        return False

    def ask_value(
        self,
        session: Session,
        run: StepRun,
        name: str,
        replies: list[Reply],
        problem: str | None = None,
        tries: int = 0,
        within: tuple[datetime, datetime | None] | None = None,
    ) -> None:
        """Ask for the value ``name`` of ``run``; a time within the day or days the request gave, or ``within``
        (a day an answer gave without its time of day: "make it thursday")."""
        window = within or window_asked(session, run, name, self._clock())
        where = f" {day_in_words(*window)}" if window is not None else ""
        # the step's intent, not what it acts on: a question is seen by everyone in a channel's thread
        prompt = f"What {label(name, run.step.tool)}{where} should I use for “{run.step.intent}”?"
        if name == thread_files.ATTACHMENTS:  # a file is not typed: it is shared (contract §2.7)
            prompt = thread_files.FILE_QUESTION.format(intent=run.step.intent)
        stuck = tries >= self._settings.max_answer_tries
        if stuck:  # never stuck on a question: say how to get out
            prompt += " Reply with a value, “skip” to leave this step out, or “cancel” to stop this plan."
        run.state = "waiting"
        session.question = Question(
            kind="value", step_id=run.id, name=name, prompt=prompt, asked_at=self._clock(), tries=tries
        )
        if window is not None:  # "Friday afternoon", then "2:30": that Friday's 14:30
            session.question.partial = window[0].replace(hour=0, minute=0, second=0, microsecond=0).isoformat()
        session.state = "collecting"
        can_skip = name in OPTIONAL or stuck
        replies.append(AskValue(text=prompt, example=example_for(name), problem=problem, can_skip=can_skip, field=name))

    # --- approvals -----------------------------------------------------------------------------------

    async def _an_account_missing(self, session: Session, replies: list[Reply]) -> bool:
        """Every account the plan's steps still to run need is checked first: the requester is told of the one
        to connect before being asked which John or the email's text (user trial 4)."""
        for run in session.steps:
            if run.state == "pending" and await self._waits_for_account(session, run, replies):
                return True
        return False

    async def _waits_for_account(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """A change is asked about only once it can run on the requester's own account (``connections``)."""
        error = await self._runner.account_error(run.step.tool, session.principal)
        if isinstance(error, PermissionDeniedError):  # a workspace's CRM shared read-only: said before anything
            connections.refuse(run, error, replies)
            return False
        need = connections.need_of(error, self._runner.kind_of(run.step.tool)) if error is not None else None
        if need is not None:
            replies.append(connections.wait(session, run, need, self._clock()))
        return need is not None

    def _ask_if_start_passed(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """A new or moved event starting in the past is confirmed before its approval card (``timing``)."""
        if run.step.for_each is not None:
            return False
        try:
            ask = timing.ask_if_start_passed(session, run, self.arguments(session, run), self._clock())
        except ResolutionError:
            return False  # the approval step says why
        if ask is not None:
            replies.append(ask)
        return ask is not None

    def _next_needing_approval(self, session: Session) -> StepRun | None:
        for run in session.steps:
            if run.state == "pending" and self._needs_approval(run) and self._deps_done(session, run):
                return run
        return None

    async def _ask_approval(self, session: Session, run: StepRun, replies: list[Reply]) -> None:
        if run.step.for_each is not None and not self._prepare_items(session, run, replies):
            return
        try:
            arguments = self.arguments(session, run)
        except ResolutionError as error:
            run.state, run.error = "failed", str(error)
            replies.append(Say(text=f"I cannot prepare “{run.step.intent}”: {error}.", tone="problem"))
            return
        if _organised_by_someone_else(session, run, replies):
            return
        checks = await self._checks.before_card(session, run, arguments)  # busy times, duplicates, the target
        unmatched = each.unmatched_exclusion(run) if run.step.for_each is not None else None
        if unmatched is not None:  # "… except the acme qbr" and none found is it: said, never gone ahead silently
            checks = (checks or CardChecks()).model_copy(
                update={"notices": [unmatched, *(checks.notices if checks else [])]}
            )
        if run.without:  # "Sam Ortiz was not found in your contacts; the meeting is created without them"
            said = [Notice(title=line) for line in run.without]
            checks = (checks or CardChecks()).model_copy(
                update={"notices": [*said, *(checks.notices if checks else [])]}
            )
        digest = card_hash(run.id, arguments, checks)
        run.state = "waiting"
        writes = standing.later_writes(session, run)
        planned = news.then_lines(
            session, writes, lambda other: unfilled_placeholders(other.step.arguments, other.answers)
        )
        later = chained.said_later(
            session, writes, self.arguments, dict(zip([w.id for w in writes], planned, strict=True))
        )
        session.question = Question(
            kind="approval",
            step_id=run.id,
            prompt=run.step.intent,
            asked_at=self._clock(),
            args_hash=digest,
            checks=checks,
            then=[other.id for other, _ in later],
            then_said=[line for _, line in later],
        )
        session.state = "awaiting_approval"
        replies.append(
            AskApproval(
                session_id=session.id,
                step_id=run.id,
                tool=run.step.tool,
                intent=run.step.intent,
                arguments=arguments,
                args_hash=digest,
                items=each.approval_items(session, run) if run.step.for_each is not None else [],
                left_out=each.left_out_lines(session, run) if run.step.for_each is not None else [],
                target=targets.target_of(session, run, arguments) if run.step.for_each is None else None,
                files=thread_files.described(session, arguments) if run.step.for_each is None else [],
                checks=checks,
                then=[line for _, line in later],
            )
        )

    async def still_as_shown(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """Right before an approved change runs: False when its target changed or is gone (``staleness``)."""
        return await self._recheck.still_as_shown(session, run, replies)

    def choose(self, session: Session, run: StepRun, key: ChoiceKey, user: str) -> list[Reply] | None:
        """The next free slot or the existing record instead of approving (``precheck``)."""
        return apply_choice(session, run, key, user, self.arguments(session, run))

    def _prepare_items(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """Resolve a repeated step's items once; with nothing to go over, it is done (contract §2.6). False when
        there is nothing to approve."""
        if run.items is None:
            try:
                run.items = each.resolve_items(session, run)
            except ResolutionError as error:
                run.state, run.error = "failed", str(error)
                replies.append(Say(text=f"I cannot prepare “{run.step.intent}”: {error}.", tone="problem"))
                return False
            each.settle(run)  # kept by ``exclude``, or not the requester's to change: said now, never run
        if not run.items:
            run.state, run.result, run.note = "done", [], "nothing to do: nothing was found"
            replies.append(Say(text=f"Nothing to do for “{run.step.intent}”: nothing was found."))
            return False
        if not run.open_items() and len(each.left_out_lines(session, run)) == len(run.items) - len(run.removed):
            run.state, run.result, run.note = "done", [], "nothing to do: " + each.summary(run)
            lines = "\n".join(f"• {line}" for line in each.left_out_lines(session, run))
            replies.append(Say(text=f"Nothing to do for “{run.step.intent}”:\n{lines}"))
            return False
        if not run.open_items():
            self._writes.end_items(session, run, replies)
            return False
        return True

    async def run_approved(self, session: Session, run: StepRun, decided_by: str, replies: list[Reply]) -> None:
        """Run an approved write (each approved item of a repeated one) under its claim: ``writes``."""
        await self._writes.run_approved(session, run, decided_by, replies)

    def apply_claim(self, session: Session, run: StepRun, claim: StepClaim | None, replies: list[Reply]) -> bool:
        return self._writes.apply_claim(session, run, claim, replies)

    def apply_item_claim(
        self, session: Session, run: StepRun, index: int, claim: StepClaim | None, replies: list[Reply]
    ) -> bool:
        return self._writes.apply_item_claim(session, run, index, claim, replies)

    def ask_outcome(
        self, session: Session, run: StepRun, replies: list[Reply], *, reason: str = "", stopped: bool = False
    ) -> None:
        self._writes.ask_outcome(session, run, replies, reason=reason, stopped=stopped)

    async def _audited(self, session: Session, action: str, run: StepRun, **detail: Any) -> None:
        if self._audit is not None:
            await self._audit.record(session, action, self._clock(), actor=run.decided_by, run=run, **detail)

    # --- endings -------------------------------------------------------------------------------------

    def _finish(self, session: Session, replies: list[Reply]) -> None:
        """The summary everyone in the thread sees names each goal by the request's words; what an edit or a
        correction made of it (a text, a time, attendees: the requester's own) is told to the requester only."""
        lines, ran = [], []
        for index in sorted({run.step.goal for run in session.steps}):
            runs = [r for r in session.steps if r.step.goal == index]
            failed_items = [line for r in runs for line in each.failures(session, r)]
            ok = all(r.state == "done" for r in runs) and not failed_items
            done_or_skipped = all(r.state in ("done", "skipped") for r in runs) and not failed_items
            mark = "✓" if ok else ("–" if done_or_skipped else "✗")
            lines.append(f"{mark} {goal_title(session, index)}")
            lines += [f"    ✗ {line}" for line in failed_items]  # a failure after approval, with its reason
            as_ran = _as_ran(session, runs)
            if as_ran is not None:
                ran.append(f"{mark} {as_ran}")
        failed = any(r.state in ("failed", "unknown") or each.failures(session, r) for r in session.steps)
        session.state = "failed" if any(r.state == "failed" for r in session.steps) else "done"
        if failed:  # never a ✅ over a step that did not run
            replies.append(Say(text="Finished with problems:\n" + "\n".join(lines), tone="problem"))
        else:
            replies.append(Say(text="Finished:\n" + "\n".join(lines), tone="done"))
        if ran:
            replies.append(Say(text="As it ran:\n" + "\n".join(ran), tone="done", private=True))


claim_key = claims.claim_key


def _organised_by_someone_else(session: Session, run: StepRun, replies: list[Reply]) -> bool:
    """A move or a change of guests of an event someone else invited the requester to cannot run (only its
    organiser may change it): said before any approval is asked, and the step fails. True when so. The thread
    hears the step's intent; who organises what goes to the requester only."""
    record = targets.record_of(session, run) if run.step.tool == "update_calendar_event" else None
    organizer = organised_by_other(record) if record is not None else None
    if record is None or organizer is None:
        return False  # the requester's own event (or one they accepted: the service says if it refuses)
    run.state, run.error = "failed", "someone else organises this event"
    replies.append(
        Say(
            text=f"I can't do “{run.step.intent}”: someone else organises that event, so only they can change it. "
            "You could ask the organiser instead (for example: mention me with “email the organiser asking to "
            "move it”).",
            tone="problem",
        )
    )
    title = record.get("title") or "The event"
    replies.append(Say(text=f"“{title}” is organised by {organizer}: you can accept or decline it.", private=True))
    return True


def _decides_others(session: Session, run: StepRun) -> bool:
    """Whether another step's ``run_if`` or ``for_each`` looks at this step's result."""
    for other in session.steps:
        refs = references_in([other.step.for_each, [condition.reference for condition in other.step.run_if]])
        if any(ref.step_id == run.id for ref in refs):
            return True
    return False


def window_asked(session: Session, run: StepRun, name: str, now: datetime) -> tuple[datetime, datetime | None] | None:
    """The day or days the request gave for a time it left open ("on Friday afternoon"): a time asked for is
    asked within them. None when the request gave none, or the window has begun (a time is then read from now)."""
    goals = session.parse.goals
    if value_type(name) != "datetime" or not 0 <= run.step.goal < len(goals):
        return None
    slots = goals[run.step.goal].slots
    when = slots.new_when if run.step.tool == "update_calendar_event" else slots.when  # a move: where it goes
    searched = _searched_day(goals)  # "move my 1:1 …, when are we both free fri morning?": the day searched
    if searched is not None and (when is None or _narrows(searched, when)):  # "… next week. free tue the 10th?"
        when = searched
    if when is None or when.has_clock_time or when.start <= now:
        return None
    return when.start, when.end


def _narrows(inner: TimeRange, outer: TimeRange) -> bool:
    """Whether ``inner`` is a shorter time inside ``outer`` (a day of the week the request gave)."""
    if outer.end is None or inner.end is None:
        return False
    return outer.start <= inner.start and inner.end <= outer.end and inner.end - inner.start < outer.end - outer.start


def _searched_day(goals: Sequence[Goal]) -> TimeRange | None:
    """The one day (or part of it) a search of free time in the same request was over; None when there is none or
    several, or it spans more than a day."""
    searched = [g.slots.when for g in goals if g.entity == "availability" and g.slots.when is not None]
    if len(searched) != 1:
        return None
    when = searched[0]
    return when if when.end is None or when.end - when.start <= timedelta(days=1) else None


def _as_ran(session: Session, runs: list[StepRun]) -> str | None:
    """A goal whose change was edited or corrected before it ran is told by what ran ("Create the event 'Call'
    (start time Wed 11 Mar, 15:00 EDT)"), not by the request's words; None when nothing was changed."""
    for run in runs:
        if run.kind != "write" or run.state != "done" or run.step.for_each is not None:
            continue
        changed = changed_values(session, run)
        if changed:  # what the heading already names (a new subject, a new title) is not said twice
            said = "; ".join(
                f"{label(k)} {value_in_words(k, v, session.tz)}"
                for k, v in changed.items()
                if not (isinstance(v, str) and v in run.step.intent)
            )
            return f"{run.step.intent} ({said})" if said else run.step.intent
    return None


def changed_values(session: Session, run: StepRun) -> dict[str, Any]:
    """The arguments of a step an edit or a correction set to something else than its plan gave."""
    if run.edited is None and not run.overrides:
        return {}
    try:
        planned = resolve(run.step.inputs, session.results(), run.answers)
    except ResolutionError:
        planned = dict(run.step.inputs)
    final = dict(run.edited) if run.edited is not None else {**planned, **run.overrides}
    return {k: v for k, v in final.items() if planned.get(k) != v and v is not None}


def _unstick(session: Session) -> bool:
    """Steps marked as waiting for the user while no question is open go back to pending, so that what they
    need is asked (a lookup read again, a value or an approval asked again). True when any did."""
    stuck = [run for run in session.steps if run.state == "waiting"] if session.question is None else []
    for run in stuck:
        run.state = "pending"
    return bool(stuck)


def _approved_items_left(run: StepRun) -> bool:
    """A repeated step paused after its approval (an item's outcome asked about, a restart) whose items still to
    run were all approved: it goes on without asking again."""
    left = run.open_items()
    return bool(run.step.for_each and run.approved_hash and left and set(left) <= set(run.approved_items))


def _uses_results_of(run: StepRun, steps: list[str]) -> bool:
    """Whether the step's arguments or ``for_each`` take a value from any of ``steps``."""
    used = {ref.step_id for ref in references_in([run.step.arguments, run.step.for_each])}
    return bool(used & set(steps))


def _without_blanks(arguments: dict[str, Any]) -> dict[str, Any]:
    """Skipped optional values leave no trace: no ``None`` fields, no ``None`` list items, no empty lists."""
    out: dict[str, Any] = {}
    for key, value in arguments.items():
        if isinstance(value, list):
            value = [item for item in value if item is not None]
            if not value:
                continue
        if value is not None:
            out[key] = value
    return out
