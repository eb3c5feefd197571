"""A booking right after a reply that asked the person about a meeting: "her" / "him" is the person replied to (the
sender of the mail, by address alone), and the event is titled by what the meeting was for and lasts as long as was
asked (planning.engine.meeting_booked, followups.people_of for a reply)."""

from pathlib import Path

from tests.bot.test_chat import chat
from tests.bot.test_chat_v2 import events


def test_a_meeting_asked_about_in_a_reply_is_booked_with_its_purpose_and_the_person_replied_to(tmp_path: Path):
    output = chat(
        tmp_path,
        "reply to peter's pilot feedback email: thanks, we're checking the extension. "
        "can you also ask whether he has 45 minutes wednesday to walk through the reporting module",
        "a",
        "go ahead and put it on my calendar wed at 2pm and invite him",
        "a",
    )
    assert output.count("Finished") == 2, output
    [event] = events(tmp_path, start="2026-03-04T14:00:00-05:00", end="2026-03-04T15:00:00-05:00")
    assert event["attendees"] == ["peter.gibbons@initech.com"]
    assert "reporting module" in event["title"].lower()
    assert event["endTime"].startswith("2026-03-04T14:45")
