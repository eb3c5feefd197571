"""An urgent write (an event receipt, before Slack's ack) takes the writer before the writes already waiting."""

import asyncio
import sqlite3
from pathlib import Path

import pytest

from planning.store.protocol import StoreError
from planning.store.sqlite_writer import SqliteFile


async def _file(tmp_path: Path) -> SqliteFile:
    file = await SqliteFile.open(tmp_path / "turns.sqlite", what="test file")
    await file.write("CREATE TABLE done (name TEXT)")
    return file


async def test_an_urgent_write_goes_before_the_waiting_ones(tmp_path: Path) -> None:
    file = await _file(tmp_path)
    finished: list[str] = []
    release = asyncio.Event()

    async def hold_the_writer() -> None:
        async with file.transaction() as transaction:
            await transaction.run("INSERT INTO done VALUES ('holder')")
            await release.wait()

    async def write(name: str, *, urgent: bool = False) -> None:
        await file.write("INSERT INTO done VALUES (?)", (name,), urgent=urgent)
        finished.append(name)

    try:
        holder = asyncio.create_task(hold_the_writer())
        await asyncio.sleep(0.05)
        normal = [asyncio.create_task(write(f"normal-{n}")) for n in range(5)]
        await asyncio.sleep(0.01)
        receipt = asyncio.create_task(write("receipt", urgent=True))
        await asyncio.sleep(0.01)
        release.set()
        await asyncio.gather(holder, receipt, *normal)
        assert finished[0] == "receipt"
        assert finished[1:] == [f"normal-{n}" for n in range(5)]
        rows = await file.read("SELECT name FROM done ORDER BY rowid")
        assert [r[0] for r in rows] == ["holder", "receipt", *[f"normal-{n}" for n in range(5)]]
    finally:
        await file.close()


async def test_a_cancelled_waiter_does_not_keep_the_writer(tmp_path: Path) -> None:
    file = await _file(tmp_path)
    release = asyncio.Event()

    async def hold_the_writer() -> None:
        async with file.transaction():
            await release.wait()

    try:
        holder = asyncio.create_task(hold_the_writer())
        await asyncio.sleep(0.05)
        gone = asyncio.create_task(file.write("INSERT INTO done VALUES ('gone')", urgent=True))
        later = asyncio.create_task(file.write("INSERT INTO done VALUES ('later')"))
        await asyncio.sleep(0.01)
        gone.cancel()
        release.set()
        await holder
        await asyncio.wait_for(later, timeout=5)
        with pytest.raises(asyncio.CancelledError):
            await gone
        assert [r[0] for r in await file.read("SELECT name FROM done")] == ["later"]
    finally:
        await file.close()


async def test_a_write_at_once_waits_for_our_writer_and_goes_first(tmp_path: Path) -> None:
    file = await _file(tmp_path)
    finished: list[str] = []
    release = asyncio.Event()

    async def hold_the_writer() -> None:
        async with file.transaction() as transaction:
            await transaction.run("INSERT INTO done VALUES ('holder')")
            await release.wait()

    async def write(name: str) -> None:
        await file.write("INSERT INTO done VALUES (?)", (name,))
        finished.append(name)

    async def receipt() -> None:
        _, count = await file.write_at_once("INSERT INTO done VALUES ('receipt')")
        assert count == 1
        finished.append("receipt")

    try:
        holder = asyncio.create_task(hold_the_writer())
        await asyncio.sleep(0.05)
        normal = [asyncio.create_task(write(f"normal-{n}")) for n in range(3)]
        await asyncio.sleep(0.01)
        at_once = asyncio.create_task(receipt())
        await asyncio.sleep(0.01)
        assert finished == []  # our own transaction still holds SQLite's write lock: the receipt waited for it
        release.set()
        await asyncio.gather(holder, at_once, *normal)
        assert finished == ["receipt", "normal-0", "normal-1", "normal-2"]
    finally:
        await file.close()


async def test_a_write_at_once_falls_back_when_another_process_holds_the_lock(tmp_path: Path) -> None:
    file = await _file(tmp_path)
    other = sqlite3.connect(tmp_path / "turns.sqlite", isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO done VALUES ('other')")
        write = asyncio.create_task(file.write_at_once("INSERT INTO done VALUES ('receipt')"))
        await asyncio.sleep(0.2)
        assert not write.done()  # the writer connection waits for the other process (its busy timeout)
        other.execute("COMMIT")
        _, count = await asyncio.wait_for(write, timeout=5)
        assert count == 1
        assert sorted(r[0] for r in await file.read("SELECT name FROM done")) == ["other", "receipt"]
    finally:
        other.close()
        await file.close()


async def test_a_closed_file_refuses_a_write_at_once(tmp_path: Path) -> None:
    file = await _file(tmp_path)
    await file.close()
    with pytest.raises(StoreError, match="closed"):
        await file.write_at_once("INSERT INTO done VALUES ('late')")
