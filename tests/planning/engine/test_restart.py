"""A process killed in the middle of a plan: the next one resumes without repeating or guessing.

The restarted engine's claim lease is 0 here: the killed worker's claims count as stopped at once (with a real lease,
the same happens once it has run out: ``test_leases.py``).
"""

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import AskValue
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, SqlitePlanStore, open_store
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import PRIYA, THREAD, approval, question, said

ROOT = Path(__file__).resolve().parents[3]


def start_and_kill(location: str, marker: Path, stop_at: str) -> None:
    """Run the crash worker until it reaches ``stop_at`` (``write``: inside send_email; ``claim``: right after the
    claim is stored), then SIGKILL it."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.planning.engine.crash_worker", location, str(marker), stop_at], cwd=ROOT
    )
    try:
        deadline = time.monotonic() + 30
        while not marker.exists():
            assert worker.poll() is None, "the worker ended before the write started"
            assert time.monotonic() < deadline, "the worker never reached the write"
            time.sleep(0.05)
        os.kill(worker.pid, signal.SIGKILL)
    finally:
        worker.wait(timeout=30)
    assert worker.returncode == -signal.SIGKILL


def start_and_kill_mid_write(tmp_path: Path) -> Path:
    database = tmp_path / "plans.sqlite3"
    start_and_kill(str(database), tmp_path / "started", "write")
    return database


async def restarted(location: Path | str, connector: ScriptedConnector) -> tuple[Conversation, PlanStore]:
    store = await open_store(location)
    engine = Conversation(
        store=store,
        runner=ToolRunner(ConnectorRegistry(CATALOG, [connector])),
        clock=ManualClock(),
        settings=EngineSettings(claim_lease_seconds=0),
    )
    return engine, store


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "plans.sqlite3")
    else:
        yield request.getfixturevalue("postgres_url")


async def test_a_crash_right_after_the_claim_asks_instead_of_saying_it_ran(location: str, tmp_path: Path) -> None:
    start_and_kill(location, tmp_path / "claimed", "claim")
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    engine, store = await restarted(location, connector)
    try:
        resumed = (await engine.resume())[THREAD]
        assert "cannot tell whether it went through" in question(resumed).text
        ask = approval(await engine.message(thread_key=THREAD, user="alice", text="run it again"))
        ran = await engine.decide(
            session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
        )
        assert "already been run" not in said(ran)
        assert "Finished" in said(ran)
        assert [tool for tool, _ in connector.calls] == ["send_email"]
    finally:
        await store.close()


async def test_unknown_write_is_not_rerun_silently_after_sigkill(tmp_path):
    database = start_and_kill_mid_write(tmp_path)
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    engine, store = await restarted(database, connector)
    try:
        resumed = await engine.resume()
        replies = resumed[THREAD]
        ask = next(r for r in replies if isinstance(r, AskValue))
        assert "cannot tell whether it went through" in ask.text
        assert connector.calls == []  # nothing ran on its own: not the done lookup, not the unknown write
        finished = await engine.message(thread_key=THREAD, user="alice", text="it went through")
        assert connector.calls == []
        assert "Finished" in said(finished)
    finally:
        await store.close()


async def test_user_can_choose_to_run_an_unknown_write_again_once(tmp_path):
    database = start_and_kill_mid_write(tmp_path)
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    engine, store = await restarted(database, connector)
    try:
        await engine.resume()
        replies = await engine.message(thread_key=THREAD, user="alice", text="run it again")
        ask = approval(replies)
        for _ in range(2):
            await engine.decide(
                session_id=ask.session_id,
                step_id=ask.step_id,
                decision="approve",
                user="alice",
                args_hash=ask.args_hash,
            )
        assert [tool for tool, _ in connector.calls] == ["send_email"]
    finally:
        await store.close()


class CrashAfterFinish(SqlitePlanStore):
    """A store whose process 'dies' right after recording a step's outcome, before the session is saved."""

    armed = False

    async def finish_step(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        await super().finish_step(*args, **kwargs)
        if self.armed:
            raise SystemExit("killed")


async def test_done_step_is_not_run_again_after_restart(tmp_path):
    database = tmp_path / "plans.sqlite3"
    connector = ScriptedConnector({"fetch_entity": [PRIYA]})
    store = await CrashAfterFinish.open(database)
    engine = Conversation(store=store, runner=ToolRunner(ConnectorRegistry(CATALOG, [connector])), clock=ManualClock())
    replies = await engine.message(thread_key=THREAD, user="alice", text="email priya saying the deck is ready")
    ask = approval(replies)
    store.armed = True
    with contextlib.suppress(SystemExit):
        await engine.decide(
            session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
        )
    await store.close()
    assert len(connector.called("send_email")) == 1
    engine2, store2 = await restarted(database, connector)
    try:
        resumed = await engine2.resume()
        assert "Finished" in said(resumed[THREAD])
        assert len(connector.called("send_email")) == 1
    finally:
        await store2.close()


async def test_a_crash_in_the_middle_of_a_for_each_runs_the_rest_once(location: str, tmp_path: Path) -> None:
    """Five deletes approved at once; the process dies inside the fourth. The three that ran are not run again, the
    fourth is asked about, and the fifth runs once."""
    start_and_kill(location, tmp_path / "fourth", "each")
    connector = ScriptedConnector({})
    engine, store = await restarted(location, connector)
    try:
        resumed = (await engine.resume())[THREAD]
        assert "Meeting 4" in question(resumed).text and "cannot tell whether it went through" in question(resumed).text
        assert connector.calls == []
        finished = await engine.message(thread_key=THREAD, user="alice", text="it went through")
        assert connector.called("delete_calendar_event") == [{"eventId": "e5"}]
        assert "Finished" in said(finished)
    finally:
        await store.close()
