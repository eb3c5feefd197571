"""Mail described by who sent it is mail received (issue 24): "read me what X sent yesterday" asks to read mail,
not to send any; the requester's own sending ("i sent"), a passive ("it's been sent") and a request to send that
names mail received ("send … the deck X sent") stay what they were."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planning.understanding.parser import GoalUnderstandingService

NOW = datetime(2026, 3, 2, 9, tzinfo=ZoneInfo("America/New_York"))


def _goal(text: str) -> tuple[str, str, tuple[str, ...]]:
    goal = GoalUnderstandingService().parse(text, NOW).meta.goals[0]
    return goal.intent, goal.entity, tuple(goal.slots.people)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("read out what greta sent this morning", "greta"),
        ("open whatever hugo sent about the venue", "hugo"),
        ("what's in the note omar sent on tuesday", "omar"),
    ],
)
def test_what_someone_sent_is_read_not_sent(text: str, who: str):
    intent, entity, people = _goal(text)
    assert (intent, entity) == ("find", "email")
    assert who in people


@pytest.mark.parametrize(
    "text",
    [
        "send greta the slides hugo sent last week",
        "reply to omar that the forms have been sent",
    ],
)
def test_a_request_to_send_that_names_mail_received_still_sends(text: str):
    assert _goal(text)[:2] == ("send", "email")


@pytest.mark.parametrize("text", ["fwd the renewal thread to greta", "fwd hugo's venue notes to omar pls"])
def test_fwd_opens_a_forward(text: str):
    goal = GoalUnderstandingService().parse(text, NOW).meta.goals[0]
    assert (goal.intent, goal.entity) == ("send", "email")
    assert goal.scope.get("forward")


@pytest.mark.parametrize(
    ("text", "sender", "topic"),
    [
        ("fwd hugo's venue notes to omar pls", "hugo", "venue notes"),
        ("forward omar's signed forms to dana", "omar", "signed forms"),
    ],
)
def test_the_owner_of_what_is_forwarded_is_its_sender_in_any_case(text: str, sender: str, topic: str):
    goal = GoalUnderstandingService().parse(text, NOW).meta.goals[0]
    assert goal.scope.get("forward_from") == sender
    assert goal.slots.topic == topic


@pytest.mark.parametrize(
    ("text", "sender", "topic"),
    [
        ("what did greta say in her renewal email", "greta", "renewal"),
        ("what did hugo say in his venue shortlist mail?", "hugo", "venue shortlist"),
    ],
)
def test_what_someone_said_in_their_mail_is_read_by_its_sender_and_name(text: str, sender: str, topic: str):
    goal = GoalUnderstandingService().parse(text, NOW).meta.goals[0]
    assert (goal.intent, goal.entity) == ("find", "email")
    assert sender in goal.slots.people
    assert goal.slots.topic == topic
