"""A title said in quotes is the event's title, as quoted: without its quotation marks (straight or curly), its first
letter capitalised, a name of the records in it written as the record writes it."""

import pytest

from planning.understanding.grounding import NameIndex
from planning.understanding.parser import GoalUnderstandingService
from tests.planning.conftest import MONDAY_9AM


def title(text: str, grounding: NameIndex | None = None) -> str | None:
    [goal] = GoalUnderstandingService(rules_only=True, grounding=grounding).parse(text, MONDAY_9AM).goals
    return goal.slots.title


@pytest.mark.parametrize(
    ("said", "titled"),
    [
        ('put "vendor walkthrough" on my calendar thursday 4pm', "Vendor walkthrough"),
        ("schedule \u201cboard deck dry run\u201d friday at 11", "Board deck dry run"),
        ("book 'roadmap jam w/ design' tomorrow at 2pm", "Roadmap jam w/ design"),
    ],
)
def test_a_quoted_title_is_the_title_without_its_quotes(said: str, titled: str) -> None:
    assert title(said) == titled


def test_a_name_in_a_quoted_title_is_written_as_the_record_writes_it() -> None:
    names = NameIndex([("Ines Okafor", "contact")])
    assert title('book "pricing review w/ ines" friday at 2pm', names) == "Pricing review w/ Ines"
