"""A start the plan read out of an email is shown on the card, and a correction of it keeps the day it has: "make it
2pm" or a range "1 to 4" at the card of an event whose start was read from a mail is that day's 14:00 (13:00-16:00),
never today's."""

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import cast

import pytest

from integrations.base import CATALOG, Connector
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.retry import RetryPolicy
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.pipeline import RequestPlanner, Understood
from planning.store import SqlitePlanStore
from planning.tools.extract import OfflineExtractor
from planning.types import Plan, Step
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.conftest import approval

_EMAILS = [
    {
        "id": "m1",
        "date": "2026-02-27T16:00:00-05:00",
        "subject": "Vendor fair",
        "snippet": "The vendor fair is on Wednesday 11 March...",
        "body": "The vendor fair is on Wednesday 11 March at 9:00 in hall 4, come by",
    }
]
_PLAN = Plan(
    steps=(
        Step(
            id="find_emails",
            intent="Find the emails about the fair",
            tool="fetch_emails",
            arguments={"input": {"query": "vendor fair", "includeBody": True}},
        ),
        Step(
            id="extract_details",
            intent="Read the start from them",
            tool="extract",
            arguments={"input": {"text": "{{find_emails.result.data}}", "fields": {"startTime": "datetime"}}},
            depends_on=("find_emails",),
        ),
        Step(
            id="create_event",
            intent="Create the event",
            tool="create_calendar_event",
            arguments={
                "input": {
                    "title": "Vendor fair",
                    "startTime": "{{extract_details.result.data.startTime}}",
                    "durationMinutes": 30,
                }
            },
            depends_on=("extract_details",),
        ),
    )
)


class _FixedPlan:
    name = "fixed"

    async def refine(self, text: str, understood: Understood, now: datetime) -> Understood:
        return replace(understood, plan=_PLAN, planner=self.name)


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
        store=store, runner=runner, planner=RequestPlanner(refiner=_FixedPlan()), settings=EngineSettings(), clock=clock
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
