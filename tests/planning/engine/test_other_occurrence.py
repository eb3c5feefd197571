"""At the card of a delete of an event a search found, another occurrence said by its day ("no, the one on the 10th")
plans the request again on that day: the new card acts on that day's event, the first one is left alone."""

from planning.engine.replies import AskApproval
from tests.fakes import ScriptedConnector
from tests.planning.engine.calendar_stand_in import StandInCalendar
from tests.planning.engine.conftest import PRIYA, Harness, approval


def _review(event_id: str, day: str) -> dict[str, object]:
    return {
        "id": event_id,
        "title": "Design review",
        "startTime": f"2026-03-{day}T10:00:00-0{5 if day < '08' else 4}:00",
        "endTime": f"2026-03-{day}T10:30:00-0{5 if day < '08' else 4}:00",
        "attendees": ["priya.shah@example.com"],
    }


async def test_another_occurrence_said_at_a_delete_card_is_the_one_deleted(harness: Harness) -> None:
    calendar = StandInCalendar(events=[_review("ev-3", "03"), _review("ev-10", "10")])
    harness.connector = ScriptedConnector({"fetch_entity": [PRIYA], **calendar.responses()})
    harness.engine = harness.build()
    first = approval(await harness.say("delete the design review"))
    assert first.target is not None and "Tue 3 Mar" in first.target.heading

    replies = await harness.say("no, not that one - tuesday the 10th's. i'm away that week")
    second = approval(replies)
    assert second.target is not None and "Tue 10 Mar" in second.target.heading
    assert not any(isinstance(r, AskApproval) and r.session_id == first.session_id for r in replies)
    await harness.approve([second])
    assert harness.connector.called("delete_calendar_event") == [{"eventId": "ev-10"}]
