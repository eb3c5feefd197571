"""The SQLite plan store under load from two stores on one file (two processes on one host): 2,000 mixed
operations at concurrency 5 and 50, none failing. Before one writer per file, a write that had to upgrade a read
snapshot failed at once with "database is locked" (``busy_timeout`` does not cover it)."""

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from planning.store import AuditEntry, SqlitePlanStore
from tests.planning.store.conformance import START, session

OPERATIONS = 2000


@pytest.mark.parametrize("concurrency", [5, 50])
async def test_mixed_operations_from_two_stores_on_one_file_all_succeed(tmp_path: Path, concurrency: int) -> None:
    stores = [await SqlitePlanStore.open(tmp_path / "plans.sqlite3") for _ in range(2)]
    errors: Counter[str] = Counter()
    claimed: list[bool] = []
    gate = asyncio.Semaphore(concurrency)

    async def operation(n: int) -> None:
        store, plan = stores[n % 2], f"p{n // 8}"  # eight operations per plan, alternating stores
        async with gate:
            try:
                match n % 8:
                    case 0:
                        await store.create(session(plan, thread_key=f"t{n // 8}", requester=f"U{n % 5}"))
                    case 1 | 5:
                        await store.get(plan)
                    case 2:
                        claimed.append(await store.claim_step(plan, "s1", args_hash="h"))
                    case 3:
                        claimed.append(await store.claim_step(plan, "s1", args_hash="h"))
                    case 4:
                        await store.append_audit(
                            AuditEntry(
                                at=START, session_id=plan, thread_key=f"t{n // 8}", actor="U1", requester="U1",
                                action="asked", step_id=None, tool=None, detail={},
                            )
                        )  # fmt: skip
                    case 6:
                        await store.list_open(requester=f"U{n % 5}")
                    case _:
                        await store.count_created_since(f"U{n % 5}", START)
            except Exception as error:  # counted: the assertion names them
                errors[f"{type(error).__name__}: {error}"] += 1

    try:
        for wave in range(0, OPERATIONS, 8 * 25):  # a plan's creation comes before its other operations
            await asyncio.gather(*(operation(n) for n in range(wave, wave + 8 * 25) if n % 8 == 0))
            await asyncio.gather(*(operation(n) for n in range(wave, wave + 8 * 25) if n % 8 != 0))
        assert errors == Counter()
        assert claimed.count(True) == OPERATIONS // 8  # of the two claims of each plan's step, exactly one won
        assert len(await stores[0].list_open()) == OPERATIONS // 8
        assert len(await stores[1].audit(limit=1000)) == OPERATIONS // 8
    finally:
        for store in stores:
            await store.close()
