"""``devtools.slack_conversations``: a conversation typed in a DM over signed Slack HTTP (or approved by a click on
the card) ends up in the local workspace, and the runner's checks fail when the workspace does not hold what is
expected."""

import json
from pathlib import Path
from typing import Any

import pytest

from devtools.slack_conversations import run_one, run_slack
from integrations.base.arguments import FetchCalendarEventsArgs
from integrations.local import open_workspace

TURNS = ["book a meeting with Tom on Thursday at 2pm", "yes"]
THURSDAY = {
    "start": "2026-03-05T00:00:00-05:00",
    "end": "2026-03-06T00:00:00-05:00",
    "attendee": "tom.reyes@example.com",
}


def _expect(start: str) -> list[dict[str, Any]]:
    return [{"tool": "fetch_calendar_events", "args": THURSDAY, "count": 1, "each": {"startTime": start}}]


@pytest.mark.parametrize("click_approvals", [False, True], ids=["typed", "clicked"])
async def test_a_meeting_booked_and_approved_in_a_dm_is_in_the_workspace(tmp_path: Path, click_approvals: bool):
    transcript = await run_slack(TURNS, tmp_path, click_approvals=click_approvals)
    assert ("> [clicks Approve] (yes)" in transcript) is click_approvals
    workspace = open_workspace(tmp_path / "workspace.sqlite3")
    try:
        found = await workspace.call("fetch_calendar_events", FetchCalendarEventsArgs.model_validate(THURSDAY))
    finally:
        workspace.close()
    assert [(event["startTime"], event["attendees"]) for event in found] == [
        ("2026-03-05T14:00:00-05:00", ["tom.reyes@example.com"])
    ]


async def test_a_wrong_expected_time_fails_the_conversation(tmp_path: Path):
    right, wrong = tmp_path / "right.json", tmp_path / "wrong.json"
    right.write_text(json.dumps({"id": "right", "turns": TURNS, "expect": _expect("2026-03-05T14:00:00-05:00")}))
    wrong.write_text(json.dumps({"id": "wrong", "turns": TURNS, "expect": _expect("2026-03-05T15:00:00-05:00")}))
    passed, failed = [await run_one(path, click_approvals=True) for path in (right, wrong)]
    assert passed.ok, passed.failures
    assert not failed.ok
    assert failed.failures[0].startswith("check 1: startTime='2026-03-05T14:00:00-05:00'")
    assert "Tom" in failed.transcript  # what the person saw, for --show


async def test_in_a_channel_the_card_goes_to_the_person_only_and_the_booking_lands(tmp_path: Path):
    """A mention in a channel, approved by a click: the transcript says who saw each message — the plan in the
    channel, the card with the event's details only in the person's DM — and the event is booked."""
    transcript = await run_slack(
        ["grab 30 min with tom thursday at 11", "yes"], tmp_path, click_approvals=True, channel=True
    )
    messages = _messages(transcript)
    cards = [text for text in messages if "Your approval is needed" in text]
    assert cards and all(text.startswith("[your DM]") for text in cards)
    in_channel = [text for text in messages if text.startswith("[posted in #C0GENERAL")]
    assert in_channel and not any("tom.reyes@example.com" in text for text in in_channel)
    workspace = open_workspace(tmp_path / "workspace.sqlite3")
    try:
        found = await workspace.call("fetch_calendar_events", FetchCalendarEventsArgs.model_validate(THURSDAY))
    finally:
        workspace.close()
    assert [event["startTime"] for event in found] == ["2026-03-05T11:00:00-05:00"]


def _messages(transcript: str) -> list[str]:
    """The bot's messages of a transcript, each with its lines, starting with who sees it."""
    out: list[str] = []
    for line in transcript.splitlines():
        if line.startswith("  ["):
            out.append(line.strip())
        elif line.startswith("  ") and out:
            out[-1] += "\n" + line.strip()
    return out
