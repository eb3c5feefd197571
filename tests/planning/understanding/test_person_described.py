"""A clause beside a request that says who its person is ("…, she's our champion at initech") is a description, never
a request to make a record (commands.asides.describes_person, parser._described_only); beside a change of a record
it is that record's fields, as before."""

import pytest

from planning.understanding.commands.asides import describes_person, in_request
from planning.understanding.learned.data import SHARED_FILE
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

needs_model = pytest.mark.skipif(not SHARED_FILE.is_file(), reason="no shared training data beside the checkout")


def test_who_someone_is_is_a_description_and_how_they_are_is_not() -> None:
    assert describes_person("she is our main contact at initech")
    assert describes_person("they're the buyers on the umbrella deal")
    assert not describes_person("he's out on friday")
    assert not describes_person("she wants the deck")


def test_a_description_beside_a_booking_is_left_out_of_it() -> None:
    cut = in_request("set up a demo with maria on tuesday at 10. she is the lead buyer at initech")
    assert cut is not None and "initech" not in cut[0] and cut[1] == ("she is the lead buyer at initech",)


@needs_model
def test_a_record_named_only_in_a_description_makes_no_record() -> None:
    for said in (
        "schedule a 45 min call w peter gibbons thursday at 2. he's the initech lead in our crm",
        "book a demo with sam park fri 10am, he is a new lead from the webinar",
        "add a call with sam park fri 10am, he's our new lead from initech",
    ):
        goals = GoalUnderstandingService().parse(said, MONDAY_9AM).goals
        assert [(g.intent, g.entity) for g in goals] == [("create", "event")], said
        assert goals[0].slots.when is not None and goals[0].slots.when.start.hour in (10, 14), said


@needs_model
def test_a_description_beside_a_change_of_a_record_is_still_its_fields() -> None:
    [goal] = GoalUnderstandingService().parse("update peter, he's the initech lead now", MONDAY_9AM).goals
    assert goal.entity in ("lead", "contact")
