"""``thread_lock`` for every ``PlanStore`` backend: same key, one holder at a time; other keys never wait.

Mixed into a backend's test class beside ``PlanStoreConformance``, whose ``store`` fixture it uses. Time limits are
generous (a holder that should get in has seconds); a holder that must wait is watched for ``WAIT``.
"""

import asyncio
from contextlib import AbstractAsyncContextManager

import pytest

from planning.store import PlanStore, StoreError
from tests.planning.store.conformance import THREAD, ManualClock, StoreFactory

WAIT = 0.2  # how long a blocked holder is watched to stay blocked
PROMPTLY = 10.0  # how long a free lock may take to be granted, however slow the machine


class Holder:
    """A task that takes a lock, says so, and keeps it until told to let go (or fails inside, if asked to)."""

    def __init__(self, lock: AbstractAsyncContextManager[None], *, fail: bool = False) -> None:
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self._fail = fail
        self.task = asyncio.create_task(self._hold(lock))

    async def _hold(self, lock: AbstractAsyncContextManager[None]) -> None:
        async with lock:
            self.entered.set()
            await self.release.wait()
            if self._fail:
                raise RuntimeError("the work inside the lock failed")

    async def wait_entered(self) -> None:
        await asyncio.wait_for(self.entered.wait(), PROMPTLY)

    async def stays_out(self) -> bool:
        await asyncio.sleep(WAIT)
        return not self.entered.is_set()

    async def done(self) -> None:
        self.release.set()
        await asyncio.wait_for(self.task, PROMPTLY)


class ThreadLockConformance:
    @pytest.fixture
    def other_store(self, store: PlanStore) -> PlanStore:
        """Another store on the same data (another replica); a backend that has no such thing keeps this one."""
        return store

    async def test_two_holders_of_one_key_never_overlap(self, store: PlanStore) -> None:
        first = Holder(store.thread_lock(THREAD))
        await first.wait_entered()
        second = Holder(store.thread_lock(THREAD))
        assert await second.stays_out()
        await first.done()
        await second.wait_entered()
        await second.done()

    async def test_different_keys_do_not_wait_for_each_other(self, store: PlanStore) -> None:
        first = Holder(store.thread_lock(THREAD))
        await first.wait_entered()
        others = [Holder(store.thread_lock(f"{THREAD}:{n}")) for n in range(3)]
        await asyncio.gather(*(other.wait_entered() for other in others))
        for holder in [first, *others]:
            await holder.done()

    async def test_concurrent_read_modify_write_under_the_lock_loses_nothing(self, store: PlanStore) -> None:
        counter, inside = [0], [0]

        async def add_one() -> None:
            async with store.thread_lock(THREAD):
                inside[0] += 1
                assert inside[0] == 1, "two holders inside at once"
                seen = counter[0]
                await asyncio.sleep(0.005)
                counter[0] = seen + 1
                inside[0] -= 1

        await asyncio.wait_for(asyncio.gather(*(add_one() for _ in range(12))), PROMPTLY)
        assert counter[0] == 12

    async def test_an_error_inside_releases_the_lock(self, store: PlanStore) -> None:
        failing = Holder(store.thread_lock(THREAD), fail=True)
        await failing.wait_entered()
        with pytest.raises(RuntimeError, match="failed"):
            await failing.done()
        await _enter_promptly(store.thread_lock(THREAD))

    async def test_cancelling_the_holder_releases_the_lock(self, store: PlanStore) -> None:
        holder = Holder(store.thread_lock(THREAD))
        await holder.wait_entered()
        holder.task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await holder.task
        await _enter_promptly(store.thread_lock(THREAD))

    async def test_a_cancelled_waiter_never_holds_the_lock(self, store: PlanStore) -> None:
        holder = Holder(store.thread_lock(THREAD))
        await holder.wait_entered()
        waiter = Holder(store.thread_lock(THREAD))
        assert await waiter.stays_out()
        waiter.task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter.task
        await holder.done()
        await _enter_promptly(store.thread_lock(THREAD))
        assert not waiter.entered.is_set()

    async def test_holders_on_two_stores_of_one_database_never_overlap(
        self, store: PlanStore, other_store: PlanStore
    ) -> None:
        first = Holder(store.thread_lock(THREAD))
        await first.wait_entered()
        second = Holder(other_store.thread_lock(THREAD))
        assert await second.stays_out()
        elsewhere = Holder(other_store.thread_lock("terminal:other"))
        await elsewhere.wait_entered()
        await first.done()
        await second.wait_entered()
        await second.done()
        await elsewhere.done()

    async def test_a_closed_store_refuses_the_lock(self, store_factory: StoreFactory, clock: ManualClock) -> None:
        closed = await store_factory(clock)
        await closed.close()
        with pytest.raises(StoreError):
            async with closed.thread_lock(THREAD):
                pass


async def _enter_promptly(lock: AbstractAsyncContextManager[None]) -> None:
    async def enter() -> None:
        async with lock:
            pass

    await asyncio.wait_for(enter(), PROMPTLY)
