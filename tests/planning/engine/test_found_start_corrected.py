"""A start the plan read out of an email is shown on the card, and a correction of it keeps the day it has: "make it
2pm" or a range "1 to 4" at the card of an event whose start was read from a mail is that day's 14:00 (13:00-16:00),
never today's."""

from pathlib import Path
from typing import cast

import pytest

from integrations.base import CATALOG, Connector
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.pipeline import RequestPlanner
from planning.store import SqlitePlanStore
from planning.tools.extract import OfflineExtractor
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import approval
from tests.planning.engine.test_extract_zone import FixedPlan, mail_to_event_plan

_EMAILS = [
    {
        "id": "m1",
        "date": "2026-02-27T16:00:00-05:00",
        "subject": "Vendor fair",
        "snippet": "The vendor fair is on Wednesday 11 March...",
        "body": "The vendor fair is on Wednesday 11 March at 9:00 in hall 4, come by",
    }
]
_PLAN = mail_to_event_plan("vendor fair", "Vendor fair", 30)


async def _no_sleep(_: float) -> None:
    return None


@pytest.mark.parametrize(
    ("reply", "start", "minutes"),
    [
        ("make it 2pm", "2026-03-11T14:00:00-04:00", 30),
        ("hmm 1 to 4 instead, i'll stay for the panels", "2026-03-11T13:00:00-04:00", 180),
    ],
)
async def test_a_correction_of_a_start_read_from_a_mail_keeps_its_day(
    tmp_path: Path, reply: str, start: str, minutes: int
) -> None:
    store = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    clock = ManualClock()
    registry = ConnectorRegistry(
        CATALOG,
        [
            cast(Connector, ScriptedConnector({"fetch_emails": _EMAILS})),
            OfflineExtractor(clock=clock, zone="America/New_York"),
        ],
    )
    runner = ToolRunner(registry, RetryPolicy(jitter=False), sleep=_no_sleep)
    engine = Conversation(
        store=store,
        runner=runner,
        planner=RequestPlanner(refiner=FixedPlan(_PLAN)),
        settings=EngineSettings(),
        clock=clock,
    )
    try:
        first = await engine.message(
            thread_key="terminal:t1", user="alice", text="put the vendor fair on my calendar", tz="America/New_York"
        )
        assert approval(first).arguments["startTime"] == "2026-03-11T09:00:00-04:00"
        again = await engine.message(thread_key="terminal:t1", user="alice", text=reply, tz="America/New_York")
        ask = approval(again)
        assert (ask.arguments["startTime"], ask.arguments["durationMinutes"]) == (start, minutes)
    finally:
        await store.close()
