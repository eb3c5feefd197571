"""Right before an approved change of an existing thing runs, the thing is read again: when it changed since its card
was shown, nothing runs and the card comes back with the new state; when it is gone, the step is skipped. What the
card showed is kept with the approval in the store, so this holds across a restart."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from integrations.base import CATALOG
from integrations.base.registry import ConnectorRegistry
from planning.engine.conversation import Conversation
from planning.engine.replies import Reply, Say, ShowPlan
from planning.engine.runner import ToolRunner
from planning.engine.settings import EngineSettings
from planning.store import PlanStore, open_store
from tests.fakes import ManualClock, ScriptedConnector
from tests.planning.engine.calendar_stand_in import StandInCalendar
from tests.planning.engine.conftest import NY, PRIYA, Harness, approval
from tests.planning.engine.test_conflicts import ACME_CALL

GLOBEX_DEAL = {"id": "deal-2", "name": "Globex deal", "company": "Globex", "amount": 125000, "stage": "proposal"}


def said(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies if isinstance(r, Say))


async def test_an_event_moved_since_the_card_is_shown_again_after_a_restart(harness: Harness):
    calendar = StandInCalendar(events=[dict(ACME_CALL)])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    first = approval(await harness.say("push the Acme call back 45 minutes"))
    assert first.target is not None and "11:00–11:45" in first.target.facts[0]

    calendar.events[0].update(startTime="2026-03-03T12:00:00-05:00", endTime="2026-03-03T12:45:00-05:00")
    harness.engine = harness.build()  # a restart between the card and the click
    replies = await harness.approve([first])
    assert harness.connector.called("update_calendar_event") == []
    assert "“Acme call” changed since you saw it" in said(replies)
    assert "Tue 3 Mar, 11:00 EST → Tue 3 Mar, 12:00 EST" in said(replies)
    second = approval(replies)
    assert second.target is not None and "12:00–12:45" in second.target.facts[0]
    assert [c.after for c in second.target.changes] == ["Tue 3 Mar, 12:45–13:30 EST"]

    stale_click = await harness.approve([first])  # the old card, clicked again: never the new one
    assert harness.connector.called("update_calendar_event") == [] and "changed since you saw it" in said(stale_click)
    await harness.approve([second])
    [moved] = harness.connector.called("update_calendar_event")
    assert moved == {"eventId": "ev-acme", "shiftMinutes": 45}


async def test_an_event_deleted_since_the_card_is_skipped(harness: Harness):
    calendar = StandInCalendar(events=[dict(ACME_CALL)])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    card = approval(await harness.say("delete the Acme call"))
    calendar.events.clear()
    replies = await harness.approve([card])
    assert harness.connector.called("delete_calendar_event") == []
    assert "“Acme call” no longer exists (deleted since you saw it), so I skipped" in said(replies)
    [plan] = [r for r in replies if isinstance(r, ShowPlan)]
    assert plan.view.state == "done" and not plan.view.intentions[0].achieved


async def test_a_deal_whose_stage_changed_shows_the_new_stage_before_the_change(harness: Harness):
    deals = [dict(GLOBEX_DEAL)]
    harness.connector = ScriptedConnector({"fetch_entity": lambda _args: [dict(d) for d in deals]})
    harness.engine = harness.build()
    card = approval(await harness.say("update the Globex deal stage to negotiation"))
    assert card.target is not None and [(c.before, c.after) for c in card.target.changes] == [
        ("Proposal", "Negotiation")
    ]
    deals[0]["stage"] = "closed_won"
    replies = await harness.approve([card])
    assert harness.connector.called("update_entity") == []
    assert "(stage: proposal → closed_won)" in said(replies)
    again = approval(replies)
    assert again.target is not None and [(c.before, c.after) for c in again.target.changes] == [
        ("Closed won", "Negotiation")
    ]
    await harness.approve(replies)
    assert harness.connector.called("update_entity") == [
        {"entityType": "Deal", "id": "deal-2", "fields": {"stage": "negotiation"}}
    ]


async def test_an_unchanged_target_runs_at_once(harness: Harness):
    calendar = StandInCalendar(events=[dict(ACME_CALL)])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    replies = await harness.approve(await harness.say("push the Acme call back 45 minutes"))
    assert "Finished" in said(replies)
    assert len(harness.connector.called("update_calendar_event")) == 1


THURSDAY = [
    {
        "id": "ev-1",
        "title": "1:1 with Priya",
        "startTime": "2026-03-05T14:00:00-05:00",
        "endTime": "2026-03-05T14:30:00-05:00",
    },
    {
        "id": "ev-2",
        "title": "Design review",
        "startTime": "2026-03-05T16:00:00-05:00",
        "endTime": "2026-03-05T17:00:00-05:00",
    },
]


async def test_items_gone_since_the_card_are_left_out_and_the_rest_run(harness: Harness):
    calendar = StandInCalendar(events=[dict(e) for e in THURSDAY])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    card = approval(await harness.say("delete all my meetings on Thursday"))
    assert [item.label.split(" · ")[0] for item in card.items] == ["1:1 with Priya", "Design review"]
    del calendar.events[0]
    replies = await harness.approve([card])
    assert "Left out “1:1 with Priya”: no longer there" in said(replies)
    assert harness.connector.called("delete_calendar_event") == [{"eventId": "ev-2"}]


async def test_an_item_moved_since_the_card_is_shown_again_before_any_runs(harness: Harness):
    calendar = StandInCalendar(events=[dict(e) for e in THURSDAY])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    card = approval(await harness.say("delete all my meetings on Thursday"))
    calendar.events[1].update(startTime="2026-03-05T11:00:00-05:00", endTime="2026-03-05T12:00:00-05:00")
    replies = await harness.approve([card])
    assert harness.connector.called("delete_calendar_event") == []
    assert "“Design review” changed since you saw it" in said(replies)
    again = approval(replies)
    assert "Thu 5 Mar, 11:00 EST" in again.items[1].label
    assert "changed since you saw it" in said(await harness.approve([card]))  # the old card approves nothing
    await harness.approve([again])
    assert [c["eventId"] for c in harness.connector.called("delete_calendar_event")] == ["ev-1", "ev-2"]


async def test_a_reply_to_an_email_deleted_since_the_card_is_skipped(harness: Harness):
    inbox = [
        {
            "id": "m-7",
            "threadId": "t-7",
            "from": "laura.chen@acme.com",
            "to": ["me@example.com"],
            "subject": "Contract redlines",
            "date": "2026-03-01T10:00:00-05:00",
            "snippet": "See the attached redlines",
            "unread": True,
            "attachments": [],
        }
    ]
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], "fetch_emails": lambda _args: list(inbox)})
    harness.engine = harness.build()
    card = approval(await harness.say("reply to the last email from Laura saying sounds good"))
    assert card.tool == "reply_email" and card.target is not None and card.target.name == "Contract redlines"
    inbox.clear()
    replies = await harness.approve([card])
    assert "“Contract redlines” no longer exists (deleted since you saw it), so I skipped" in said(replies)
    assert harness.connector.called("reply_email") == []


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "plans.sqlite3")
    else:
        yield request.getfixturevalue("postgres_url")


async def test_what_the_card_showed_outlives_the_process_in_either_store(location: str):
    calendar = StandInCalendar(events=[dict(ACME_CALL)])
    connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})

    async def process() -> tuple[Conversation, PlanStore]:
        store = await open_store(location)
        runner = ToolRunner(ConnectorRegistry(CATALOG, [connector]))
        return Conversation(store=store, runner=runner, settings=EngineSettings(), clock=ManualClock()), store

    first, store = await process()
    card = approval(await first.message(thread_key="terminal:t1", user="alice", text="delete the Acme call", tz=NY))
    await store.close()
    calendar.events[0].update(startTime="2026-03-03T15:00:00-05:00", endTime="2026-03-03T15:45:00-05:00")
    second, store = await process()
    try:
        replies = await second.decide(
            session_id=card.session_id, step_id=card.step_id, decision="approve", user="alice", args_hash=card.args_hash
        )
        assert "“Acme call” changed since you saw it" in said(replies)
        assert connector.called("delete_calendar_event") == []
    finally:
        await store.close()


async def test_a_card_shown_again_after_its_target_changed_is_never_approved_by_the_click_that_found_it(
    harness: Harness,
):
    """A first card that lists a later change: its approval approves that change too, but only once it runs. When the
    re-read finds the target changed, the card shown again waits for its own approval; the later change waits too."""
    calendar = StandInCalendar(events=[dict(ACME_CALL)])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    first = approval(await harness.say("push the Acme call back 45 minutes and email Priya that it moved"))
    assert first.then  # the card lists the email
    calendar.events[0].update(startTime="2026-03-03T12:00:00-05:00", endTime="2026-03-03T12:45:00-05:00")
    replies = await harness.approve([first])
    assert "changed since you saw it" in said(replies)
    assert approval(replies).step_id == first.step_id  # shown again, waiting
    assert harness.connector.called("update_calendar_event") == [] and harness.connector.called("send_email") == []
