"""Names typed in lower case in a title or a subject are written as the requester's records write them; a name no
record has, or one typed with capitals, stays as typed."""

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM

NAMES = NameIndex([("Ines Okafor", "contact"), ("McAllister Freight", "account"), ("Q2 review w/ Ines", "event")])


def slots(text: str, grounding: NameIndex | None = NAMES):
    [goal] = GoalUnderstandingService(rules_only=True, grounding=grounding).parse(text, MONDAY_9AM).goals
    return goal.slots


def test_a_person_of_the_records_typed_in_lower_case_is_titled_as_the_record_writes_her() -> None:
    assert slots("set up a catch-up with ines on friday at 2pm").title == "Catch-up with Ines"


def test_a_company_of_the_records_keeps_its_inner_capitals_in_a_task_subject() -> None:
    assert slots("add a task to chase mcallister freight on thursday").subject == "Chase McAllister Freight"


def test_without_a_record_the_name_stays_as_typed() -> None:
    assert slots("set up a catch-up with ines on friday at 2pm", grounding=None).title == "Catch-up with ines"
    assert slots("set up a catch-up with rowan on friday at 2pm").title == "Catch-up with rowan"


def test_a_name_typed_with_capitals_is_kept_as_typed() -> None:
    assert slots("set up a catch-up with INES on friday at 2pm").title == "Catch-up with INES"
