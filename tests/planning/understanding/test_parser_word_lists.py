"""The words the goal parser still looks for (a clause that only amends the one before, a reply verb, a pronoun
that points back) are cue lists read over tokens (issue 23), not regexes."""

import pytest

from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


@pytest.mark.parametrize(
    "text",
    [
        "book a vendor review with Ines on friday at 11. make it last 75 minutes",
        "book a vendor review with Ines on friday at 11. for 75 minutes",
    ],
)
def test_a_clause_that_only_gives_a_length_amends_the_booking_before(text: str) -> None:
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    assert [(g.intent, g.entity) for g in parse.goals] == [("create", "event")]
    assert parse.goals[0].slots.duration_minutes == 75


def test_a_pronoun_with_a_verb_joined_on_is_still_no_person() -> None:
    parse = GoalUnderstandingService().parse("email Ines that she's on the vendor review", MONDAY_9AM)
    people = [p.lower() for g in parse.goals for p in g.slots.people]
    assert "ines" in people and not any(p.startswith("she") for p in people)
