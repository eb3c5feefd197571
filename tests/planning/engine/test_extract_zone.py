"""A plan that reads values out of emails runs ``extract`` in the requester's zone, not the server's."""

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import cast

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

EMAILS = [
    {
        "id": "m1",
        "date": "2026-02-27T16:00:00-05:00",
        "subject": "Partner summit",
        "snippet": "The partner summit is on Thursday 12 March...",
        "body": "The partner summit is on Thursday 12 March at 10:00 at the Hilton, see you there",
    }
]


def mail_to_event_plan(query: str, title: str, minutes: int) -> Plan:
    """Find the mail about ``query``, read its start, book ``title`` for ``minutes`` at that start."""
    return Plan(
        steps=(
            Step(
                id="find_emails",
                intent=f"Find the emails about the {query}",
                tool="fetch_emails",
                arguments={"input": {"query": query, "includeBody": True}},
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
                        "title": title,
                        "startTime": "{{extract_details.result.data.startTime}}",
                        "durationMinutes": minutes,
                    }
                },
                depends_on=("extract_details",),
            ),
        )
    )


PLAN = mail_to_event_plan("partner summit", "Partner summit", 180)


class FixedPlan:
    """A plan refiner that always gives its plan (so the test does not depend on how a request is understood)."""

    name = "fixed"

    def __init__(self, plan: Plan = PLAN) -> None:
        self._plan = plan

    async def refine(self, text: str, understood: Understood, now: datetime) -> Understood:
        return replace(understood, plan=self._plan, planner=self.name)


async def _no_sleep(_: float) -> None:
    return None


async def test_extract_runs_in_the_requesters_zone(tmp_path: Path) -> None:
    store = await SqlitePlanStore.open(tmp_path / "plans.sqlite3")
    clock = ManualClock()
    mail = ScriptedConnector({"fetch_emails": EMAILS})
    extractor = OfflineExtractor(clock=clock, zone="UTC")  # the server's zone; the requester is in New York
    registry = ConnectorRegistry(CATALOG, [cast(Connector, mail), extractor])
    runner = ToolRunner(registry, RetryPolicy(jitter=False), sleep=_no_sleep)
    planner = RequestPlanner(refiner=FixedPlan())
    engine = Conversation(store=store, runner=runner, planner=planner, settings=EngineSettings(), clock=clock)
    try:
        replies = await engine.message(
            thread_key="terminal:t1",
            user="alice",
            text="put the partner summit from the emails on my calendar",
            tz="America/New_York",
        )
        ask = approval(replies)
        assert ask.tool == "create_calendar_event"
        assert ask.arguments["startTime"] == "2026-03-12T10:00:00-04:00"
        assert ask.arguments["durationMinutes"] == 180
    finally:
        await store.close()
