"""Run by test_restart.py in a separate process: start a plan, approve the email, and stop to be killed.

``python -m tests.planning.engine.crash_worker LOCATION MARKER [write|claim|each]``: LOCATION is a SQLite path or a
PostgreSQL URL; the worker writes MARKER and hangs inside ``send_email`` (``write``, the default), right after
the store recorded the step's claim, before anything else (``claim``), or, deleting five events one by one, inside
the fourth delete (``each``).
"""

import asyncio
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import AskApproval
from planning.engine.runner import ToolRunner
from planning.store import PostgresPlanStore, SqlitePlanStore, is_postgres_url
from tests.fakes import ManualClock
from tests.planning.engine.conftest import PRIYA, THREAD


class HangingConnector:
    name = "hanging"
    tools = frozenset(CATALOG.names())

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if tool == "fetch_entity":
            return [PRIYA]
        self.marker.write_text(tool)  # the write has started; the test kills us now
        await asyncio.sleep(3600)
        return {"id": "never"}


def stopping_after_claims(base: type[Any], marker: Path) -> type[Any]:
    """``base`` whose process stops (to be killed) as soon as a claim is in the store."""

    class StopAfterClaim(base):  # type: ignore[misc,valid-type]
        async def claim_step(self, *args: Any, **kwargs: Any) -> Any:
            claimed = await super().claim_step(*args, **kwargs)
            await stop(marker)
            return claimed

        async def claim_and_save(self, *args: Any, **kwargs: Any) -> Any:
            saved = await super().claim_and_save(*args, **kwargs)
            await stop(marker)
            return saved

    return StopAfterClaim


async def stop(marker: Path) -> None:
    marker.write_text("claimed")
    await asyncio.sleep(3600)


FIVE_EVENTS = [
    {"id": f"e{n}", "title": f"Meeting {n}", "startTime": f"2026-03-05T1{n}:00:00-05:00"} for n in range(1, 6)
]


class FourthDeleteHangs:
    """Five events on Thursday; the first three deletes go through, the fourth never answers."""

    name = "fourth-delete-hangs"
    tools = frozenset(CATALOG.names())

    def __init__(self, marker: Path) -> None:
        self.marker = marker
        self.deleted: list[str] = []

    async def call(self, tool: str, arguments: BaseModel) -> Any:
        if tool == "fetch_calendar_events":
            return FIVE_EVENTS
        event_id = str(getattr(arguments, "eventId", ""))
        self.deleted.append(event_id)
        if len(self.deleted) == 4:
            self.marker.write_text(event_id)
            await asyncio.sleep(3600)
        return {"id": event_id}


async def each(location: str, marker: Path) -> None:
    base: type[Any] = PostgresPlanStore if is_postgres_url(location) else SqlitePlanStore
    store = await base.open(location)
    engine = Conversation(
        store=store, runner=ToolRunner(ConnectorRegistry(CATALOG, [FourthDeleteHangs(marker)])), clock=ManualClock()
    )
    replies = await engine.message(thread_key=THREAD, user="alice", text="delete all my meetings on Thursday")
    ask = next(r for r in replies if isinstance(r, AskApproval))
    await engine.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )


async def main(location: str, marker: Path, stop_at: str) -> None:
    if stop_at == "each":
        await each(location, marker)
        return
    base: type[Any] = PostgresPlanStore if is_postgres_url(location) else SqlitePlanStore
    store = await (stopping_after_claims(base, marker) if stop_at == "claim" else base).open(location)
    engine = Conversation(
        store=store, runner=ToolRunner(ConnectorRegistry(CATALOG, [HangingConnector(marker)])), clock=ManualClock()
    )
    replies = await engine.message(thread_key=THREAD, user="alice", text="email priya saying the deck is ready")
    ask = next(r for r in replies if isinstance(r, AskApproval))
    await engine.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else "write"))
