"""The tagger's date spans fed to the grammar (issue 23, contract §2.4): a bare period the tagger reads as a date
("for the month") is the current one; a request with no time gets none from it.

Uses the project's slot tagger (trained from ../shared/eval/hwu_train.jsonl and data/own_slots_*.jsonl)."""

from datetime import datetime

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from planning.understanding.tagged_times import with_tagged
from planning.understanding.timeexpr import read_times
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


@pytest.mark.parametrize(
    ("text", "kind"),
    [("wipe my calendar for the month", ("delete", "event")), ("what do i have on for the month", ("find", "event"))],
)
def test_a_bare_period_the_tagger_reads_as_a_date_is_the_current_one(text: str, kind: tuple[str, str]):
    goal = GoalUnderstandingService().parse(text, MONDAY_9AM).goals[0]
    assert (goal.intent, goal.entity) == kind
    assert goal.slots.when is not None
    assert (goal.slots.when.start.date(), goal.slots.when.end.date()) == (
        datetime(2026, 3, 1).date(),
        datetime(2026, 4, 1).date(),
    )


def test_what_the_grammar_read_is_kept_and_nothing_is_added_without_a_date():
    said = "lunch with maria friday at 1"
    read = read_times(said, MONDAY_9AM)
    assert with_tagged(said, read, MONDAY_9AM, "future") == read
    assert (
        with_tagged(
            "email the deck to the team", read_times("email the deck to the team", MONDAY_9AM), MONDAY_9AM, "future"
        ).times
        == []
    )
