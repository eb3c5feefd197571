"""Local calendar specifics: offsets of the workspace's zone, attendee names through the CRM, updates."""

from pathlib import Path

import pytest

from integrations.base import NotFoundError
from integrations.local import LocalWorkspace, LocalWorkspaceSettings, open_workspace
from tests.integrations.contract_suite import run

THIS_WEEK = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-04:00"}


async def titles(workspace: LocalWorkspace, **filters: object) -> list[str]:
    return [event["title"] for event in await run(workspace, "fetch_calendar_events", **filters)]


async def test_times_come_out_with_the_offset_in_force_that_day(empty_workspace: LocalWorkspace) -> None:
    before = await run(
        empty_workspace, "create_calendar_event", title="a", startTime="2026-03-06T15:00:00Z", durationMinutes=30
    )
    after = await run(
        empty_workspace, "create_calendar_event", title="b", startTime="2026-03-09T14:00:00+00:00", durationMinutes=30
    )
    assert (before["startTime"], before["endTime"]) == ("2026-03-06T10:00:00-05:00", "2026-03-06T10:30:00-05:00")
    assert (after["startTime"], after["endTime"]) == ("2026-03-09T10:00:00-04:00", "2026-03-09T10:30:00-04:00")


async def test_an_event_over_the_dst_jump_lasts_its_real_duration(empty_workspace: LocalWorkspace) -> None:
    event = await run(
        empty_workspace,
        "create_calendar_event",
        title="night shift",
        startTime="2026-03-08T01:00:00-05:00",
        durationMinutes=120,
    )
    assert (event["startTime"], event["endTime"]) == ("2026-03-08T01:00:00-05:00", "2026-03-08T04:00:00-04:00")


async def test_attendee_by_first_name_finds_either_john(workspace: LocalWorkspace) -> None:
    assert await titles(workspace, attendee="John", **THIS_WEEK) == [
        "Weekly standup",
        "Team sync",
        "Globex pricing review",
    ]
    assert await titles(workspace, attendee="John Park", **THIS_WEEK) == ["Globex pricing review"]
    assert await titles(workspace, attendee="laura.chen@acme.com", **THIS_WEEK) == [
        "Acme call",
        "Acme quarterly business review",
    ]
    assert await titles(workspace, attendee="Nobody Known", **THIS_WEEK) == []


async def test_limit_keeps_the_earliest(workspace: LocalWorkspace) -> None:
    assert await titles(workspace, limit=2, **THIS_WEEK) == ["Weekly standup", "Acme call"]


async def test_an_update_can_clear_attendees_and_location(workspace: LocalWorkspace) -> None:
    (call,) = await run(workspace, "fetch_calendar_events", query="Acme call")
    updated = await run(workspace, "update_calendar_event", eventId=call["id"], attendees=[], location=None)
    assert updated == {**call, "attendees": [], "location": None}


async def test_an_update_replaces_the_attendees_in_their_order(workspace: LocalWorkspace) -> None:
    (one_on_one,) = await run(workspace, "fetch_calendar_events", query="1:1")
    new = ["sarah.lee@example.com", "priya.shah@example.com"]
    updated = await run(workspace, "update_calendar_event", eventId=one_on_one["id"], attendees=new)
    assert updated["attendees"] == new
    assert await titles(workspace, attendee="Sarah", query="1:1") == ["1:1 with Priya"]


@pytest.mark.parametrize("event_id", ["event-999", "msg-1", "7", "event-"])
async def test_ids_of_no_event_are_not_found(workspace: LocalWorkspace, event_id: str) -> None:
    with pytest.raises(NotFoundError, match="no calendar event"):
        await run(workspace, "update_calendar_event", eventId=event_id, title="x")
    with pytest.raises(NotFoundError):
        await run(workspace, "delete_calendar_event", eventId=event_id)


async def test_the_time_zone_is_a_setting(tmp_path: Path) -> None:
    settings = LocalWorkspaceSettings(time_zone="Europe/London", demo_data=False)
    with open_workspace(tmp_path / "london.sqlite3", settings=settings) as workspace:
        winter = await run(
            workspace, "create_calendar_event", title="w", startTime="2026-03-20T09:00:00-04:00", durationMinutes=30
        )
        summer = await run(
            workspace, "create_calendar_event", title="s", startTime="2026-03-30T09:00:00-04:00", durationMinutes=30
        )
    assert winter["startTime"] == "2026-03-20T13:00:00+00:00"
    assert summer["startTime"] == "2026-03-30T14:00:00+01:00"
