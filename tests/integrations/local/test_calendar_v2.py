"""Local calendar v2: the recurring team sync, occurrences vs series, invitations, declines, every-word queries."""

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from integrations.base import NotFoundError, PermanentError
from integrations.local import LocalWorkspace
from tests.integrations.contract_suite import run

WEEK = {"start": "2026-03-02T00:00:00-05:00", "end": "2026-03-09T00:00:00-04:00"}
SPRING = {"start": "2026-02-01T00:00:00-05:00", "end": "2026-06-01T00:00:00-04:00"}


async def syncs(workspace: LocalWorkspace, **window: Any) -> list[dict[str, Any]]:
    return list(await run(workspace, "fetch_calendar_events", query="team sync", **(window or SPRING)))


async def test_the_team_sync_is_weekly_at_ten_local_time_with_an_id_per_occurrence(workspace: LocalWorkspace) -> None:
    found = await syncs(workspace)
    assert len(found) == 12
    assert [event["startTime"] for event in found[:4]] == [
        "2026-02-18T10:00:00-05:00",
        "2026-02-25T10:00:00-05:00",
        "2026-03-04T10:00:00-05:00",
        "2026-03-11T10:00:00-04:00",
    ]
    series = found[0]["seriesId"]
    assert all(
        event["seriesId"] == series and event["recurrence"] == "FREQ=WEEKLY;BYDAY=WE;COUNT=12" for event in found
    )
    assert found[2]["id"] == f"{series}_20260304T150000Z" and len({event["id"] for event in found}) == 12


async def test_a_range_overlapping_an_occurrence_finds_it(workspace: LocalWorkspace) -> None:
    inside = await syncs(workspace, start="2026-03-04T10:15:00-05:00", end="2026-03-04T10:20:00-05:00")
    assert [event["startTime"] for event in inside] == ["2026-03-04T10:00:00-05:00"]
    assert await syncs(workspace, start="2026-03-04T10:30:00-05:00", end="2026-03-04T11:00:00-05:00") == []


async def test_deleting_an_occurrence_cancels_that_week_only(workspace: LocalWorkspace) -> None:
    this_week = (await syncs(workspace, **WEEK))[0]
    assert await run(workspace, "delete_calendar_event", eventId=this_week["id"]) == {"id": this_week["id"]}
    assert await syncs(workspace, **WEEK) == []
    assert len(await syncs(workspace)) == 11
    free = await run(
        workspace,
        "find_free_slots",
        durationMinutes=30,
        windowStart="2026-03-04T10:00:00-05:00",
        windowEnd="2026-03-04T10:30:00-05:00",
    )
    assert free == [{"start": "2026-03-04T10:00:00-05:00", "end": "2026-03-04T10:30:00-05:00"}]
    with pytest.raises(NotFoundError):
        await run(workspace, "delete_calendar_event", eventId=this_week["id"])


async def test_deleting_the_series_removes_every_occurrence(workspace: LocalWorkspace) -> None:
    first, second, *_ = await syncs(workspace)
    await run(workspace, "update_calendar_event", eventId=second["id"], title="Team sync (moved)", shiftMinutes=30)
    assert await run(workspace, "delete_calendar_event", eventId=first["seriesId"]) == {"id": first["seriesId"]}
    assert await syncs(workspace) == []
    with pytest.raises(NotFoundError):
        await run(workspace, "update_calendar_event", eventId=first["id"], title="x")


async def test_changing_the_series_changes_every_occurrence_but_its_own_edits(workspace: LocalWorkspace) -> None:
    first, second, *_ = await syncs(workspace)
    await run(workspace, "update_calendar_event", eventId=second["id"], title="Team sync: planning")
    series = await run(
        workspace, "update_calendar_event", eventId=first["seriesId"], location="Room 5", shiftMinutes=30
    )
    assert series["id"] == first["seriesId"] and series["startTime"] == "2026-02-18T10:30:00-05:00"
    found = await syncs(workspace)
    assert [(event["title"], event["startTime"], event["location"]) for event in found[:3]] == [
        ("Team sync", "2026-02-18T10:30:00-05:00", "Room 5"),
        ("Team sync: planning", "2026-02-25T10:30:00-05:00", "Room 5"),  # follows the series, keeps its own title
        ("Team sync", "2026-03-04T10:30:00-05:00", "Room 5"),
    ]
    assert found[1]["id"] == f"{first['seriesId']}_20260225T153000Z"
    await run(
        workspace,
        "update_calendar_event",
        eventId=first["seriesId"],
        title="Team meeting",
        addAttendees=["maria.garcia@example.com"],
    )
    renamed = await run(workspace, "fetch_calendar_events", query="team", **SPRING)
    assert [event["title"] for event in renamed[:3]] == ["Team meeting", "Team sync: planning", "Team meeting"]
    assert all("maria.garcia@example.com" in event["attendees"] for event in renamed)


async def test_moving_a_weekly_series_to_another_day_moves_its_rule(workspace: LocalWorkspace) -> None:
    (first, *_) = await syncs(workspace)
    moved = await run(
        workspace, "update_calendar_event", eventId=first["seriesId"], startTime="2026-02-19T09:00:00-05:00"
    )
    assert moved["recurrence"] == "FREQ=WEEKLY;BYDAY=TH;COUNT=12"
    this_week = await syncs(workspace, **WEEK)
    assert [event["startTime"] for event in this_week] == ["2026-03-05T09:00:00-05:00"]


async def test_a_series_starts_at_the_first_time_its_rule_allows(empty_workspace: LocalWorkspace) -> None:
    created = await run(
        empty_workspace,
        "create_calendar_event",
        title="Planning",
        startTime="2026-03-03T10:00:00-05:00",  # a Tuesday
        durationMinutes=30,
        recurrence="RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20260311",
    )
    assert (created["startTime"], created["recurrence"]) == (
        "2026-03-04T10:00:00-05:00",
        "FREQ=WEEKLY;BYDAY=WE;UNTIL=20260311",
    )
    found = await run(empty_workspace, "fetch_calendar_events", query="planning")
    assert [event["startTime"] for event in found] == ["2026-03-04T10:00:00-05:00", "2026-03-11T10:00:00-04:00"]


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("FREQ=WEEKLY;COUNT=2;UNTIL=20260401", "COUNT or UNTIL"),
        ("FREQ=WEEKLY;BYDAY=XX", "cannot be read"),
        ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "daily, weekly, monthly or yearly"),
        ("FREQ=DAILY;BYMONTH=2,4;BYMONTHDAY=31,-31", "never occurs"),  # found without searching for ever
    ],
)
async def test_a_rule_it_cannot_follow_is_refused(empty_workspace: LocalWorkspace, rule: str, message: str) -> None:
    with pytest.raises(PermanentError, match=message):
        await run(
            empty_workspace,
            "create_calendar_event",
            title="x",
            startTime="2026-03-03T10:00:00-05:00",
            durationMinutes=30,
            recurrence=rule,
        )
    assert await run(empty_workspace, "fetch_calendar_events") == []


async def test_an_invitation_is_answered_not_changed(workspace: LocalWorkspace) -> None:
    (review,) = await run(workspace, "fetch_calendar_events", query="launch review")
    assert (review["organizer"], review["myResponse"]) == ("tom.reyes@example.com", "needsAction")
    assert "me@example.com" in review["attendees"]
    with pytest.raises(PermanentError, match=re.escape("tom.reyes@example.com organises 'Launch review'")):
        await run(workspace, "update_calendar_event", eventId=review["id"], shiftMinutes=30)
    accepted = await run(workspace, "respond_to_event", eventId=review["id"], response="accepted", comment="See you")
    assert accepted == {**review, "myResponse": "accepted"}


async def test_a_declined_invitation_stays_listed_but_is_not_busy(workspace: LocalWorkspace) -> None:
    (review,) = await run(workspace, "fetch_calendar_events", query="launch review")
    window = {"windowStart": "2026-03-06T10:00:00-05:00", "windowEnd": "2026-03-06T11:00:00-05:00"}
    assert await run(workspace, "find_free_slots", durationMinutes=60, **window) == []
    await run(workspace, "respond_to_event", eventId=review["id"], response="declined")
    (shown,) = await run(workspace, "fetch_calendar_events", query="launch review")
    assert shown["myResponse"] == "declined"
    assert len(await run(workspace, "find_free_slots", durationMinutes=60, **window)) == 1


async def test_deleting_an_invitation_declines_it_and_takes_it_off_the_calendar(
    workspace: LocalWorkspace, database_path: Path
) -> None:
    (review,) = await run(workspace, "fetch_calendar_events", query="acme quarterly")
    assert await run(workspace, "delete_calendar_event", eventId=review["id"]) == {"id": review["id"]}
    assert await run(workspace, "fetch_calendar_events", query="acme quarterly") == []
    with pytest.raises(NotFoundError):
        await run(workspace, "respond_to_event", eventId=review["id"], response="accepted")
    with sqlite3.connect(database_path) as raw:
        row = raw.execute(
            "SELECT my_response, removed FROM events WHERE id = ?", [int(review["id"].removeprefix("event-"))]
        ).fetchone()
    assert row == ("declined", 1)  # kept as the answer the organiser gets


async def test_answering_ones_own_event_is_refused(workspace: LocalWorkspace) -> None:
    (call,) = await run(workspace, "fetch_calendar_events", query="acme call")
    with pytest.raises(PermanentError, match="you organise 'Acme call'"):
        await run(workspace, "respond_to_event", eventId=call["id"], response="declined")


async def test_query_words_match_titles_in_any_order(workspace: LocalWorkspace) -> None:
    found = await run(workspace, "fetch_calendar_events", query="call Acme", **WEEK)
    assert [event["title"] for event in found] == ["Acme call"]
    found = await run(workspace, "fetch_calendar_events", query="review", **WEEK)
    assert [event["title"] for event in found] == [
        "Globex pricing review",
        "Acme quarterly business review",
        "Launch review",
    ]


@pytest.mark.parametrize("event_id", ["event-11_20260305T150000Z", "event-2_20260302T143000Z", "event-11_x"])
async def test_an_occurrence_id_off_the_rule_is_not_found(workspace: LocalWorkspace, event_id: str) -> None:
    with pytest.raises(NotFoundError, match="no calendar event"):
        await run(workspace, "update_calendar_event", eventId=event_id, title="x")
