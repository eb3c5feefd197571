"""Asides left out of a reply only where they mislead its reading (planning.understanding.commands.asides): a fact
that is itself a change of the record just made is no aside."""

from datetime import datetime
from zoneinfo import ZoneInfo

from planning.understanding.commands import Context, RecordChange, read_reply
from planning.understanding.parser import GoalUnderstandingService

AFTER_RECORD = Context(left=frozenset({"record"}))


def test_a_status_said_as_a_fact_beside_a_reason_and_a_phone_changes_both() -> None:
    said = "oh and she's already qualified, i spoke with her tues. her mobile is 212 555 0143"
    assert read_reply(said, AFTER_RECORD) == (RecordChange("status", "qualified", also=(("phone", "212 555 0143"),)),)


def test_a_reason_is_never_read_as_the_value_corrected() -> None:
    asked = Context(
        question="value",
        name="startTime",
        value_kind="datetime",
        open_plan=True,
        correctable=("datetime", "duration"),
        doing="create_calendar_event",
    )
    said = "oh hang on he's in a training till 4 that day, move it to thursday same time"
    assert all("training" not in getattr(command, "value", "") for command in read_reply(said, asked))
    said = "ah wait, he has a dentist appointment till noon that day, move it to thursday same time"
    assert all("dentist" not in str(command) for command in read_reply(said, asked))


def test_a_clause_that_names_the_title_is_never_an_aside() -> None:
    """A title said as such after the booking ("— the topic is X", "agenda is X") was cut as a comment beside the ask
    when its lead words outnumbered the title's: the event was called "Meeting with …"."""
    now = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))
    service = GoalUnderstandingService(rules_only=True)
    for said, wanted in (
        ("book 45 min with kofi wed at 2 — the topic is the data retention policy", "Data retention policy"),
        ("set up an hour with ines friday 10am, agenda is the new onboarding flow", "New onboarding flow"),
    ):
        [goal] = service.parse(said, now).goals
        assert goal.slots.title == wanted, said
