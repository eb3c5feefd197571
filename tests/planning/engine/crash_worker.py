"""Run by test_restart.py in a separate process: start a plan, approve the email, hang inside send_email."""

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
from planning.store import SqlitePlanStore
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


async def main(database: Path, marker: Path) -> None:
    store = await SqlitePlanStore.open(database)
    engine = Conversation(
        store=store, runner=ToolRunner(ConnectorRegistry(CATALOG, [HangingConnector(marker)])), clock=ManualClock()
    )
    replies = await engine.message(thread_key=THREAD, user="alice", text="email priya saying the deck is ready")
    ask = next(r for r in replies if isinstance(r, AskApproval))
    await engine.decide(
        session_id=ask.session_id, step_id=ask.step_id, decision="approve", user="alice", args_hash=ask.args_hash
    )


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2])))
