"""Event titles as colleagues type them in Slack (issue 23): whom after "w"/"w/" ("a call w the denver vendors"),
a topic after "re:", a kind of meeting kept beside its topic ("a sync about the q4 budget"), "w NAME" no title, a
pronoun ("… don't stress about it") no topic."""

import pytest

from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

pytestmark = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="the shared training data is not beside the checkout")


def title(text: str) -> str | None:
    parse = GoalUnderstandingService().parse(text, MONDAY_9AM)
    events = [g for g in parse.goals if (g.intent, g.entity) == ("create", "event")]
    assert len(events) == 1, parse.goals
    return events[0].slots.title


def test_whom_after_a_short_with_is_in_the_title():
    assert title("put a call w the denver vendors on my cal tues 9am") == "Call with the denver vendors"
    assert title("pls book a catch-up w/ the ops crew weds at 4") == "Catch-up with the ops crew"


def test_a_topic_after_re_colon_names_the_meeting():
    assert title("set up a meeting w/ ana fri 2pm re: hiring plan") == "Hiring plan"


def test_a_kind_of_meeting_is_kept_beside_its_topic():
    assert title("book a sync w/ lena about the q4 budget mon 10am") == "Sync about the q4 budget"
    assert title("grab a 1:1 w marco to go over his goals thurs 3pm") == "1:1 about his goals"


def test_with_someone_is_no_title():
    made = title("book 45 min w marco wed at 3")
    assert made is None or not made.lower().startswith("w ")


def test_a_pronoun_is_no_topic():
    made = title("set up a check-in w/ lena fri at 3, if she can't then don't stress about it")
    assert made is not None and "check-in" in made.lower()


def test_a_place_ends_where_the_topic_begins():
    for text, place in [
        ("book a sync w/ ana fri at 2 in room 5 regarding the offsite", "room 5"),
        ("grab a meeting w/ li and bo fri 10-11 in huddle room d re: budget", "huddle room d"),
    ]:
        assert GoalUnderstandingService().parse(text, MONDAY_9AM).goals[0].slots.location == place


def test_a_meeting_typed_short_is_a_meeting():
    assert title("set up a mtg w/ ana thurs 3-4:30") == "Meeting with ana"
