"""Plans left running by a process that stopped: after a restart, on the next word in the thread, or when a sweep
finds a claim whose lease ran out, another process takes the plan over.

A read that was running is run again (reads are safe to repeat). A write is brought to where its claim stands: done,
failed, never claimed (approval again), or unknown, and then the user is asked; it is never run again silently.
While the claim's owner still renews its lease, the plan is left alone: that process will say how the step went.
"""

from collections.abc import Awaitable, Callable

from planning.engine.claims import claim_key, settled_claim
from planning.engine.intentions import view_of
from planning.engine.lease import ClaimLease
from planning.engine.machine import StepMachine
from planning.engine.replies import Reply, ShowPlan
from planning.engine.session import Session, StepRun
from planning.store import PlanStore


class Takeover:
    def __init__(
        self,
        *,
        store: PlanStore,
        machine: StepMachine,
        lease: ClaimLease,
        save: Callable[[Session], Awaitable[None]],
    ) -> None:
        self._store = store
        self._machine = machine
        self._lease = lease
        self._save = save

    async def reconcile(self, session: Session) -> list[Reply] | None:
        """Move a plan on from what its steps' claims say (hold the thread's lock); None while a write of it is
        still being run by a live process (nothing is changed then)."""
        replies: list[Reply] = []
        reads: list[StepRun] = []
        for run in session.steps:
            if run.state != "running":
                continue
            if run.kind == "read":
                reads.append(run)
                continue
            if run.step.for_each is not None:
                if not await self._reconcile_items(session, run, replies):
                    return None
                continue
            claim = await settled_claim(
                self._store, session.id, claim_key(run), lease_seconds=self._lease.lease_seconds
            )
            if not self._machine.apply_claim(session, run, claim, replies):
                return None
        for run in reads:
            run.state = "pending"  # reads are safe to run again
        if session.question is not None:
            await self._save(session)
            return [*replies, ShowPlan(view=view_of(session))]
        return [*replies, *await self._machine.advance(session)]

    async def _reconcile_items(self, session: Session, run: StepRun, replies: list[Reply]) -> bool:
        """Each approved item of a repeated write to where its own claim stands; False while one is still running
        in a live process. Items never claimed go on after (they were approved)."""
        for index in [i for i in run.open_items() if i in run.approved_items]:
            key = claim_key(run, index)
            claim = await settled_claim(self._store, session.id, key, lease_seconds=self._lease.lease_seconds)
            if not self._machine.apply_item_claim(session, run, index, claim, replies):
                return False
            if session.question is not None:
                return True
        run.state = "pending"  # what was approved and not yet run goes on (``StepMachine.advance``)
        return True

    def running_write(self, session: Session) -> StepRun | None:
        return next((run for run in session.steps if run.state == "running" and run.kind == "write"), None)
