"""Running approved writes under claims (at most once, even across processes and crashes).

A write is claimed in the store together with the session's checkpoint, run while its lease is renewed, and its
outcome recorded; a step repeated for each item claims each item on its own. A claim found from before (a double
click, another replica, a restart) is brought to where it stands: done, failed, never sent, or unknown — and then
the user is asked, never the write repeated silently.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from planning.engine import claims, each, targets
from planning.engine.hashing import args_hash
from planning.engine.lease import ClaimLease
from planning.engine.outcomes import PRIVATE_TOOLS, fail, jsonable, outcome
from planning.engine.replies import AskValue, Refused, Reply, StepOutcome
from planning.engine.runner import OutcomeUnknownError, ToolRunner, describe_failure
from planning.engine.session import Question, Session, StepRun
from planning.store import PlanStore, StepClaim, StepNotRunning

logger = logging.getLogger(__name__)
Checkpoint = Callable[[Session], Awaitable[None]]
ClaimCheckpoint = Callable[[Session, str, str], Awaitable[bool]]  # session, claim key, args hash: claimed?
Audited = Callable[..., Awaitable[None]]  # (session, action, run, **detail)
Arguments = Callable[[Session, StepRun], dict[str, Any]]


class ClaimedWrites:
    def __init__(
        self,
        *,
        runner: ToolRunner,
        store: PlanStore,
        clock: Callable[[], datetime],
        checkpoint: Checkpoint,
        claim: ClaimCheckpoint,
        lease: ClaimLease,
        audited: Audited,
        arguments: Arguments,
    ) -> None:
        self._runner = runner
        self._store = store
        self._clock = clock
        self._checkpoint = checkpoint
        self._claim = claim
        self._lease = lease
        self._audited = audited
        self._arguments = arguments

    async def run_approved(self, session: Session, run: StepRun, decided_by: str, replies: list[Reply]) -> None:
        """Claim the step (at most once, even across processes) together with the checkpoint, then run it."""
        if run.step.for_each is not None:
            run.approved_items = run.open_items()
            run.approved_hash = args_hash(run.id, self._arguments(session, run))
            await self.run_items(session, run, decided_by, replies)
            return
        arguments = self._arguments(session, run)
        digest = args_hash(run.id, arguments)
        key = claims.claim_key(run)
        shown = (run.state, run.approved_hash, run.decided_by, session.question, session.state)
        run.state, run.approved_hash, run.decided_by = "running", digest, decided_by
        session.question, session.state = None, "running"
        if not await self._claim(session, key, digest):  # claimed before: nothing was saved
            run.state, run.approved_hash, run.decided_by, session.question, session.state = shown
            await self._claimed_before(session, run, key, replies)
            return
        try:
            async with self._lease.held(session.id, key):
                data = await self._runner.run(run.step.tool, arguments, zone=session.tz, principal=session.principal)
        except OutcomeUnknownError as error:
            await self._finish_claim(session, key, "unknown", error=str(error))
            self.ask_outcome(session, run, replies, reason=describe_failure(error).message)
            await self._audited(session, "failed", run, error=f"outcome unknown: {error}")
            return
        except Exception as error:
            await self._finish_claim(session, key, "failed", error=str(error))
            fail(run, error, replies)
            await self._audited(session, "failed", run, error=run.error)
            return
        await self._finish_claim(session, key, "done", result=jsonable(data))
        run.state, run.result = "done", data
        target = targets.target_of(session, run, arguments)
        replies.append(outcome(run, data, done=target.done if target is not None and target.done else None))
        await self._audited(session, "ran", run, arguments=arguments, result=jsonable(data))

    async def run_items(self, session: Session, run: StepRun, decided_by: str, replies: list[Reply]) -> None:
        """Run each approved item in turn, each claimed on its own; stop to ask when one's outcome is unknown."""
        run.decided_by = decided_by
        for index in [i for i in run.open_items() if i in run.approved_items]:
            arguments = each.item_arguments(session, run, index)
            key = claims.claim_key(run, index)
            run.state, session.question, session.state = "running", None, "running"
            if not await self._claim(session, key, args_hash(f"{run.id}[{index}]", arguments)):
                claim = await claims.settled_claim(
                    self._store, session.id, key, lease_seconds=self._lease.lease_seconds
                )
                if not self.apply_item_claim(session, run, index, claim, replies):
                    replies.append(
                        Refused(
                            text=claims.still_running(run.step.intent, self._lease.lease_seconds),
                            reason="running",
                            tone="info",
                        )
                    )
                    return
                if session.question is not None:
                    return
                continue
            try:
                async with self._lease.held(session.id, key):
                    data = await self._runner.run(
                        run.step.tool, arguments, zone=session.tz, principal=session.principal
                    )
            except OutcomeUnknownError as error:
                await self._finish_claim(session, key, "unknown", error=str(error))
                self.ask_outcome(session, run, replies, reason=describe_failure(error).message, item=index)
                return
            except Exception as error:
                await self._finish_claim(session, key, "failed", error=str(error))
                run.item_notes[index] = f"failed: {describe_failure(error).message}"
                await self._audited(session, "failed", run, item=index + 1, error=run.item_notes[index])
                continue
            await self._finish_claim(session, key, "done", result=jsonable(data))
            run.item_results[index] = jsonable(data)
            await self._audited(session, "ran", run, item=index + 1, arguments=arguments, result=jsonable(data))
            await self._checkpoint(session)
        self.end_items(session, run, replies)

    def apply_item_claim(
        self, session: Session, run: StepRun, index: int, claim: StepClaim | None, replies: list[Reply]
    ) -> bool:
        """Bring one item to where its claim stands; False while its owner is still running it."""
        if claim is None:
            return True  # never claimed, so never sent: it runs when its turn comes
        if claim.outcome == "running":
            return False
        if claim.outcome == "done":
            run.item_results[index] = claim.result
        elif claim.outcome == "failed":
            run.item_notes[index] = f"failed: {claim.error or 'failed'}"
        else:
            self.ask_outcome(session, run, replies, stopped=True, item=index)
        return True

    def end_items(self, session: Session, run: StepRun, replies: list[Reply]) -> None:
        """A repeated step is over when no item is left to run: done if any item ran, else failed; the items that
        failed are said, each with its reason (never a plain "done" over a failure)."""
        run.result = [run.item_results[index] for index in sorted(run.item_results)]
        settled = any(not n.startswith(("failed", each.KEPT, each.LEFT_OUT)) for n in run.item_notes.values())
        failed_any = any(n.startswith("failed") for n in run.item_notes.values())
        run.state = "done" if run.item_results or settled or not failed_any else "failed"
        run.note = each.summary(run)
        failed = each.failures(session, run)
        if run.state == "failed" or failed:
            run.error = run.note + ("\n" + "\n".join(failed) if failed else "")
        replies.append(
            StepOutcome(
                step_id=run.id,
                tool=run.step.tool,
                intent=run.step.intent,
                ok=run.state == "done" and not failed,
                data=run.result,
                error=run.error,
                private=run.step.tool in PRIVATE_TOOLS,
                answer=run.note,
            )
        )

    async def _finish_claim(self, session: Session, key: str, outcome: str, **ending: Any) -> None:
        try:
            await self._store.finish_step(session.id, key, outcome=outcome, **ending)  # type: ignore[arg-type]
        except StepNotRunning:  # this process stalled past its lease, and another one asked the user meanwhile
            logger.warning("plan %s step %s ended (%s) after its claim was taken over", session.id, key, outcome)

    async def _claimed_before(self, session: Session, run: StepRun, key: str, replies: list[Reply]) -> None:
        """An approval of a step whose claim exists: say what became of it, never just that it ran."""
        claim = await claims.settled_claim(self._store, session.id, key, lease_seconds=self._lease.lease_seconds)
        if claim is not None and claim.outcome == "running":
            replies.append(
                Refused(
                    text=claims.still_running(run.step.intent, self._lease.lease_seconds), reason="running", tone="info"
                )
            )
            return
        self.apply_claim(session, run, claim, replies)

    def apply_claim(self, session: Session, run: StepRun, claim: StepClaim | None, replies: list[Reply]) -> bool:
        """Bring a write to where its claim stands; False while its owner is still running it."""
        if claim is not None and claim.outcome == "running":
            return False
        if session.question is not None and session.question.step_id == run.id:
            session.question = None
        if claim is None:  # never claimed, so never sent: it waits for approval again
            run.state, run.approved_hash = "pending", None
        elif claim.outcome == "done":
            run.state, run.result = "done", claim.result
            replies.append(outcome(run, claim.result))
        elif claim.outcome == "failed":
            run.state, run.error = "failed", claim.error or "failed"
            replies.append(
                StepOutcome(step_id=run.id, tool=run.step.tool, intent=run.step.intent, ok=False, error=run.error)
            )
        else:
            self.ask_outcome(session, run, replies, stopped=True)
        return True

    def ask_outcome(
        self,
        session: Session,
        run: StepRun,
        replies: list[Reply],
        *,
        reason: str = "",
        stopped: bool = False,
        item: int | None = None,
    ) -> None:
        """A change that may or may not have happened is never repeated silently: the user decides. ``item``: the
        item of a repeated step it is about."""
        run.state = "unknown"
        what = run.step.intent
        if item is not None and run.items is not None:
            what = f"{run.step.intent} ({each.label_of(session, run, item)})"
        prompt = claims.stopped(what) if stopped else claims.unanswered(what, reason)
        session.question = Question(
            kind="unknown_outcome",
            step_id=run.id,
            name=None if item is None else f"item:{item}",
            prompt=prompt,
            asked_at=self._clock(),
        )
        session.state = "collecting"
        replies.append(AskValue(text=prompt, options=list(claims.OUTCOME_OPTIONS)))
