"""An invitation answered in other words than 'accept' or 'decline' (issue 23): 'say maybe to', 'mark me as
tentative', 'put me down as maybe', 'won't make it to', 'cant attend' change my side of the event, with that answer;
a 'maybe' that answers nothing is no answer."""

import pytest

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

INDEX = NameIndex([("Vendor onboarding call", "event"), ("Board prep", "event"), ("Hiring debrief", "event")])


def answer(text: str) -> tuple[str, str, object, str | None]:
    [goal] = GoalUnderstandingService(rules_only=True, grounding=INDEX).parse(text, MONDAY_9AM).goals
    return goal.intent, goal.entity, goal.scope.get("response"), goal.slots.topic


@pytest.mark.parametrize(
    ("text", "response", "topic"),
    [
        ("say maybe to the hiring debrief", "tentative", "Hiring debrief"),
        ("mark me as tentative for board prep", "tentative", "Board prep"),
        ("put me down as maybe for the vendor onboarding call", "tentative", "Vendor onboarding call"),
        ("i won't make it to the hiring debrief", "declined", "Hiring debrief"),
        ("cant attend board prep tmrw", "declined", "Board prep"),
        ("accepts the vendor onboarding call", "accepted", "Vendor onboarding call"),
    ],
)
def test_an_answer_in_other_words_changes_my_side_of_the_event(text: str, response: str, topic: str) -> None:
    assert answer(text) == ("update", "event", response, topic)


def test_maybe_that_answers_no_invitation_is_no_answer() -> None:
    intent, _, response, _ = answer("maybe email dana the board prep notes")
    assert intent != "update" and response is None
